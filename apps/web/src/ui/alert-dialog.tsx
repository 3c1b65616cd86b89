import { Button, Group, Modal, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../api/client';
import { openModal } from './modal-manager';
import { toast } from './toasts';

export interface AlertOptions {
  title?: string;
  message: string;
}

function AlertDialog({ title, message, onClose }: AlertOptions & { onClose: () => void }) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(true);
  const close = () => {
    setOpened(false);
    onClose();
  };
  return (
    <Modal opened={opened} onClose={close} title={title ?? t('ui.alertTitle')} centered>
      <Text mb="lg" role="alert">
        {message}
      </Text>
      <Group justify="flex-end">
        <Button onClick={close} data-autofocus>
          {t('ui.ok')}
        </Button>
      </Group>
    </Modal>
  );
}

/** A message the user must acknowledge (spec 000 section 8: "alert 'Perhaps not such a good idea.'"). */
export function showAlert(options: AlertOptions): Promise<void> {
  return new Promise((resolve) => {
    openModal(
      (close) => (
        <AlertDialog
          {...options}
          onClose={() => {
            close();
            resolve();
          }}
        />
      ),
      resolve,
    );
  });
}

/**
 * A failed action: a refusal of the server (409, e.g. the protected company or user 1) is shown as
 * an alert with the server's own text; anything else as an error toast.
 */
export function showActionError(error: unknown, title?: string): void {
  const message = error instanceof Error ? error.message : String(error);
  if (isApiError(error, 409)) void showAlert({ message });
  else toast.error(message, title);
}
