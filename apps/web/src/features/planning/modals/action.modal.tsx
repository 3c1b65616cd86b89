import {
  ACTION_PRIORITIES,
  ACTION_PRIORITY_LABELS,
  type Action,
  type ActionPriority,
  fromAmsterdamInput,
  inOrder,
  newActionDefaults,
  PLANNING_MESSAGES,
  toAmsterdamInput,
  zCreateAction,
} from '@im/domain';
import { Select, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FormActions } from '../../../ui/form/form-actions';
import { FormError } from '../../../ui/form/form-error';
import { FormModal, type FormModalProps } from '../../../ui/form/form-modal';
import { schemaError } from '../../../ui/form/schema-error';
import { useAppForm } from '../../../ui/form/use-app-form';
import { linkedDateChange } from '../components/linked-dates';
import { useUserOptions } from '../components/user-options';
import { type PlanningOwner, useSaveAction } from '../queries';

interface ActionModalProps extends FormModalProps {
  owner?: PlanningOwner;
  /** Edit this action; a new one when absent. */
  action?: Action | null;
}

/** Action create and edit (spec 001 "Action create and edit"). */
export function ActionModal({ opened, onClose, owner, action }: ActionModalProps) {
  const { t } = useTranslation();
  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title={action ? t('planning.actions.edit') : t('planning.actions.new')}
      size="lg"
    >
      <ActionForm owner={owner} action={action ?? null} onDone={onClose} />
    </FormModal>
  );
}

type Values = {
  description: string;
  user_id: string;
  due_date: string;
  overdue_date: string;
  priority: string;
};

function ActionForm({
  owner,
  action,
  onDone,
}: {
  owner?: PlanningOwner;
  action: Action | null;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const save = useSaveAction();
  const isOnFlow = Boolean(owner && 'flow_id' in owner) || Boolean(action?.flow_id);
  const users = useUserOptions(t, { everyone: t('planning.actions.general'), caseHandler: isOnFlow });
  const defaults = newActionDefaults(new Date());
  const { form, inputProps, onSubmit, formError, saveCallbacks } = useAppForm<Values>({
    initialValues: {
      description: action?.description ?? '',
      user_id: String(action?.user_id ?? 0),
      due_date: toAmsterdamInput(action?.due_date ?? defaults.due_date),
      overdue_date: toAmsterdamInput(action?.overdue_date ?? defaults.overdue_date),
      priority: action?.priority ?? defaults.priority,
    },
    validate: (v) => {
      const due = fromAmsterdamInput(v.due_date);
      const overdue = fromAmsterdamInput(v.overdue_date);
      return {
        description: schemaError(zCreateAction.shape.description, v.description),
        due_date: !due
          ? t('common.required')
          : overdue && !inOrder(due, overdue)
            ? PLANNING_MESSAGES.dueAfterOverdue
            : undefined,
        overdue_date: overdue ? undefined : t('common.required'),
      };
    },
  });

  // Spec 001 section 4: moving the due date moves the overdue date by the same interval.
  const onDueChange = linkedDateChange(form, 'due_date', 'overdue_date');

  const submit = onSubmit((v) => {
    const body = {
      description: v.description,
      user_id: Number(v.user_id),
      due_date: fromAmsterdamInput(v.due_date)!,
      overdue_date: fromAmsterdamInput(v.overdue_date)!,
      priority: v.priority as ActionPriority,
    };
    save.mutate(
      action ? { id: action.id, ...body } : { ...owner, ...body },
      saveCallbacks(t('planning.actions.saved'), onDone),
    );
  });

  return (
    <form noValidate onSubmit={submit}>
      <FormError message={formError} />
      <Stack gap="sm">
        <Textarea
          label={t('common.description')}
          autosize
          minRows={2}
          maxRows={8}
          required
          data-autofocus
          {...inputProps('description')}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <Select
            label={t('planning.actions.user')}
            data={users}
            allowDeselect={false}
            searchable
            {...inputProps('user_id')}
          />
          <Select
            label={t('planning.actions.priority')}
            data={ACTION_PRIORITIES.map((p) => ({ value: p, label: ACTION_PRIORITY_LABELS[p] }))}
            allowDeselect={false}
            {...inputProps('priority')}
          />
          <TextInput
            type="datetime-local"
            label={t('planning.actions.dueDate')}
            required
            {...inputProps('due_date')}
            onChange={(e) => onDueChange(e.currentTarget.value)}
          />
          <TextInput
            type="datetime-local"
            label={t('planning.actions.overdueDate')}
            required
            {...inputProps('overdue_date')}
          />
        </SimpleGrid>
        <FormActions onCancel={onDone} isPending={save.isPending} mt="sm" />
      </Stack>
    </form>
  );
}
