import { WIDGET_TAG_LABELS, WIDGET_TAGS, type WidgetTag, zSaveDocumentWidgetType } from '@im/domain';
import { Select, Stack, Switch, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FormActions } from '../../../ui/form/form-actions';
import { FormError } from '../../../ui/form/form-error';
import { FormModal } from '../../../ui/form/form-modal';
import { schemaError } from '../../../ui/form/schema-error';
import { useAppForm } from '../../../ui/form/use-app-form';
import { type DocumentWidgetType, useCreateWidgetType, useUpdateWidgetType } from '../queries';

interface WidgetTypeModalProps {
  /** 'new' (with the tags already taken), a type to edit, or null when closed. */
  editing: { type: DocumentWidgetType } | { takenTags: WidgetTag[] } | null;
  onClose: () => void;
}

/** 'Nieuw widgettype' (a tag that has no type yet) or 'Widgettype bewerken' (description, active). */
export function WidgetTypeModal({ editing, onClose }: WidgetTypeModalProps) {
  const { t } = useTranslation();
  const existing = editing && 'type' in editing ? editing.type : null;
  return (
    <FormModal
      opened={editing !== null}
      onClose={onClose}
      title={existing ? t('documentsettings.widgetTypes.edit') : t('documentsettings.widgetTypes.new')}
    >
      {existing ? (
        <EditWidgetTypeForm type={existing} onDone={onClose} />
      ) : (
        <NewWidgetTypeForm
          takenTags={editing && 'takenTags' in editing ? editing.takenTags : []}
          onDone={onClose}
        />
      )}
    </FormModal>
  );
}

const validateDescription = (description: string) =>
  schemaError(zSaveDocumentWidgetType.shape.description, description);

function NewWidgetTypeForm({ takenTags, onDone }: { takenTags: WidgetTag[]; onDone: () => void }) {
  const { t } = useTranslation();
  const create = useCreateWidgetType();
  const options = WIDGET_TAGS.filter((tag) => !takenTags.includes(tag)).map((tag) => ({
    value: tag,
    label: `${tag} — ${WIDGET_TAG_LABELS[tag]}`,
  }));
  const { inputProps, onSubmit, formError, saveCallbacks, form } = useAppForm({
    initialValues: { tag: null as WidgetTag | null, description: '', is_active: true },
    validate: (v) => ({
      tag: schemaError(zSaveDocumentWidgetType.shape.tag, v.tag),
      description: validateDescription(v.description),
    }),
  });
  const tagProps = inputProps('tag');
  const submit = onSubmit((v) => {
    if (!v.tag) return;
    create.mutate(
      { tag: v.tag, description: v.description.trim(), is_active: v.is_active },
      saveCallbacks(t('documentsettings.widgetTypes.created'), onDone),
    );
  });

  return (
    <form noValidate onSubmit={submit}>
      <FormError message={formError} title={t('common.saveFailed')} />
      <Stack gap="sm">
        <Select
          label={t('documentsettings.widgetTypes.tag')}
          required
          searchable
          allowDeselect={false}
          data={options}
          nothingFoundMessage={t('documentsettings.widgetTypes.allTagsTaken')}
          comboboxProps={{ withinPortal: true }}
          {...tagProps}
          onChange={(value) => {
            const tag = value as WidgetTag | null;
            // The seeded Dutch name is a good start for the description.
            if (tag && !form.values.description.trim())
              form.setFieldValue('description', WIDGET_TAG_LABELS[tag]);
            tagProps.onChange(value);
          }}
        />
        <TextInput label={t('common.description')} required {...inputProps('description')} />
        <Switch
          label={t('common.active')}
          description={t('documentsettings.widgetTypes.activeHelp')}
          {...inputProps('is_active', { type: 'checkbox' })}
        />
        <FormActions
          onCancel={onDone}
          isPending={create.isPending}
          submitLabel={t('common.create')}
          mt="sm"
        />
      </Stack>
    </form>
  );
}

function EditWidgetTypeForm({ type, onDone }: { type: DocumentWidgetType; onDone: () => void }) {
  const { t } = useTranslation();
  const update = useUpdateWidgetType(type.id);
  const { inputProps, onSubmit, formError, saveCallbacks } = useAppForm({
    initialValues: { description: type.description, is_active: type.is_active },
    validate: (v) => ({ description: validateDescription(v.description) }),
  });
  const submit = onSubmit((v) =>
    update.mutate(
      { description: v.description.trim(), is_active: v.is_active },
      saveCallbacks(t('documentsettings.widgetTypes.saved'), onDone),
    ),
  );

  return (
    <form noValidate onSubmit={submit}>
      <FormError message={formError} title={t('common.saveFailed')} />
      <Stack gap="sm">
        <TextInput label={t('common.description')} required data-autofocus {...inputProps('description')} />
        <Switch
          label={t('common.active')}
          description={t('documentsettings.widgetTypes.activeHelp')}
          {...inputProps('is_active', { type: 'checkbox' })}
        />
        <FormActions onCancel={onDone} isPending={update.isPending} mt="sm" />
      </Stack>
    </form>
  );
}
