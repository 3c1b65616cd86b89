import type { Action } from '@im/domain';
import { Alert, Button, Card, Checkbox, Group, Stack, Switch, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showActionError } from '../../../ui/alert-dialog';
import { useConfirmedDelete } from '../../../ui/detail';
import { formatDateTime } from '../../../ui/format';
import { LoadingBlock } from '../../../ui/loading-block';
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
    <Card withBorder padding="lg">
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4">
          {t('common.actions')}
        </Title>
        {!isReadOnly && (
          <Button
            size="xs"
            variant="light"
            leftSection={<IconPlus size={14} />}
            onClick={() => setEditing(null)}
          >
            {t('planning.actions.new')}
          </Button>
        )}
      </Group>
      {actions.isError && <Alert color="red">{t('planning.actions.loadFailed')}</Alert>}
      <LoadingBlock when={actions.isPending} />
      {actions.data?.length === 0 && <Text c="dimmed">{t('planning.actions.empty')}</Text>}
      <Stack gap="sm">
        {actions.data?.map((action) => (
          <ActionRow key={action.id} action={action} onEdit={setEditing} isReadOnly={isReadOnly} />
        ))}
      </Stack>
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
    </Card>
  );
}
