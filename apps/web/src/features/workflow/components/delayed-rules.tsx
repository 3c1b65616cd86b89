import type { DelayedRule } from '@im/domain';
import { ActionIcon, Group, Menu, Paper, Stack, Text, Title } from '@mantine/core';
import { IconClockEdit, IconDots, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfirmedDelete } from '../../../ui/detail';
import { formatDateTime } from '../../../ui/format';
import { DueAtModal } from '../modals/due-at.modal';
import { useDeleteDelayedRule } from '../queries';

/** 'Geplande regels': the flow's pending delayed rules with delete and 'Tijdstip wijzigen'. */
export function DelayedRules({
  flowId,
  delayed,
  isReadOnly,
}: {
  flowId: number;
  delayed: DelayedRule[];
  isReadOnly: boolean;
}) {
  const { t } = useTranslation();
  const [changing, setChanging] = useState<DelayedRule | null>(null);
  const confirmDelete = useConfirmedDelete(useDeleteDelayedRule(flowId));
  return (
    <Stack gap="xs">
      <Title order={3} size="h5">
        {t('workflow.pendingTitle')}
      </Title>
      {delayed.map((d) => {
        const name = d.rule_description || d.type_label;
        return (
          <Paper key={d.id} withBorder p="xs" radius="sm" data-testid={`delayed-${d.id}`}>
            <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
              <Stack gap={2} style={{ minWidth: 0 }}>
                <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                  {name}
                </Text>
                <Text size="xs" c="dimmed">
                  {d.event_trigger_description}
                </Text>
                <Text size="sm">{t('workflow.due', { date: formatDateTime(d.due_at) })}</Text>
              </Stack>
              {!isReadOnly && (
                <Menu position="bottom-end" withinPortal>
                  <Menu.Target>
                    <ActionIcon
                      variant="subtle"
                      color="gray"
                      size="lg"
                      aria-label={t('workflow.pendingActions', { name })}
                    >
                      <IconDots size={18} />
                    </ActionIcon>
                  </Menu.Target>
                  <Menu.Dropdown>
                    <Menu.Item leftSection={<IconClockEdit size={16} />} onClick={() => setChanging(d)}>
                      {t('workflow.changeDue')}
                    </Menu.Item>
                    <Menu.Item
                      color="red"
                      leftSection={<IconTrash size={16} />}
                      onClick={() =>
                        void confirmDelete(d.id, {
                          title: t('workflow.deletePendingTitle'),
                          message: t('workflow.deletePendingConfirm'),
                          deleted: t('workflow.pendingDeleted'),
                        })
                      }
                    >
                      {t('common.delete')}
                    </Menu.Item>
                  </Menu.Dropdown>
                </Menu>
              )}
            </Group>
          </Paper>
        );
      })}
      <DueAtModal delayed={changing} flowId={flowId} onClose={() => setChanging(null)} />
    </Stack>
  );
}
