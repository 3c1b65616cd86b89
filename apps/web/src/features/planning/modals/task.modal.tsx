import {
  fromAmsterdamInput,
  inOrder,
  TASK_MESSAGES,
  TASK_STATUS_LABELS,
  TASK_STATUSES,
  TASK_TYPE_COLORS,
  TASK_TYPE_LABELS,
  TASK_TYPES,
  type Task,
  type TaskStatus,
  type TaskType,
  taskEndFor,
  toAmsterdamInput,
  zCreateTask,
} from '@im/domain';
import {
  ColorInput,
  Divider,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FormActions } from '../../../ui/form/form-actions';
import { FormError } from '../../../ui/form/form-error';
import { FormModal, type FormModalProps } from '../../../ui/form/form-modal';
import { schemaError } from '../../../ui/form/schema-error';
import { useAppForm } from '../../../ui/form/use-app-form';
import { TaskContextsSection, TaskContextTypesSection, TaskRulesSection } from '../components/task-contexts';
import { usePlannableUsers, useSaveTask, useUsedTaskColors } from '../queries';

interface TaskModalProps extends FormModalProps {
  /** The flow a new task is for; none for a template. */
  flowId?: number;
  isTemplate?: boolean;
  /** Edit this task; a new one when absent. */
  task?: Task | null;
}

/** Task and task template create and edit (spec 001 "Task, task template"). */
export function TaskModal({ opened, onClose, flowId, isTemplate = false, task }: TaskModalProps) {
  const { t } = useTranslation();
  const template = task?.is_template ?? isTemplate;
  const title = template
    ? task
      ? t('planning.tasks.editTemplate')
      : t('planning.tasks.newTemplate')
    : task
      ? t('planning.tasks.edit')
      : t('planning.tasks.new');
  return (
    <FormModal opened={opened} onClose={onClose} title={title} size="lg">
      <TaskForm flowId={flowId} isTemplate={template} task={task ?? null} onDone={onClose} />
      <Stack gap="md" mt="lg">
        <Divider />
        {template && task && <TaskContextTypesSection template={task} />}
        {template && !task && (
          <Text size="sm" c="dimmed">
            {t('planning.contexts.saveTemplateFirst')}
          </Text>
        )}
        {!template && task && <TaskContextsSection task={task} />}
        {!template && <TaskRulesSection />}
      </Stack>
    </FormModal>
  );
}

type Values = {
  description: string;
  type: string;
  status: string;
  user_id: string;
  start_date: string;
  end_date: string;
  color: string;
  duration: number | string;
  amountofpeople: number | string;
  location: string;
  attendees: string;
};

function TaskForm({
  flowId,
  isTemplate,
  task,
  onDone,
}: {
  flowId?: number;
  isTemplate: boolean;
  task: Task | null;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const save = useSaveTask();
  const colors = useUsedTaskColors().data ?? [];
  const { form, values, inputProps, onSubmit, formError, saveCallbacks } = useAppForm<Values>({
    initialValues: {
      description: task?.description ?? '',
      type: task?.type ?? 'overig',
      status: task?.status ?? 'open',
      user_id: task?.user_id ? String(task.user_id) : '',
      start_date: task?.start_date ? toAmsterdamInput(task.start_date) : '',
      end_date: task?.end_date ? toAmsterdamInput(task.end_date) : '',
      color: task?.color ?? '',
      duration: task?.duration ?? '',
      amountofpeople: task?.amountofpeople ?? 1,
      location: task?.location ?? '',
      attendees: task?.attendees ?? '',
    },
    validate: (v) => {
      const start = v.start_date ? fromAmsterdamInput(v.start_date) : null;
      const end = v.end_date ? fromAmsterdamInput(v.end_date) : null;
      return {
        description: schemaError(zCreateTask.shape.description, v.description),
        end_date: start && end && !inOrder(start, end) ? TASK_MESSAGES.endBeforeStart : undefined,
        color: v.color && !/^#[0-9a-fA-F]{6}$/.test(v.color) ? 'Kies een kleur als #rrggbb.' : undefined,
      };
    },
  });
  const plannable = usePlannableUsers(values.type as TaskType).data ?? [];

  // Spec 001 section 4: a new start keeps the previous duration, or one hour.
  const onStartChange = (next: string) => {
    const previousStart = values.start_date ? fromAmsterdamInput(values.start_date) : null;
    const previousEnd = values.end_date ? fromAmsterdamInput(values.end_date) : null;
    const nextIso = next ? fromAmsterdamInput(next) : null;
    form.setFieldValue('start_date', next);
    if (nextIso)
      form.setFieldValue('end_date', toAmsterdamInput(taskEndFor(previousStart, previousEnd, nextIso)));
  };

  const submit = onSubmit((v) => {
    const number = (value: number | string) => (value === '' ? null : Number(value));
    const body = {
      description: v.description,
      type: v.type as TaskType,
      status: v.status as TaskStatus,
      user_id: v.user_id ? Number(v.user_id) : null,
      start_date: v.start_date ? fromAmsterdamInput(v.start_date) : null,
      end_date: v.end_date ? fromAmsterdamInput(v.end_date) : null,
      color: v.color || null,
      duration: number(v.duration),
      amountofpeople: number(v.amountofpeople) ?? 1,
      location: v.location,
      attendees: v.attendees,
    };
    const callbacks = saveCallbacks(t('planning.tasks.saved'), onDone);
    if (task) save.mutate({ id: task.id, ...body }, callbacks);
    else save.mutate({ ...body, ...(isTemplate ? { is_template: true } : { flow_id: flowId }) }, callbacks);
  });

  return (
    <form noValidate onSubmit={submit}>
      <FormError message={formError} />
      <Stack gap="sm">
        <Textarea
          label={t('common.description')}
          autosize
          minRows={2}
          maxRows={6}
          required
          data-autofocus
          {...inputProps('description')}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <Select
            label={t('planning.tasks.type')}
            data={TASK_TYPES.map((type) => ({ value: type, label: TASK_TYPE_LABELS[type] }))}
            allowDeselect={false}
            {...inputProps('type')}
          />
          <Select
            label={t('common.status')}
            data={TASK_STATUSES.map((status) => ({ value: status, label: TASK_STATUS_LABELS[status] }))}
            allowDeselect={false}
            {...inputProps('status')}
          />
          <Select
            label={t('planning.tasks.user')}
            placeholder={t('planning.tasks.noUser')}
            data={plannable.map((u) => ({ value: String(u.id), label: u.fullname }))}
            clearable
            searchable
            {...inputProps('user_id')}
          />
          <ColorInput
            label={t('planning.tasks.color')}
            description={t('planning.tasks.colorHint')}
            placeholder={TASK_TYPE_COLORS[values.type as TaskType]}
            format="hex"
            swatches={[...new Set([...Object.values(TASK_TYPE_COLORS), ...colors])]}
            {...inputProps('color')}
          />
          {!isTemplate && (
            <>
              <TextInput
                type="datetime-local"
                label={t('common.start')}
                {...inputProps('start_date')}
                onChange={(e) => onStartChange(e.currentTarget.value)}
              />
              <TextInput type="datetime-local" label={t('common.end')} {...inputProps('end_date')} />
            </>
          )}
          <NumberInput
            label={t('planning.tasks.duration')}
            min={0}
            step={15}
            allowDecimal={false}
            {...inputProps('duration')}
          />
          <NumberInput
            label={t('planning.tasks.people')}
            min={1}
            max={100}
            allowDecimal={false}
            {...inputProps('amountofpeople')}
          />
          <TextInput label={t('common.location')} {...inputProps('location')} />
          <TextInput label={t('planning.tasks.attendees')} {...inputProps('attendees')} />
        </SimpleGrid>
        <FormActions onCancel={onDone} isPending={save.isPending} mt="sm" />
      </Stack>
    </form>
  );
}
