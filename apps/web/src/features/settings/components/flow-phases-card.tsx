import { FLOW_STAGE_LABELS, FLOW_STAGES, type FlowPhase, type FlowStage } from '@im/domain';
import { ActionIcon, ColorSwatch, Group, Select, Text } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconPencil, IconTrash } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showActionError } from '../../../ui/alert-dialog';
import { confirm } from '../../../ui/confirm-dialog';
import { CardActionsMenu } from '../../../ui/sortable/card-actions-menu';
import { SortableCard, SortableCardList } from '../../../ui/sortable/sortable-card-list';
import { toast } from '../../../ui/toasts';
import { FlowPhaseModal, type PhaseEditing } from '../modals/flow-phase.modal';
import { useFlowPhaseMutations } from '../queries';

/**
 * The sub-statuses (flow phases) of one stage: add, edit, delete (after asking; dossiers keep their
 * stage and lose the sub-status), and reorder by dragging (mouse, long press, keyboard) or the arrows.
 */
export function FlowPhasesCard({ phases }: { phases: readonly FlowPhase[] }) {
  const { t } = useTranslation();
  const [stage, setStage] = useState<FlowStage>('new');
  const [editing, setEditing] = useState<PhaseEditing>(null);
  const { remove, reorder } = useFlowPhaseMutations();
  const ofStage = phases.filter((p) => p.flowstage === stage);
  const [items, setItems] = useState<FlowPhase[]>(ofStage);
  const signature = ofStage.map((p) => `${p.id}:${p.order}:${p.description}:${p.color}`).join('|');
  // biome-ignore lint/correctness/useExhaustiveDependencies: the list follows the server's on every change of it
  useEffect(() => setItems(ofStage), [signature]);

  const save = (ordered: FlowPhase[]) => {
    const before = items;
    setItems(ordered);
    reorder.mutate(
      { flowstage: stage, ids: ordered.map((p) => p.id) },
      {
        onSuccess: () => toast.success(t('settings.phases.moved')),
        onError: (error) => {
          setItems(before);
          showActionError(error);
        },
      },
    );
  };
  const move = (index: number, by: -1 | 1) => {
    const next = [...items];
    const [item] = next.splice(index, 1);
    next.splice(index + by, 0, item!);
    save(next);
  };
  const onDelete = async (phase: FlowPhase) => {
    const isSure = await confirm({
      title: t('common.deleteNamed', { name: phase.description }),
      message: t('settings.phases.deleteConfirm', { name: phase.description }),
      confirmLabel: t('common.delete'),
      isDanger: true,
    });
    if (!isSure) return;
    remove.mutate(phase.id, {
      onSuccess: () => toast.success(t('settings.phases.deleted')),
      onError: (error) => showActionError(error),
    });
  };

  return (
    <SortableCardList
      title={t('settings.phases.title')}
      addLabel={t('settings.phases.add')}
      onAdd={() => setEditing({ stage, phase: null })}
      emptyText={t('settings.phases.empty')}
      dragInstructions={t('settings.phases.dragInstructions')}
      items={items}
      onMove={({ ordered }) => save(ordered)}
      extra={<FlowPhaseModal editing={editing} onClose={() => setEditing(null)} />}
      header={
        <Select
          label={t('settings.phases.stage')}
          data={FLOW_STAGES.map((s) => ({ value: s, label: FLOW_STAGE_LABELS[s] }))}
          value={stage}
          onChange={(value) => value && setStage(value as FlowStage)}
          allowDeselect={false}
          maw={320}
          mb="sm"
        />
      }
    >
      {items.map((phase, index) => (
        <SortableCard
          key={phase.id}
          id={phase.id}
          handleLabel={t('settings.phases.handle', { name: phase.description })}
          data={{ 'data-testid': 'flow-phase', 'data-index': index }}
        >
          <Group gap="xs" wrap="nowrap" style={{ flex: 1, minWidth: 0 }} mih={34}>
            <ColorSwatch color={phase.color} size={16} style={{ flexShrink: 0 }} />
            <Text size="sm" lineClamp={2} style={{ flex: 1, wordBreak: 'break-word' }}>
              {phase.description}
            </Text>
          </Group>
          <Group gap={2} wrap="nowrap">
            <ActionIcon
              variant="subtle"
              color="gray"
              size="lg"
              disabled={index === 0}
              aria-label={t('settings.phases.up', { name: phase.description })}
              onClick={() => move(index, -1)}
            >
              <IconArrowUp size={16} />
            </ActionIcon>
            <ActionIcon
              variant="subtle"
              color="gray"
              size="lg"
              disabled={index === items.length - 1}
              aria-label={t('settings.phases.down', { name: phase.description })}
              onClick={() => move(index, 1)}
            >
              <IconArrowDown size={16} />
            </ActionIcon>
            <CardActionsMenu
              label={t('settings.phases.more', { name: phase.description })}
              actions={[
                {
                  key: 'edit',
                  label: t('common.edit'),
                  Icon: IconPencil,
                  onClick: () => setEditing({ stage, phase }),
                },
                {
                  key: 'delete',
                  label: t('common.delete'),
                  Icon: IconTrash,
                  color: 'red',
                  onClick: () => void onDelete(phase),
                },
              ]}
            />
          </Group>
        </SortableCard>
      ))}
    </SortableCardList>
  );
}
