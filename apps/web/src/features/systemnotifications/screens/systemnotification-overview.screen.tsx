import { ActionIcon, Alert, Badge, Button, Group, Stack, Switch, Text, Title, Tooltip } from '@mantine/core';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import 'mantine-datatable/styles.css';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showActionError } from '../../../ui/alert-dialog';
import { confirm } from '../../../ui/confirm-dialog';
import { ListTable } from '../../../ui/data-table/list-table';
import { formatDate } from '../../../ui/format';
import { themeAlertProps } from '../../../ui/theme-alert';
import { toast } from '../../../ui/toasts';
import { SystemNotificationModal } from '../modals/system-notification.modal';
import {
  type SystemNotificationRow,
  useDeleteSystemNotification,
  useSaveSystemNotification,
  useSystemNotifications,
} from '../queries';

export function SystemNotificationOverviewScreen() {
  const { t } = useTranslation();
  const notifications = useSystemNotifications();
  const save = useSaveSystemNotification();
  const remove = useDeleteSystemNotification();
  const [editing, setEditing] = useState<SystemNotificationRow | 'new' | null>(null);

  const onDelete = async (n: SystemNotificationRow) => {
    const isConfirmed = await confirm({
      title: t('systemNotifications.deleteTitle'),
      message: t('systemNotifications.deleteConfirm'),
      confirmLabel: t('common.delete'),
      isDanger: true,
    });
    if (!isConfirmed) return;
    remove.mutate(n.id, {
      onSuccess: () => toast.success(t('systemNotifications.deleted')),
      onError: (error) => showActionError(error),
    });
  };

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={1}>{t('systemNotifications.overviewTitle')}</Title>
        <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
          {t('systemNotifications.new')}
        </Button>
      </Group>
      {notifications.isError && <Alert color="red">{notifications.error.message}</Alert>}
      <ListTable<SystemNotificationRow>
        records={notifications.data ?? []}
        fetching={notifications.isFetching}
        noRecordsText={t('systemNotifications.empty')}
        columns={[
          {
            accessor: 'content',
            title: t('common.text'),
            render: (n) => (
              <Text size="sm" lineClamp={2} maw={520}>
                {n.content}
              </Text>
            ),
          },
          {
            accessor: 'theme',
            title: t('systemNotifications.theme'),
            render: (n) => (
              <Badge color={themeAlertProps(n.theme).color} variant="light">
                {t(`systemNotifications.themes.${n.theme}`, { defaultValue: n.theme })}
              </Badge>
            ),
          },
          {
            accessor: 'active',
            title: t('common.active'),
            render: (n) => (
              <Switch
                checked={n.active}
                aria-label={t('systemNotifications.toggleActive', { id: n.id })}
                onChange={(event) =>
                  save.mutate(
                    { id: n.id, content: n.content, theme: n.theme, active: event.currentTarget.checked },
                    { onError: (error) => showActionError(error) },
                  )
                }
              />
            ),
          },
          { accessor: 'created_at', title: t('common.createdAt'), render: (n) => formatDate(n.created_at) },
          {
            accessor: 'actions',
            title: t('common.actions'),
            textAlign: 'right',
            render: (n) => (
              <Group gap={4} justify="flex-end" wrap="nowrap">
                <Tooltip label={t('common.edit')}>
                  <ActionIcon
                    variant="subtle"
                    aria-label={`${t('common.edit')} ${n.id}`}
                    onClick={() => setEditing(n)}
                  >
                    <IconPencil size={16} />
                  </ActionIcon>
                </Tooltip>
                <Tooltip label={t('common.delete')}>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={`${t('common.delete')} ${n.id}`}
                    onClick={() => void onDelete(n)}
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                </Tooltip>
              </Group>
            ),
          },
        ]}
      />
      <SystemNotificationModal editing={editing} onClose={() => setEditing(null)} />
    </Stack>
  );
}
