import { Button, Group, Modal, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { openModal } from './modal-manager';

export interface ConfirmOptions {
  title: string;
  message: string;
  confirmLabel?: string;
  cancelLabel?: string;
  isDanger?: boolean;
}

interface ConfirmDialogProps extends ConfirmOptions {
  onConfirm: () => void;
  onCancel: () => void;
}

export function ConfirmDialog({
  title,
  message,
  confirmLabel,
  cancelLabel,
  isDanger,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(true);
  const finish = (action: () => void) => {
    setOpened(false);
    action();
  };
  return (
    <Modal opened={opened} onClose={() => finish(onCancel)} title={title} centered>
      <Text mb="lg">{message}</Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={() => finish(onCancel)}>
          {cancelLabel ?? t('common.cancel')}
        </Button>
        <Button color={isDanger ? 'red' : undefined} onClick={() => finish(onConfirm)} data-autofocus>
          {confirmLabel ?? t('common.confirm')}
        </Button>
      </Group>
    </Modal>
  );
}

/** Resolves true when confirmed; cancel, Escape or a route change resolve false and do nothing else. */
export function confirm(options: ConfirmOptions): Promise<boolean> {
  return new Promise((resolve) => {
    openModal(
      (close) => (
        <ConfirmDialog
          {...options}
          onConfirm={() => {
            close();
            resolve(true);
          }}
          onCancel={() => {
            close();
            resolve(false);
          }}
        />
      ),
      () => resolve(false),
    );
  });
}
