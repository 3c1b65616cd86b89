import { Modal, type ModalProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** What a screen hands to any of its form modals. */
export interface FormModalProps {
  opened: boolean;
  onClose: () => void;
}

interface Props extends FormModalProps {
  title: ReactNode;
  size?: ModalProps['size'];
  /** Off by default: a stray click next to the dialog would throw away what was typed. */
  closeOnClickOutside?: boolean;
  children: ReactNode;
}

/** A centred dialog whose form mounts only while open, so every opening starts from fresh values. */
export function FormModal({ opened, onClose, title, size, closeOnClickOutside = false, children }: Props) {
  const { t } = useTranslation();
  return (
    <Modal
      closeButtonProps={{ 'aria-label': t('common.close') }}
      opened={opened}
      onClose={onClose}
      title={title}
      size={size}
      closeOnClickOutside={closeOnClickOutside}
      centered
    >
      {opened && children}
    </Modal>
  );
}
