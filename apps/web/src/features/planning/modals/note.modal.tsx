import { MAX_NOTE_LENGTH, type Note, zCreateNote } from '@im/domain';
import { Checkbox, Stack, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FormActions } from '../../../ui/form/form-actions';
import { FormError } from '../../../ui/form/form-error';
import { FormModal, type FormModalProps } from '../../../ui/form/form-modal';
import { schemaError } from '../../../ui/form/schema-error';
import { useAppForm } from '../../../ui/form/use-app-form';
import { toast } from '../../../ui/toasts';
import { type PlanningOwner, useSaveNote } from '../queries';

interface NoteModalProps extends FormModalProps {
  owner?: PlanningOwner;
  /** Edit this note; a new one when absent. */
  note?: Note | null;
}

/** Note create and edit (spec 001 "Note create and edit"). */
export function NoteModal({ opened, onClose, owner, note }: NoteModalProps) {
  const { t } = useTranslation();
  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title={note ? t('planning.notes.edit') : t('planning.notes.new')}
      size="lg"
    >
      <NoteForm owner={owner} note={note ?? null} onDone={onClose} />
    </FormModal>
  );
}

function NoteForm({ owner, note, onDone }: { owner?: PlanningOwner; note: Note | null; onDone: () => void }) {
  const { t } = useTranslation();
  const save = useSaveNote();
  const { inputProps, onSubmit, formError, saveCallbacks } = useAppForm({
    initialValues: { content: note?.content ?? '', sticky: note?.sticky ?? false },
    validate: (v) => ({ content: schemaError(zCreateNote.shape.content, v.content) }),
  });
  const submit = onSubmit((v) =>
    save.mutate(
      note
        ? { id: note.id, content: v.content, sticky: v.sticky }
        : { ...owner, content: v.content, sticky: v.sticky },
      {
        ...saveCallbacks(t('planning.notes.saved'), onDone),
        onSuccess: (saved) => {
          if (saved) toast.success(t('planning.notes.saved'));
          else toast.info(t('connection.keptNote'));
          onDone();
        },
      },
    ),
  );
  return (
    <form noValidate onSubmit={submit}>
      <FormError message={formError} />
      <Stack gap="sm">
        <Textarea
          label={t('planning.notes.content')}
          autosize
          minRows={4}
          maxRows={16}
          maxLength={MAX_NOTE_LENGTH}
          required
          data-autofocus
          {...inputProps('content')}
        />
        <Checkbox
          label={t('planning.notes.sticky')}
          description={t('planning.notes.stickyHint')}
          {...inputProps('sticky', { type: 'checkbox' })}
        />
        <FormActions onCancel={onDone} isPending={save.isPending} mt="sm" />
      </Stack>
    </form>
  );
}
