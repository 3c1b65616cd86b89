import type { Action } from '@im/domain';
import { Checkbox, Group, Stack, Switch, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showActionError } from '../../../ui/alert-dialog';
import { useConfirmedDelete } from '../../../ui/detail';
import { formatDateTime } from '../../../ui/format';
import { ListCard } from '../../../ui/list-card';
import { toast } from '../../../ui/toasts';
import { ActionModal } from '../modals/action.modal';
import { type PlanningOwner, useActions, useDeleteAction, useSaveAction } from '../queries';
import { ActionBadges } from './action-badges';
import { RowIcons } from './row-icons';

/** Completing or reopening an action by its checkbox (spec 001 section 4). */
export function useToggleAction() {
  const { t } = useTranslation();
  const save = useSaveAction();
  return (action: Action) =>
    save.mutate(
      { id: action.id, status: action.status === 'open' ? 'afgerond' : 'open' },
      {
        onSuccess: (next) =>
          toast.success(
            next.status === 'afgerond' ? t('planning.actions.completed') : t('planning.actions.reopened'),
          ),
        onError: (error) => showActionError(error),
      },
    );
}

export function useActionDelete() {
  const { t } = useTranslation();
  const confirmDelete = useConfirmedDelete(useDeleteAction());
  return (action: Action) =>
    confirmDelete(action.id, {
      title: t('planning.actions.deleteTitle'),
      message: t('common.deleteItemConfirm'),
      deleted: t('planning.actions.deleted'),
    });
}

/** One action as a row of a card: checkbox to complete, text, who and when, badges, edit and delete. */
export function ActionRow({
  action,
  onEdit,
  isReadOnly = false,
}: {
  action: Action;
  onEdit: (action: Action) => void;
  isReadOnly?: boolean;
}) {
  const { t } = useTranslation();
  const toggle = useToggleAction();
  const onDelete = useActionDelete();
  const isDone = action.status === 'afgerond';
  return (
    <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
      <Group align="flex-start" wrap="nowrap" gap="sm" style={{ minWidth: 0, flex: 1 }}>
        <Checkbox
          mt={4}
          size="md"
          checked={isDone}
          disabled={isReadOnly}
          aria-label={`${isDone ? t('planning.actions.reopen') : t('planning.actions.complete')}: ${action.description}`}
          onChange={() => toggle(action)}
        />
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Text size="sm" td={isDone ? 'line-through' : undefined} style={{ overflowWrap: 'anywhere' }}>
            {action.description}
          </Text>
          <Group gap="xs">
            <Text size="xs" c="dimmed">
              {formatDateTime(action.due_date)} ·{' '}
              {action.user_id === 0 ? t('planning.actions.general') : action.user_fullname}
            </Text>
            {!isDone && <ActionBadges action={action} />}
          </Group>
        </Stack>
      </Group>
      {!isReadOnly && (
        <RowIcons
          label={action.description}
          onEdit={() => onEdit(action)}
          onDelete={() => void onDelete(action)}
        />
      )}
    </Group>
  );
}

/** The actions of a relation (with its flows'), organization or flow. */
export function ActionsCard({ owner, isReadOnly = false }: { owner: PlanningOwner; isReadOnly?: boolean }) {
  const { t } = useTranslation();
  const [isShowingDone, setShowingDone] = useState(false);
  const actions = useActions(owner, isShowingDone ? 'all' : 'open');
  const [editing, setEditing] = useState<Action | null | undefined>(undefined);
  return (
    <ListCard
      title={t('common.actions')}
      add={isReadOnly ? undefined : { label: t('planning.actions.new'), onClick: () => setEditing(null) }}
      error={actions.isError && t('planning.actions.loadFailed')}
      isLoading={actions.isPending}
      emptyText={actions.data?.length === 0 && t('planning.actions.empty')}
      after={
        <>
          <Switch
            mt="md"
            size="sm"
            label={t('planning.actions.showDone')}
            checked={isShowingDone}
            onChange={(e) => setShowingDone(e.currentTarget.checked)}
          />
          <ActionModal
            opened={editing !== undefined}
            onClose={() => setEditing(undefined)}
            owner={owner}
            action={editing}
          />
        </>
      }
    >
      {actions.data?.map((action) => (
        <ActionRow key={action.id} action={action} onEdit={setEditing} isReadOnly={isReadOnly} />
      ))}
    </ListCard>
  );
}
