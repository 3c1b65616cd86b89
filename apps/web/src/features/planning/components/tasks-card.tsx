import type { Task } from '@im/domain';
import { ActionIcon, Button, Group, Menu, Select, Stack, Text, Tooltip } from '@mantine/core';
import { IconCheck, IconCloudUpload, IconCopy, IconMail, IconTemplate } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showActionError } from '../../../ui/alert-dialog';
import { useKeptChange } from '../../../ui/autosave/autosave-store';
import { formatDateTime, formatTime } from '../../../ui/format';
import { ListCard } from '../../../ui/list-card';
import { toast } from '../../../ui/toasts';
import { FlowMailModal } from '../../communication';
import { TaskModal } from '../modals/task.modal';
import {
  taskKeptKey,
  useAddFollowingUser,
  useCompleteTask,
  useDuplicateTask,
  usePlannableUsers,
  useStoreFromTemplate,
  useTasks,
  useTaskTemplates,
} from '../queries';
import { RowIcons } from './row-icons';
import { TaskContextLinks } from './task-contexts';
import { TaskBadges, useTaskDelete } from './task-parts';

/**
 * 'Afronden' on the card (decision 069): one tap between two visits, also without a connection (the
 * completion then waits on the device and the card says so).
 */
function CompleteTask({ task }: { task: Task }) {
  const { t } = useTranslation();
  const complete = useCompleteTask();
  const kept = useKeptChange(taskKeptKey(task.id));
  if (kept?.patch.status === 'afgerond')
    return (
      <Group gap={4} wrap="nowrap">
        <IconCloudUpload size={16} aria-hidden />
        <Text size="xs" fw={600}>
          {t('planning.tasks.completedWaiting')}
        </Text>
      </Group>
    );
  if (task.status === 'afgerond') return null;
  return (
    <Button
      size="xs"
      variant="light"
      leftSection={<IconCheck size={14} />}
      loading={complete.isPending}
      aria-label={`${t('planning.tasks.complete')}: ${task.description}`}
      onClick={() =>
        complete.mutate(task, {
          onSuccess: (done) =>
            done ? toast.success(t('planning.tasks.completed')) : toast.info(t('connection.keptTask')),
          onError: (e) => showActionError(e),
        })
      }
    >
      {t('planning.tasks.complete')}
    </Button>
  );
}

/** "Meewerkende collega": another user who follows this task's times. */
function AddFollower({ task }: { task: Task }) {
  const { t } = useTranslation();
  const users = usePlannableUsers(task.type).data ?? [];
  const add = useAddFollowingUser();
  const taken = new Set([task.user_id, ...task.following_tasks.map((f) => f.user_id)]);
  return (
    <Select
      size="xs"
      w={200}
      placeholder={t('planning.tasks.addFollower')}
      aria-label={`${t('planning.tasks.addFollower')}: ${task.description}`}
      data={users.filter((u) => !taken.has(u.id)).map((u) => ({ value: String(u.id), label: u.fullname }))}
      value={null}
      searchable
      onChange={(value) =>
        value &&
        add.mutate(
          { leading_task_id: task.id, user_id: Number(value) },
          {
            onSuccess: () => toast.success(t('planning.tasks.followerAdded')),
            onError: (e) => showActionError(e),
          },
        )
      }
    />
  );
}

/** The tasks of a flow: plan one from a template or from scratch, edit, duplicate, add a colleague, delete. */
export function TasksCard({ flowId, isReadOnly = false }: { flowId: number; isReadOnly?: boolean }) {
  const { t } = useTranslation();
  const tasks = useTasks({ status: 'all', flow_id: flowId }, { offset: 0, limit: 200 });
  const templates = useTaskTemplates();
  const fromTemplate = useStoreFromTemplate();
  const duplicate = useDuplicateTask();
  const onDelete = useTaskDelete();
  const [editing, setEditing] = useState<Task | null | undefined>(undefined);
  // The task a mail is being written about (sendable_task_id), null while none.
  const [mailing, setMailing] = useState<number | null>(null);

  const plan = (templateId: number) =>
    fromTemplate.mutate(
      { flow_id: flowId, tasktemplate_id: templateId },
      { onSuccess: () => toast.success(t('planning.tasks.planned')), onError: (e) => showActionError(e) },
    );

  return (
    <ListCard
      title={t('planning.tasks.title')}
      add={isReadOnly ? undefined : { label: t('planning.tasks.new'), onClick: () => setEditing(null) }}
      error={tasks.isError && t('planning.tasks.loadFailed')}
      isLoading={tasks.isPending}
      emptyText={tasks.data?.data.length === 0 && t('planning.tasks.empty')}
      headerExtra={
        !isReadOnly && (
          <Menu position="bottom-end">
            <Menu.Target>
              <Button size="xs" variant="light" leftSection={<IconTemplate size={14} />}>
                {t('planning.tasks.fromTemplate')}
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              {templates.data?.length === 0 && <Menu.Label>{t('planning.tasks.noTemplates')}</Menu.Label>}
              {templates.data?.map((template) => (
                <Menu.Item key={template.id} onClick={() => plan(template.id)}>
                  {template.description}
                </Menu.Item>
              ))}
            </Menu.Dropdown>
          </Menu>
        )
      }
      after={
        <>
          <FlowMailModal
            flowId={flowId}
            taskId={mailing ?? undefined}
            opened={mailing !== null}
            onClose={() => setMailing(null)}
          />
          <TaskModal
            opened={editing !== undefined}
            onClose={() => setEditing(undefined)}
            flowId={flowId}
            task={editing}
          />
        </>
      }
    >
      {tasks.data?.data.map((task) => (
        <Group key={task.id} justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
              {task.description}
            </Text>
            <TaskBadges task={task} />
            <Text size="xs" c="dimmed">
              {task.start_date ? `${formatDateTime(task.start_date)} – ${formatTime(task.end_date)}` : ''}
              {task.user_fullname ? ` · ${task.user_fullname}` : ''}
              {task.following_tasks.length > 0 &&
                ` · ${t('planning.tasks.followers')}: ${task.following_tasks.map((f) => f.user_fullname).join(', ')}`}
            </Text>
            <TaskContextLinks task={task} isReadOnly={isReadOnly} />
            {!isReadOnly && task.leading_task_id === null && <CompleteTask task={task} />}
            {!isReadOnly && task.leading_task_id === null && task.status !== 'afgerond' && (
              <AddFollower task={task} />
            )}
          </Stack>
          {!isReadOnly && (
            <RowIcons
              label={task.description}
              onEdit={() => setEditing(task)}
              onDelete={() => void onDelete(task)}
            >
              <Tooltip label={t('common.duplicate')}>
                <ActionIcon
                  variant="subtle"
                  size="lg"
                  aria-label={`${t('common.duplicate')}: ${task.description}`}
                  onClick={() =>
                    duplicate.mutate(task.id, {
                      onSuccess: () => toast.success(t('planning.tasks.duplicated')),
                      onError: (e) => showActionError(e),
                    })
                  }
                >
                  <IconCopy size={18} />
                </ActionIcon>
              </Tooltip>
              <Tooltip label={t('planning.tasks.mail')}>
                <ActionIcon
                  variant="subtle"
                  size="lg"
                  aria-label={`${t('planning.tasks.mail')}: ${task.description}`}
                  onClick={() => setMailing(task.id)}
                >
                  <IconMail size={18} />
                </ActionIcon>
              </Tooltip>
            </RowIcons>
          )}
        </Group>
      ))}
    </ListCard>
  );
}
