import { ActionIcon, Card, Group, Title, Tooltip } from '@mantine/core';
import { IconArrowBackUp, IconTrashX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { showActionError } from '../../../ui/alert-dialog';
import { confirm } from '../../../ui/confirm-dialog';
import { toast } from '../../../ui/toasts';
import { useForceDeleteFlow, useRestoreFlow } from '../queries';
import type { FlowRow } from '../types';
import { FlowTable } from './relation-flows';

/** Flows in the relation's trash: restore, or delete permanently after confirmation. */
export function TrashedFlows({ relationId, flows }: { relationId: number; flows: FlowRow[] }) {
  const { t } = useTranslation();
  const restore = useRestoreFlow(relationId);
  const forceDelete = useForceDeleteFlow(relationId);

  const onForceDelete = async (flow: FlowRow) => {
    const isConfirmed = await confirm({
      title: t('relations.forceDelete'),
      message: t('common.deleteItemConfirm'),
      confirmLabel: t('relations.forceDelete'),
      isDanger: true,
    });
    if (!isConfirmed) return;
    forceDelete.mutate(flow.id, {
      onSuccess: () => toast.success(t('relations.flowForceDeleted')),
      onError: (error) => showActionError(error),
    });
  };

  if (flows.length === 0) return null;
  return (
    <Card withBorder padding="lg">
      <Title order={2} size="h4" mb="sm">
        {t('relations.trashedFlowsTitle')}
      </Title>
      <FlowTable
        flows={flows}
        actions={(flow) => (
          <Group gap={4} justify="flex-end" wrap="nowrap">
            <Tooltip label={t('common.restore')}>
              <ActionIcon
                variant="subtle"
                aria-label={`${t('common.restore')}: #${flow.number}`}
                onClick={() =>
                  restore.mutate(flow.id, {
                    onSuccess: () => toast.success(t('relations.flowRestored')),
                    onError: (error) => showActionError(error),
                  })
                }
              >
                <IconArrowBackUp size={16} />
              </ActionIcon>
            </Tooltip>
            <Tooltip label={t('relations.forceDelete')}>
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={`${t('relations.forceDelete')}: #${flow.number}`}
                onClick={() => void onForceDelete(flow)}
              >
                <IconTrashX size={16} />
              </ActionIcon>
            </Tooltip>
          </Group>
        )}
      />
    </Card>
  );
}
