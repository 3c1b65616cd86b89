import { MAIL_TEXTS } from '@im/domain';
import { Alert, FileInput, Loader, Select, Stack, TextInput } from '@mantine/core';
import { IconPaperclip } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirm } from '../../../ui/confirm-dialog';
import { FormActions } from '../../../ui/form/form-actions';
import { FormModal } from '../../../ui/form/form-modal';
import { RichTextEditor } from '../../../ui/rich-text/rich-text-editor';
import { toast } from '../../../ui/toasts';
import { useFlowMailDraft, useSendFlowMail } from '../queries';

/**
 * E-mail from a flow: the draft comes from a mail template with the flow's merge tags filled in;
 * up to three files go along. Sending asks 'Email versturen?'; a failure shows the server's
 * message in the modal (spec 001 section 8).
 */
export function FlowMailModal({
  flowId,
  taskId,
  opened,
  onClose,
}: {
  flowId: number;
  /** A mail about one of the flow's tasks: its `taak` merge tags are filled (sendable_task_id). */
  taskId?: number;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <FormModal opened={opened} onClose={onClose} title={t('communication.mail.title')} size="xl">
      {opened && <FlowMailForm flowId={flowId} taskId={taskId} onDone={onClose} />}
    </FormModal>
  );
}

function FlowMailForm({ flowId, taskId, onDone }: { flowId: number; taskId?: number; onDone: () => void }) {
  const { t } = useTranslation();
  // The template whose draft is loaded (none: the company's default) and the one shown as chosen.
  const [requested, setRequested] = useState<number | null>(null);
  const [templateId, setTemplateId] = useState<number | null | undefined>(undefined);
  const draft = useFlowMailDraft(flowId, requested, true, taskId);
  const send = useSendFlowMail(flowId);
  const [to, setTo] = useState('');
  const [subject, setSubject] = useState('');
  const [message, setMessage] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [error, setError] = useState<string | null>(null);

  // A (new) draft fills the form: on opening, and when another template is chosen.
  useEffect(() => {
    if (!draft.data) return;
    setTo((current) => current || draft.data.to);
    setSubject(draft.data.subject);
    setMessage(draft.data.message);
    if (templateId === undefined) setTemplateId(draft.data.mailtemplate_id);
  }, [draft.data, templateId]);

  if (draft.isError)
    return (
      <Alert color="red" role="alert">
        {draft.error.message}
      </Alert>
    );
  if (!draft.data) return <Loader aria-label={t('app.loading')} />;

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setError(null);
    if (files.length > draft.data.max_files) return setError(MAIL_TEXTS.tooManyFiles);
    if (!(await confirm({ title: t('communication.mail.title'), message: MAIL_TEXTS.sendConfirm }))) return;
    send.mutate(
      { to, subject, message, mailtemplate_id: templateId ?? null, files },
      {
        onSuccess: () => {
          toast.success(t('communication.mail.sent'));
          onDone();
        },
        // The server's message, or the raw answer when there is none.
        onError: (e) => setError(e instanceof Error ? e.message : String(e)),
      },
    );
  };

  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="sm">
        {error && (
          <Alert color="red" role="alert" title={t('communication.mail.failed')}>
            {error}
          </Alert>
        )}
        <Select
          label={t('common.template')}
          placeholder={t('communication.mail.noTemplate')}
          data={draft.data.mailtemplates.map((m) => ({ value: String(m.id), label: m.description }))}
          value={templateId ? String(templateId) : null}
          onChange={(value) => {
            // Choosing a template loads its draft; clearing keeps the text as it is.
            setTemplateId(value ? Number(value) : null);
            if (value) setRequested(Number(value));
          }}
          allowDeselect={false}
          clearable
        />
        <TextInput
          label={t('common.to')}
          type="email"
          required
          value={to}
          onChange={(e) => setTo(e.currentTarget.value)}
        />
        <TextInput
          label={t('common.subject')}
          required
          maxLength={300}
          value={subject}
          onChange={(e) => setSubject(e.currentTarget.value)}
        />
        <RichTextEditor label={t('common.message')} value={message} onChange={setMessage} minHeight={200} />
        <FileInput
          label={t('communication.mail.files', { max: draft.data.max_files })}
          multiple
          clearable
          leftSection={<IconPaperclip size={16} />}
          value={files}
          onChange={setFiles}
          error={files.length > draft.data.max_files ? MAIL_TEXTS.tooManyFiles : undefined}
        />
        <FormActions onCancel={onDone} isPending={send.isPending} submitLabel={t('common.send')} mt="sm" />
      </Stack>
    </form>
  );
}
