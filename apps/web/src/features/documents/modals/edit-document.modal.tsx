import type { SalesDocument } from '@im/domain';
import { Stack, Textarea, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FormActions } from '../../../ui/form/form-actions';
import { FormError } from '../../../ui/form/form-error';
import { FormModal } from '../../../ui/form/form-modal';
import { useAppForm } from '../../../ui/form/use-app-form';
import { required } from '../../../ui/form/validators';
import { useUpdateDocument } from '../queries';

interface Props {
  document: SalesDocument;
  opened: boolean;
  onClose: () => void;
}

/** Title (a template's name), dates (a quotation's 'Geldig tot') and the document's own CSS. */
export function EditDocumentModal({ document, opened, onClose }: Props) {
  const { t } = useTranslation();
  return (
    <FormModal opened={opened} onClose={onClose} title={t('documents.editTitle')} size="lg">
      <EditDocumentForm document={document} onClose={onClose} />
    </FormModal>
  );
}

function EditDocumentForm({ document, onClose }: Omit<Props, 'opened'>) {
  const { t } = useTranslation();
  const update = useUpdateDocument(document.kind, document.id);
  const { inputProps, onSubmit, formError, saveCallbacks } = useAppForm({
    initialValues: {
      title: document.title,
      documentdate: document.documentdate?.slice(0, 10) ?? '',
      enddate: document.enddate?.slice(0, 10) ?? '',
      custom_css: document.custom_css,
    },
    validate: (values) => ({ title: required(values.title) }),
  });
  const hasDates = !document.is_template;
  const hasEnddate = hasDates && document.kind === 'quotation';

  const submit = onSubmit((values) =>
    update.mutate(
      {
        title: values.title.trim(),
        custom_css: values.custom_css,
        ...(hasDates ? { documentdate: values.documentdate || null } : {}),
        ...(hasEnddate ? { enddate: values.enddate || null } : {}),
      },
      saveCallbacks(t('common.saved'), onClose),
    ),
  );

  return (
    <form noValidate onSubmit={submit}>
      <FormError message={formError} />
      <Stack gap="sm">
        <TextInput
          label={document.is_template ? t('common.name') : t('common.title')}
          required
          data-autofocus
          {...inputProps('title')}
        />
        {hasDates && <TextInput type="date" label={t('common.date')} {...inputProps('documentdate')} />}
        {hasEnddate && <TextInput type="date" label={t('documents.enddate')} {...inputProps('enddate')} />}
        <Textarea
          label={t('documents.customCss')}
          description={t('documents.customCssHint')}
          autosize
          minRows={4}
          maxRows={14}
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
          {...inputProps('custom_css')}
        />
        <FormActions onCancel={onClose} isPending={update.isPending} mt="sm" />
      </Stack>
    </form>
  );
}
