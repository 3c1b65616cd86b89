import { NOTIFICATION_TIMEOUT_MS } from '@im/domain';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { LoadingBar } from '../ui/loading-bar';
import { ModalHost } from '../ui/modal-manager';
import { TOAST_POSITION } from '../ui/toasts';
import { cssVariablesResolver, theme } from './theme';

interface ProvidersProps {
  queryClient: QueryClient;
  children: ReactNode;
  /** 'test' turns off Mantine transitions and portals in unit tests. */
  env?: 'default' | 'test';
}

export function Providers({ queryClient, children, env = 'default' }: ProvidersProps) {
  return (
    <QueryClientProvider client={queryClient}>
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} env={env}>
        <Notifications position={TOAST_POSITION} autoClose={NOTIFICATION_TIMEOUT_MS} />
        <LoadingBar />
        {children}
        <ModalHost />
      </MantineProvider>
    </QueryClientProvider>
  );
}
