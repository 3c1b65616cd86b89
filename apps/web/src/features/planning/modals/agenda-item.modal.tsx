import {
  type AgendaItem,
  fromAmsterdamInput,
  inOrder,
  newAgendaItemTimes,
  PLANNING_MESSAGES,
  toAmsterdamInput,
  zCreateAgendaItem,
} from '@im/domain';
import { Select, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FormActions } from '../../../ui/form/form-actions';
import { FormError } from '../../../ui/form/form-error';
import { FormModal, type FormModalProps } from '../../../ui/form/form-modal';
import { schemaError } from '../../../ui/form/schema-error';
import { useAppForm } from '../../../ui/form/use-app-form';
import { useSession } from '../../auth';
import { linkedDateChange } from '../components/linked-dates';
import { useUserOptions } from '../components/user-options';
import { type PlanningOwner, useSaveAgendaItem } from '../queries';

interface AgendaItemModalProps extends FormModalProps {
  owner?: PlanningOwner;
  /** Edit this item; a new one when absent. */
  item?: AgendaItem | null;
  /** A new item's times (a slot chosen in the calendar); default now and an hour later. */
  slot?: { start: Date; end: Date } | null;
  onSaved?: (item: AgendaItem) => void;
}

/** Agenda item create and edit (spec 001 "Agenda item create, create by relation, add, edit"). */
export function AgendaItemModal({ opened, onClose, owner, item, slot, onSaved }: AgendaItemModalProps) {
  const { t } = useTranslation();
  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title={item ? t('planning.agenda.edit') : t('planning.agenda.new')}
      size="lg"
    >
      <AgendaItemForm
        owner={owner}
        item={item ?? null}
        slot={slot ?? null}
        onDone={onClose}
        onSaved={onSaved}
      />
    </FormModal>
  );
}

type Values = {
  title: string;
  start_date: string;
  end_date: string;
  user_id: string;
  location: string;
  attendees: string;
  description: string;
};

function AgendaItemForm({
  owner,
  item,
  slot,
  onDone,
  onSaved,
}: {
  owner?: PlanningOwner;
  item: AgendaItem | null;
  slot: { start: Date; end: Date } | null;
  onDone: () => void;
  onSaved?: (item: AgendaItem) => void;
}) {
  const { t } = useTranslation();
  const session = useSession();
  const save = useSaveAgendaItem();
  const users = useUserOptions(t, { everyone: t('planning.agenda.noUser') });
  const times = slot ? { start_date: slot.start, end_date: slot.end } : newAgendaItemTimes(new Date());
  const { form, inputProps, onSubmit, formError, saveCallbacks } = useAppForm<Values>({
    initialValues: {
      title: item?.title ?? '',
      start_date: toAmsterdamInput(item?.start_date ?? times.start_date),
      end_date: toAmsterdamInput(item?.end_date ?? times.end_date),
      user_id: String(item ? (item.user_id ?? 0) : session.currentuser_id),
      location: item?.location ?? '',
      attendees: item?.attendees ?? '',
      description: item?.description ?? '',
    },
    validate: (v) => {
      const start = fromAmsterdamInput(v.start_date);
      const end = fromAmsterdamInput(v.end_date);
      return {
        title: schemaError(zCreateAgendaItem.shape.title, v.title),
        start_date: !start
          ? t('common.required')
          : end && !inOrder(start, end)
            ? PLANNING_MESSAGES.startAfterEnd
            : undefined,
        end_date: end ? undefined : t('common.required'),
      };
    },
  });

  // Spec 001 section 4: moving the start moves the end by the same interval.
  const onStartChange = linkedDateChange(form, 'start_date', 'end_date');

  const submit = onSubmit((v) => {
    const body = {
      title: v.title,
      start_date: fromAmsterdamInput(v.start_date)!,
      end_date: fromAmsterdamInput(v.end_date)!,
      user_id: Number(v.user_id),
      location: v.location,
      attendees: v.attendees,
      description: v.description,
    };
    const callbacks = saveCallbacks(t('planning.agenda.saved'), onDone);
    save.mutate(item ? { id: item.id, ...body } : { ...owner, ...body }, {
      ...callbacks,
      onSuccess: (saved) => {
        callbacks.onSuccess();
        onSaved?.(saved);
      },
    });
  });

  return (
    <form noValidate onSubmit={submit}>
      <FormError message={formError} />
      <Stack gap="sm">
        <TextInput label={t('common.title')} required data-autofocus {...inputProps('title')} />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput
            type="datetime-local"
            label={t('common.start')}
            required
            {...inputProps('start_date')}
            onChange={(e) => onStartChange(e.currentTarget.value)}
          />
          <TextInput type="datetime-local" label={t('common.end')} required {...inputProps('end_date')} />
          <Select
            label={t('planning.agenda.user')}
            data={users}
            allowDeselect={false}
            searchable
            {...inputProps('user_id')}
          />
          <TextInput label={t('common.location')} {...inputProps('location')} />
        </SimpleGrid>
        <TextInput label={t('planning.agenda.attendees')} {...inputProps('attendees')} />
        <Textarea
          label={t('common.description')}
          autosize
          minRows={2}
          maxRows={8}
          {...inputProps('description')}
        />
        <FormActions onCancel={onDone} isPending={save.isPending} mt="sm" />
      </Stack>
    </form>
  );
}
