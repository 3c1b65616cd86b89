import { formatDelay, type Task, type TaskContext } from '@im/domain';
import { ActionIcon, Alert, Anchor, Badge, Button, Group, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconCircleCheck, IconCircleDashed, IconPlus, IconTrash } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useConfirmedDelete } from '../../../ui/detail';
import { TaskContextModal } from '../modals/task-context.modal';
import {
  useRemoveTaskContext,
  useRemoveTaskContextType,
  useTaskContexts,
  useTaskContextTypes,
  useTaskEventTriggers,
} from '../task-context-queries';

/**
 * Where a context opens: a form copy in its intake or project, an aftercare form on the flow's aftercare
 * screen (`formId` picks the form), another on the flow; a document on its own screen. Null when gone.
 */
export function taskContextLink(c: TaskContext): string | null {
  if (c.kind === 'document') return c.document_id ? `/document_detail/${c.document_id}` : null;
  if (!c.flowdataitem_id || c.flow_id === null) return null;
  const form = `?formId=${c.vertical_id}`;
  if (c.flowdataitem_intake_id) return `/intake_detail/${c.flowdataitem_intake_id}${form}`;
  if (c.flowdataitem_project_id) return `/project_detail/${c.flowdataitem_project_id}${form}`;
  if (c.vertical_type === 'aftercare') return `/aftercare_detail/${c.flow_id}${form}`;
  return `/flow_detail/${c.flow_id}`;
}

function DoneMark({ context }: { context: TaskContext }) {
  const { t } = useTranslation();
  return context.done ? (
    <IconCircleCheck
      size={16}
      color="var(--mantine-color-green-8)"
      aria-label={t('planning.contexts.done')}
    />
  ) : (
    <IconCircleDashed
      size={16}
      color="var(--mantine-color-gray-7)"
      aria-label={t('planning.contexts.notDone')}
    />
  );
}

/** One context: a link that opens the form or document, its state in words (colour is never the only cue). */
function ContextLine({ context, onRemove }: { context: TaskContext; onRemove?: () => void }) {
  const { t } = useTranslation();
  const to = taskContextLink(context);
  const kind = context.kind === 'form' ? t('common.form') : t('common.document');
  return (
    <Group gap={6} wrap="nowrap" justify="space-between">
      {/* Wraps on a phone: the card leaves a narrow column next to the task's icons. */}
      <Group gap={4} wrap="wrap" style={{ minWidth: 0, rowGap: 0 }}>
        <DoneMark context={context} />
        <Text size="xs" c="dimmed">
          {kind}
        </Text>
        {to ? (
          <Anchor component={Link} to={to} size="sm" style={{ overflowWrap: 'anywhere' }}>
            {context.label}
          </Anchor>
        ) : (
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {context.label}
          </Text>
        )}
        <Badge
          size="sm"
          variant="light"
          color={context.done ? 'green.9' : 'gray'}
          c={context.done ? 'green.9' : 'dark'}
        >
          {context.state_label}
        </Badge>
      </Group>
      {onRemove && (
        <Tooltip label={t('planning.contexts.remove')}>
          <ActionIcon
            variant="subtle"
            color="red"
            size="lg"
            aria-label={`${t('planning.contexts.remove')}: ${context.label}`}
            onClick={onRemove}
          >
            <IconTrash size={16} />
          </ActionIcon>
        </Tooltip>
      )}
    </Group>
  );
}

/** The flow tasks card: the task's contexts as links, and a button to add one by hand. */
export function TaskContextLinks({ task, isReadOnly = false }: { task: Task; isReadOnly?: boolean }) {
  const { t } = useTranslation();
  const [adding, setAdding] = useState(false);
  const contexts = task.task_contexts ?? [];
  return (
    <Stack gap={2}>
      {contexts.map((c) => (
        <ContextLine key={c.id} context={c} />
      ))}
      {!isReadOnly && (
        <>
          <Button
            size="compact-xs"
            variant="subtle"
            leftSection={<IconPlus size={12} />}
            onClick={() => setAdding(true)}
            aria-label={`${t('planning.contexts.add')}: ${task.description}`}
            style={{ alignSelf: 'flex-start' }}
          >
            {t('planning.contexts.add')}
          </Button>
          <TaskContextModal opened={adding} onClose={() => setAdding(false)} task={task} />
        </>
      )}
    </Stack>
  );
}

/**
 * The frame both modals share: title, hint, the rows (or why there are none) and 'Toevoegen' with its
 * modal. `rows` renders each item with the confirmed removal it should offer.
 */
function ContextsFrame<T extends { id: number }>({
  task,
  hint,
  items,
  removeItem,
  row,
}: {
  task: Task;
  hint: string;
  items: { data?: T[]; isError: boolean };
  removeItem: (id: number, texts: { title: string; message: string; deleted: string }) => Promise<void>;
  row: (item: T, onRemove: () => void) => ReactNode;
}) {
  const { t } = useTranslation();
  const [adding, setAdding] = useState(false);
  return (
    <Stack gap="xs">
      <Title order={3} size="h5">
        {t('planning.contexts.title')}
      </Title>
      <Text size="xs" c="dimmed">
        {hint}
      </Text>
      {items.isError && <Alert color="red">{t('planning.contexts.loadFailed')}</Alert>}
      {items.data?.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('planning.contexts.empty')}
        </Text>
      )}
      {items.data?.map((item) =>
        row(
          item,
          () =>
            void removeItem(item.id, {
              title: t('planning.contexts.removeTitle'),
              message: t('planning.contexts.removeConfirm'),
              deleted: t('planning.contexts.removed'),
            }),
        ),
      )}
      <Button
        size="xs"
        variant="light"
        leftSection={<IconPlus size={14} />}
        onClick={() => setAdding(true)}
        style={{ alignSelf: 'flex-start' }}
      >
        {t('planning.contexts.add')}
      </Button>
      <TaskContextModal opened={adding} onClose={() => setAdding(false)} task={task} />
    </Stack>
  );
}

/** The task modal: the task's contexts, add one by hand and remove one (the form or document stays). */
export function TaskContextsSection({ task }: { task: Task }) {
  const { t } = useTranslation();
  const remove = useConfirmedDelete(useRemoveTaskContext());
  return (
    <ContextsFrame
      task={task}
      hint={t('planning.contexts.taskHint')}
      items={useTaskContexts(task.id)}
      removeItem={remove}
      row={(c, onRemove) => <ContextLine key={c.id} context={c} onRemove={onRemove} />}
    />
  );
}

/** The task template modal: the forms and documents a task planned from it prepares on the flow. */
export function TaskContextTypesSection({ template }: { template: Task }) {
  const { t } = useTranslation();
  const remove = useConfirmedDelete(useRemoveTaskContextType());
  return (
    <ContextsFrame
      task={template}
      hint={t('planning.contexts.templateHint')}
      items={useTaskContextTypes(template.id)}
      removeItem={remove}
      row={(c, onRemove) => (
        <Group key={c.id} gap={6} wrap="nowrap" justify="space-between">
          <Group gap={4} wrap="wrap" style={{ minWidth: 0, rowGap: 0 }}>
            <Text size="xs" c="dimmed">
              {c.kind === 'form' ? t('common.form') : t('common.document')}
            </Text>
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {c.label}
            </Text>
          </Group>
          <Tooltip label={t('planning.contexts.remove')}>
            <ActionIcon
              variant="subtle"
              color="red"
              size="lg"
              aria-label={`${t('planning.contexts.remove')}: ${c.label}`}
              onClick={onRemove}
            >
              <IconTrash size={16} />
            </ActionIcon>
          </Tooltip>
        </Group>
      )}
    />
  );
}

/** 'Bij afronden van deze taak': the company's workflow rules on the triggers a task fires. */
export function TaskRulesSection() {
  const { t } = useTranslation();
  const triggers = useTaskEventTriggers();
  const rules = (triggers.data ?? []).flatMap((trigger) => trigger.rules);
  return (
    <Stack gap="xs">
      <Title order={3} size="h5">
        {t('planning.contexts.rulesTitle')}
      </Title>
      {triggers.isError && <Alert color="red">{t('planning.contexts.rulesLoadFailed')}</Alert>}
      {triggers.isSuccess && rules.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('planning.contexts.rulesEmpty')}
        </Text>
      )}
      {rules.map((rule) => (
        <Stack key={rule.id} gap={0}>
          <Text size="sm">{rule.description.trim() || rule.type_label}</Text>
          <Text size="xs" c="dimmed">
            {[
              rule.type_label,
              rule.morph_label,
              rule.is_delayed && rule.delaytime !== 0
                ? t('planning.contexts.delayed', { delay: formatDelay(rule.delaytime) })
                : t('planning.contexts.immediately'),
              rule.conditions_count > 0
                ? t('planning.contexts.conditions', { count: rule.conditions_count })
                : null,
            ]
              .filter(Boolean)
              .join(' · ')}
          </Text>
        </Stack>
      ))}
    </Stack>
  );
}
