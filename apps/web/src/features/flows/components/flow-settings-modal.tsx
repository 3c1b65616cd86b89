import type { ModalProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { FormModal, type FormModalProps } from '../../../ui/form/form-modal';
import { useFlowSettings } from '../queries';
import type { FlowSettings } from '../types';

interface FlowSettingsModalProps extends FormModalProps {
  title: string;
  size?: ModalProps['size'];
  /** The form, rendered once the company's flow settings (users, profiles, reasons) are loaded. */
  children: (settings: FlowSettings) => ReactNode;
}

/** A flow form modal: its selects need the flow settings, so the form waits for them. */
export function FlowSettingsModal({ opened, onClose, title, size, children }: FlowSettingsModalProps) {
  const settings = useFlowSettings();
  return (
    <FormModal opened={opened} onClose={onClose} title={title} size={size}>
      {settings.data && children(settings.data)}
    </FormModal>
  );
}
