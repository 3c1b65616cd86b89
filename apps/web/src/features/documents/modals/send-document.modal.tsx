import { DOCUMENT_TEXTS, type DocumentMailDraft, type SalesDocument } from '@im/domain';
import { Checkbox, Group, Loader, Select, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../api/client';
import { FormActions } from '../../../ui/form/form-actions';
import { FormError } from '../../../ui/form/form-error';
import { FormModal } from '../../../ui/form/form-modal';
import { useIsPhone } from '../../../ui/responsive';
import { RichTextEditor } from '../../../ui/rich-text/rich-text-editor';
import { toast } from '../../../ui/toasts';
import { useMailDraft, useSendDocument } from '../queries';

interface Props {
  document: SalesDocument;
  opened: boolean;
  onClose: () => void;
}

/** 'Versturen': the drafted mail (to, subject, message, template, PDF and attachments), then sendemail. */
export function SendDocumentModal({ document, opened, onClose }: Props) {
  const { t } = useTranslation();
  const isPhone = useIsPhone();
  return (
    <FormModal opened={opened} onClose={onClose} title={t('common.send')} size={isPhone ? undefined : 'xl'}>
      <SendForm document={document} onClose={onClose} />
    </FormModal>
  );
}

type Fields = Pick<DocumentMailDraft, 'to_email' | 'subject' | 'message' | 'sendpdf' | 'sendattachments'>;

function SendForm({ document, onClose }: Omit<Props, 'opened'>) {
  const { t } = useTranslation();
  const [templateId, setTemplateId] = useState<number | null>(null);
  const draft = useMailDraft(document.kind, document.id, templateId);
  const [fields, setFields] = useState<Fields | null>(null);
  // The draft the fields were filled from, and for which template: only choosing another one refills them.
  const [loaded, setLoaded] = useState<{ templateId: number | null; draft: DocumentMailDraft } | null>(null);
  const send = useSendDocument(document.kind, document.id);
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});

  if (draft.data && (loaded === null || loaded.templateId !== templateId)) {
    setLoaded({ templateId, draft: draft.data });
    const { to_email, subject, message, sendpdf, sendattachments } = draft.data;
    setFields({ to_email, subject, message, sendpdf, sendattachments });
  }

  // A failed read replaces the form only before it was filled; after that the user's text stays.
  if (draft.isError && !fields) return <FormError message={draft.error.message} />;
  if (!fields || !loaded) return <Loader aria-label={t('common.send')} />;
  const loadedFrom = loaded.draft;

  const set = <K extends keyof Fields>(key: K, value: Fields[K]) => {
    setFields({ ...fields, [key]: value });
    setFieldErrors(({ [key]: _, ...rest }) => rest);
  };

  // One dialog (decision 040): the spec's question stands beside the button that answers it, and the
  // result is a notice, not a second and third dialog.
  const question =
    document.kind === 'invoice' ? DOCUMENT_TEXTS.sendInvoiceConfirm : DOCUMENT_TEXTS.sendConfirm;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    send.mutate(
      { ...fields, mailtemplate_id: templateId ?? loadedFrom.mailtemplate_id },
      {
        onSuccess: () => {
          onClose();
          toast.success(t('documents.thankYou'));
        },
        onError: (failure) => {
          const errors = isApiError(failure) ? failure.errors : {};
          const onFields = Object.fromEntries(
            Object.entries(errors)
              .filter(([field]) => field in fields)
              .map(([field, messages]) => [field, messages[0] ?? '']),
          );
          setFieldErrors(onFields);
          if (Object.keys(onFields).length === 0) setError(failure.message);
        },
      },
    );
  };

  const templateOptions = loadedFrom.mailtemplates.map((m) => ({
    value: String(m.id),
    label: m.description,
  }));
  const selectedTemplate = templateId ?? loadedFrom.mailtemplate_id;

  return (
    <form noValidate onSubmit={submit}>
      <FormError message={error ?? (draft.isError ? draft.error.message : null)} />
      <Stack gap="sm">
        {templateOptions.length > 0 && (
          <Select
            label={t('documents.mailTemplate')}
            placeholder={t('documents.defaultMailText')}
            data={templateOptions}
            value={selectedTemplate === null ? null : String(selectedTemplate)}
            onChange={(value) => value && setTemplateId(Number(value))}
            disabled={draft.isFetching}
            comboboxProps={{ withinPortal: true }}
          />
        )}
        <TextInput
          label={t('common.to')}
          type="email"
          required
          value={fields.to_email}
          onChange={(event) => set('to_email', event.currentTarget.value)}
          error={fieldErrors.to_email}
        />
        <TextInput
          label={t('common.subject')}
          required
          value={fields.subject}
          onChange={(event) => set('subject', event.currentTarget.value)}
          error={fieldErrors.subject}
        />
        <RichTextEditor
          label={t('common.message')}
          value={fields.message}
          onChange={(html) => set('message', html)}
          error={fieldErrors.message}
        />
        <Group gap="lg">
          <Checkbox
            label={t('documents.sendPdf')}
            checked={fields.sendpdf}
            onChange={(event) => set('sendpdf', event.currentTarget.checked)}
          />
          <Checkbox
            label={t('documents.sendAttachments')}
            checked={fields.sendattachments}
            onChange={(event) => set('sendattachments', event.currentTarget.checked)}
          />
        </Group>
        {(fields.sendpdf || (fields.sendattachments && loadedFrom.attachments.length > 0)) && (
          <Text size="sm" c="dimmed">
            {[
              ...(fields.sendpdf ? [loadedFrom.pdf_filename] : []),
              ...(fields.sendattachments ? loadedFrom.attachments.map((a) => a.filename) : []),
            ].join(', ')}
          </Text>
        )}
        <Text fw={600} mt="sm">
          {question}
        </Text>
        <FormActions onCancel={onClose} isPending={send.isPending} submitLabel={t('common.send')} />
      </Stack>
    </form>
  );
}
