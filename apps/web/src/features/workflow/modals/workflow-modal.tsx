import { Modal, type ModalProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface Props {
  opened: boolean;
  onClose: () => void;
  title: ReactNode;
  size?: ModalProps['size'];
  children: ReactNode;
}

/**
 * The feature's dialogs: centred (a full-screen sheet on a phone, app/touch.css), the content mounted
 * only while open so each opening starts fresh, a stray click outside does not throw work away, and
 * the close button has a name for screen readers (axe: button-name).
 */
export function WorkflowModal({ opened, onClose, title, size, children }: Props) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      size={size}
      closeOnClickOutside={false}
      closeButtonProps={{ 'aria-label': t('common.close') }}
      centered
    >
      {opened && children}
    </Modal>
  );
}
