import { Alert } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';

/** The server's own message above a form (spec: a failed login shows the server's message). */
export function FormError({ message, title }: { message: string | null; title?: string }) {
  if (!message) return null;
  return (
    <Alert color="red" title={title} icon={<IconAlertCircle size={18} />} role="alert" mb="md">
      {message}
    </Alert>
  );
}
