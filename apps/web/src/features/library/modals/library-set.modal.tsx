import { LIBRARY_ITEM_KIND_LABELS, LIBRARY_ITEM_KINDS, type LibrarySet, zSaveLibrarySet } from '@im/domain';
import { Select, Stack, TagsInput, Textarea, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FormActions } from '../../../ui/form/form-actions';
import { FormError } from '../../../ui/form/form-error';
import { FormModal } from '../../../ui/form/form-modal';
import { schemaError } from '../../../ui/form/schema-error';
import { useAppForm } from '../../../ui/form/use-app-form';
import { useLibraryAdmin } from '../queries';

export type SetEditing = { set: LibrarySet | null } | null;

/** The platform administrator's new or changed set: name, description, labels. */
export function LibrarySetModal({ editing, onClose }: { editing: SetEditing; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <FormModal
      opened={editing !== null}
      onClose={onClose}
      title={editing?.set ? t('librarySets.editSet') : t('librarySets.newSet')}
    >
      {editing && <SetForm set={editing.set} onClose={onClose} />}
    </FormModal>
  );
}

function SetForm({ set, onClose }: { set: LibrarySet | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { saveSet } = useLibraryAdmin();
  const { inputProps, onSubmit, formError, saveCallbacks } = useAppForm({
    initialValues: { name: set?.name ?? '', description: set?.description ?? '', tags: set?.tags ?? [] },
    validate: (v) => ({ name: schemaError(zSaveLibrarySet.shape.name, v.name) }),
  });
  const submit = onSubmit((v) =>
    saveSet.mutate({ id: set?.id, ...v }, saveCallbacks(t('librarySets.saved'), onClose)),
  );
  return (
    <form noValidate onSubmit={submit}>
      <FormError message={formError} title={t('common.saveFailed')} />
      <Stack gap="sm">
        <TextInput
          label={t('librarySets.name')}
          required
          maxLength={200}
          data-autofocus
          {...inputProps('name')}
        />
        <Textarea
          label={t('common.description')}
          autosize
          minRows={2}
          maxLength={2000}
          {...inputProps('description')}
        />
        <TagsInput label={t('librarySets.tags')} maxTags={20} {...inputProps('tags')} />
        <FormActions onCancel={onClose} isPending={saveSet.isPending} mt="sm" />
      </Stack>
    </form>
  );
}

/** The platform administrator adds an item: its kind, name and the fields its kind's create call takes. */
export function LibraryItemModal({ setId, onClose }: { setId: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <FormModal opened={setId !== null} onClose={onClose} title={t('librarySets.newItem')} size="lg">
      {setId !== null && <ItemForm setId={setId} onClose={onClose} />}
    </FormModal>
  );
}

function ItemForm({ setId, onClose }: { setId: number; onClose: () => void }) {
  const { t } = useTranslation();
  const { addItem } = useLibraryAdmin();
  const { inputProps, onSubmit, formError, saveCallbacks, showServerError } = useAppForm({
    initialValues: { kind: 'product' as string, name: '', description: '', data: '{\n  "item_name": ""\n}' },
    validate: (v) => {
      let dataError: string | undefined;
      try {
        JSON.parse(v.data);
      } catch {
        dataError = t('librarySets.dataInvalid');
      }
      return { name: v.name.trim() ? undefined : t('common.required'), data: dataError };
    },
  });
  const submit = onSubmit((v) => {
    const done = saveCallbacks(t('librarySets.itemSaved'), onClose);
    addItem.mutate(
      {
        library_set_id: setId,
        kind: v.kind as (typeof LIBRARY_ITEM_KINDS)[number],
        name: v.name,
        description: v.description,
        data: JSON.parse(v.data) as Record<string, unknown>,
      },
      // The server names a field of the content as data.<field>: show it on the content.
      { ...done, onError: (error) => showServerError(error) },
    );
  });
  return (
    <form noValidate onSubmit={submit}>
      <FormError message={formError} title={t('common.saveFailed')} />
      <Stack gap="sm">
        <Select
          label={t('librarySets.kind')}
          allowDeselect={false}
          data={LIBRARY_ITEM_KINDS.map((k) => ({ value: k, label: LIBRARY_ITEM_KIND_LABELS[k] }))}
          {...inputProps('kind')}
        />
        <TextInput label={t('librarySets.name')} required maxLength={200} {...inputProps('name')} />
        <TextInput label={t('common.description')} maxLength={2000} {...inputProps('description')} />
        <Textarea
          label={t('librarySets.data')}
          autosize
          minRows={6}
          styles={{ input: { fontFamily: 'monospace' } }}
          {...inputProps('data')}
        />
        <FormActions onCancel={onClose} isPending={addItem.isPending} mt="sm" />
      </Stack>
    </form>
  );
}
