import { useState } from 'react';
import { RouterProvider } from 'react-router';
import { type AuthAnswer, rememberLogin } from '../features/auth';
import { usePageScale } from './page-scale';
import { Providers } from './providers';
import { createQueryClient } from './query-client';
import { createAppRouter } from './router';

/** `login`: the answer of a login on the first screen (login-first), whose session the app takes over. */
export function App({ login }: { login?: AuthAnswer } = {}) {
  const [queryClient] = useState(() => {
    const client = createQueryClient();
    if (login) rememberLogin(client, login);
    return client;
  });
  const [router] = useState(createAppRouter);
  usePageScale();
  return (
    <Providers queryClient={queryClient}>
      <RouterProvider router={router} />
    </Providers>
  );
}
