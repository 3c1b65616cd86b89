import { Alert } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { isApiError } from '../../../api/client';

/** Shows the server's own message (spec: login failure shows the server message). */
export function FormError({ error, title }: { error: unknown; title: string }) {
  if (!error) return null;
  const message = isApiError(error) || error instanceof Error ? error.message : String(error);
  return (
    <Alert color="red" title={title} icon={<IconAlertCircle size={18} />} role="alert" mb="md">
      {message}
    </Alert>
  );
}
