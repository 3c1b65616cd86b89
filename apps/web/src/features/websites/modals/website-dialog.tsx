import { Modal, type ModalProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { useWebsiteTexts } from '../i18n';

/**
 * The websites' dialogs: centred, content mounted only while open (fresh values every time), no
 * closing by a stray click beside it, and a close button with a name for screen readers.
 */
export function WebsiteDialog({
  opened,
  onClose,
  title,
  size,
  children,
}: {
  opened: boolean;
  onClose: () => void;
  title: ReactNode;
  size?: ModalProps['size'];
  children: ReactNode;
}) {
  const tx = useWebsiteTexts();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      size={size}
      closeOnClickOutside={false}
      closeButtonProps={{ 'aria-label': tx.close }}
      centered
    >
      {opened && children}
    </Modal>
  );
}
