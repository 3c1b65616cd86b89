import {
  DOCUMENT_TYPE_STAGE_LABELS,
  DOCUMENT_TYPE_STAGES,
  type DocumentTypeStage,
  zSaveDocumentType,
} from '@im/domain';
import { Select, Stack, Switch, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FormActions } from '../../../ui/form/form-actions';
import { FormError } from '../../../ui/form/form-error';
import { FormModal } from '../../../ui/form/form-modal';
import { schemaError } from '../../../ui/form/schema-error';
import { useAppForm } from '../../../ui/form/use-app-form';
import { type DocumentType, useSaveDocumentType } from '../queries';

const STAGE_OPTIONS = DOCUMENT_TYPE_STAGES.map((value) => ({
  value,
  label: DOCUMENT_TYPE_STAGE_LABELS[value],
}));

interface DocumentTypeModalProps {
  /** 'new', a type to edit, or null when closed. */
  editing: DocumentType | 'new' | null;
  onClose: () => void;
}

/** Create or edit a document type; the two system types keep their (absent) flowstage. */
export function DocumentTypeModal({ editing, onClose }: DocumentTypeModalProps) {
  const { t } = useTranslation();
  const existing = editing !== null && editing !== 'new' ? editing : null;
  return (
    <FormModal
      opened={editing !== null}
      onClose={onClose}
      title={existing ? t('documentsettings.types.edit') : t('documentsettings.types.new')}
    >
      <DocumentTypeForm existing={existing} onDone={onClose} />
    </FormModal>
  );
}

function DocumentTypeForm({ existing, onDone }: { existing: DocumentType | null; onDone: () => void }) {
  const { t } = useTranslation();
  const save = useSaveDocumentType();
  const isSystem = existing?.system_kind != null;
  const { inputProps, onSubmit, formError, saveCallbacks } = useAppForm({
    initialValues: {
      description: existing?.description ?? '',
      flowstage: (existing?.flowstage ?? null) as DocumentTypeStage | null,
      approval_signature: existing?.approval_signature ?? false,
      only_show_approved: existing?.only_show_approved ?? false,
    },
    validate: (v) => ({
      description: schemaError(zSaveDocumentType.shape.description, v.description),
      flowstage: isSystem ? undefined : schemaError(zSaveDocumentType.shape.flowstage, v.flowstage),
    }),
  });
  const submit = onSubmit((v) =>
    save.mutate(
      {
        id: existing?.id,
        description: v.description.trim(),
        ...(isSystem || !v.flowstage ? {} : { flowstage: v.flowstage }),
        approval_signature: v.approval_signature,
        only_show_approved: v.only_show_approved,
      },
      saveCallbacks(t(existing ? 'documentsettings.types.saved' : 'documentsettings.types.created'), onDone),
    ),
  );

  return (
    <form noValidate onSubmit={submit}>
      <FormError message={formError} title={t('common.saveFailed')} />
      <Stack gap="sm">
        <TextInput label={t('common.description')} required data-autofocus {...inputProps('description')} />
        {!isSystem && (
          <Select
            label={t('documentsettings.types.flowstage')}
            description={t('documentsettings.types.flowstageHelp')}
            required
            allowDeselect={false}
            data={STAGE_OPTIONS}
            comboboxProps={{ withinPortal: true }}
            {...inputProps('flowstage')}
          />
        )}
        <Switch
          label={t('documentsettings.types.approvalSignature')}
          description={t('documentsettings.types.approvalSignatureHelp')}
          {...inputProps('approval_signature', { type: 'checkbox' })}
        />
        <Switch
          label={t('documentsettings.types.onlyShowApproved')}
          description={t('documentsettings.types.onlyShowApprovedHelp')}
          {...inputProps('only_show_approved', { type: 'checkbox' })}
        />
        <FormActions onCancel={onDone} isPending={save.isPending} mt="sm" />
      </Stack>
    </form>
  );
}
