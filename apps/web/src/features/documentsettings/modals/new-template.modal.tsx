import { DOCUMENT_KIND_LABELS, type DocumentKind } from '@im/domain';
import { Select, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { FormActions } from '../../../ui/form/form-actions';
import { FormError } from '../../../ui/form/form-error';
import { FormModal, type FormModalProps } from '../../../ui/form/form-modal';
import { useAppForm } from '../../../ui/form/use-app-form';
import { required } from '../../../ui/form/validators';
import { toast } from '../../../ui/toasts';
import { type DocumentType, templateDetailPath, useCreateTemplate } from '../queries';

interface NewTemplateModalProps extends FormModalProps {
  kind: DocumentKind;
  /** The company's document types; a document template takes one of the company's own. */
  documentTypes: DocumentType[];
}

/** 'Nieuw template': a name (and for a document its type), then on to the template's editor. */
export function NewTemplateModal({ opened, onClose, kind, documentTypes }: NewTemplateModalProps) {
  const { t } = useTranslation();
  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title={`${t('documentsettings.newTemplate')}: ${DOCUMENT_KIND_LABELS[kind].one}`}
    >
      <NewTemplateForm kind={kind} documentTypes={documentTypes} onCancel={onClose} />
    </FormModal>
  );
}

function NewTemplateForm({
  kind,
  documentTypes,
  onCancel,
}: {
  kind: DocumentKind;
  documentTypes: DocumentType[];
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const create = useCreateTemplate(kind);
  const needsType = kind === 'document';
  const typeOptions = documentTypes
    .filter((type) => type.system_kind === null)
    .map((type) => ({ value: String(type.id), label: type.description }));
  const { inputProps, onSubmit, formError, showServerError } = useAppForm({
    initialValues: { title: '', document_type_id: null as string | null },
    validate: (v) => ({
      title: required(v.title),
      document_type_id: needsType ? required(v.document_type_id ?? '') : undefined,
    }),
  });
  const submit = onSubmit((v) =>
    create.mutate(
      {
        title: v.title.trim(),
        ...(needsType && v.document_type_id ? { document_type_id: Number(v.document_type_id) } : {}),
      },
      {
        onSuccess: (template) => {
          toast.success(t('documentsettings.templateCreated'));
          onCancel();
          navigate(templateDetailPath(kind, template.id));
        },
        onError: showServerError,
      },
    ),
  );

  return (
    <form noValidate onSubmit={submit}>
      <FormError message={formError} title={t('common.saveFailed')} />
      <Stack gap="sm">
        <TextInput label={t('common.name')} required data-autofocus {...inputProps('title')} />
        {needsType && (
          <>
            <Select
              label={t('common.documentType')}
              required
              allowDeselect={false}
              data={typeOptions}
              comboboxProps={{ withinPortal: true }}
              {...inputProps('document_type_id')}
            />
            {typeOptions.length === 0 && (
              <Text size="sm" c="dimmed">
                {t('documentsettings.documentTypeNeeded')}
              </Text>
            )}
          </>
        )}
        <FormActions
          onCancel={onCancel}
          isPending={create.isPending}
          submitLabel={t('common.create')}
          mt="sm"
        />
      </Stack>
    </form>
  );
}
