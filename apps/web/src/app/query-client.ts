import { QueryClient } from '@tanstack/react-query';
import { isApiError } from '../api/client';

// A 4xx will not change by asking again; network trouble and 5xx get one more try.
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: (failures, error) =>
          !(isApiError(error) && error.status >= 400 && error.status < 500) && failures < 1,
        refetchOnWindowFocus: false,
        // A read is tried once without a connection: work taken along answers from its kept copy
        // (decision 060); without one the query pauses until the connection is back.
        networkMode: 'offlineFirst',
      },
      // A change is tried at once, also when the browser says it is offline (decision 069): a photo, a note
      // or 'Afronden' then waits in the device's outbox, any other save says there is no connection. A
      // paused save would spin until the connection returns and then change something the user left.
      mutations: { retry: false, networkMode: 'always' },
    },
  });
}
