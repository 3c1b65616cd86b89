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
      mutations: { retry: false },
    },
  });
}
