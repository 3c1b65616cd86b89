import { type AssistMail, zUpdateAssistMail } from '@im/domain';
import { Alert, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../api/client';
import { FormActions } from '../../../ui/form/form-actions';
import { FormModal } from '../../../ui/form/form-modal';
import { RichTextEditor } from '../../../ui/rich-text/rich-text-editor';
import { toast } from '../../../ui/toasts';
import { useUpdateAssistMail } from '../queries';

type Errors = Partial<Record<'to_email' | 'subject' | 'body', string>>;

/** Recipient, subject and message of a prepared e-mail, checked by the contract's own schema. */
export function AssistMailModal({ mail, onClose }: { mail: AssistMail | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <FormModal opened={mail !== null} onClose={onClose} title={t('assistMails.editTitle')} size="xl">
      {mail && <AssistMailForm mail={mail} onDone={onClose} />}
    </FormModal>
  );
}

function AssistMailForm({ mail, onDone }: { mail: AssistMail; onDone: () => void }) {
  const { t } = useTranslation();
  const update = useUpdateAssistMail(mail.flow_id);
  const [to, setTo] = useState(mail.to_email);
  const [subject, setSubject] = useState(mail.subject);
  const [body, setBody] = useState(mail.body);
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const input = { to_email: to, subject, body };
    const checked = zUpdateAssistMail.safeParse(input);
    if (!checked.success) {
      const found: Errors = {};
      for (const issue of checked.error.issues) {
        const field = issue.path[0] as keyof Errors;
        found[field] ??= issue.message;
      }
      return setErrors(found);
    }
    setErrors({});
    update.mutate(
      { id: mail.id, ...input },
      {
        onSuccess: () => {
          toast.success(t('assistMails.saved'));
          onDone();
        },
        onError: (error) => {
          if (isApiError(error, 422) && Object.keys(error.errors).length > 0)
            setErrors({
              to_email: error.errors.to_email?.[0],
              subject: error.errors.subject?.[0],
              body: error.errors.body?.[0],
            });
          else setFailure(error.message);
        },
      },
    );
  };

  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="sm">
        {failure && (
          <Alert color="red" role="alert">
            {failure}
          </Alert>
        )}
        <TextInput
          label={t('assistMails.recipient')}
          type="email"
          required
          maxLength={254}
          value={to}
          error={errors.to_email}
          onChange={(e) => setTo(e.currentTarget.value)}
        />
        <TextInput
          label={t('common.subject')}
          required
          maxLength={300}
          value={subject}
          error={errors.subject}
          onChange={(e) => setSubject(e.currentTarget.value)}
        />
        <RichTextEditor
          label={t('common.message')}
          value={body}
          onChange={setBody}
          error={errors.body}
          minHeight={200}
        />
        <FormActions onCancel={onDone} isPending={update.isPending} mt="sm" />
      </Stack>
    </form>
  );
}
