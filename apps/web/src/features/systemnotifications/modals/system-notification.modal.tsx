import { Modal } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../ui/toasts';
import { SystemNotificationForm } from '../components/system-notification-form';
import { type SystemNotificationRow, useSaveSystemNotification } from '../queries';

interface SystemNotificationModalProps {
  /** 'new', an existing notification to edit, or null when closed. */
  editing: SystemNotificationRow | 'new' | null;
  onClose: () => void;
}

export function SystemNotificationModal({ editing, onClose }: SystemNotificationModalProps) {
  const { t } = useTranslation();
  const save = useSaveSystemNotification();
  const existing = editing !== null && editing !== 'new' ? editing : undefined;
  return (
    <Modal
      opened={editing !== null}
      onClose={onClose}
      title={existing ? t('systemNotifications.editTitle') : t('systemNotifications.new')}
      size="lg"
      centered
    >
      {editing !== null && (
        <SystemNotificationForm
          key={existing?.id ?? 'new'}
          initial={existing && { content: existing.content, theme: existing.theme, active: existing.active }}
          isSaving={save.isPending}
          onCancel={onClose}
          onSubmit={(values, onError) =>
            save.mutate(
              { ...values, id: existing?.id },
              {
                onSuccess: () => {
                  toast.success(existing ? t('systemNotifications.saved') : t('systemNotifications.created'));
                  onClose();
                },
                onError,
              },
            )
          }
        />
      )}
    </Modal>
  );
}
