import {
  type ContactTemplate,
  documentMailTemplateType,
  MAIL_TEMPLATE_TYPE_LABELS,
  MAIL_TEMPLATE_TYPES,
  type MailTemplate,
  type MessageTemplate,
  mailTemplateTypeLabel,
} from '@im/domain';
import { ActionIcon, Anchor, Button, FileButton, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { IconPaperclip, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { downloadFile } from '../../../api/download';
import { showActionError } from '../../../ui/alert-dialog';
import { FormActions } from '../../../ui/form/form-actions';
import { FormError } from '../../../ui/form/form-error';
import { FormModal } from '../../../ui/form/form-modal';
import { useAppForm } from '../../../ui/form/use-app-form';
import { RichTextEditor } from '../../../ui/rich-text/rich-text-editor';
import { toast } from '../../../ui/toasts';
import {
  type TemplateKind,
  useAttachFile,
  useDeleteAttachedFile,
  useDocumentTypes,
  useSaveTemplate,
} from '../queries';

type Editing =
  | { kind: 'mailtemplate'; template: MailTemplate | null }
  | { kind: 'messagetemplate'; template: MessageTemplate | null }
  | { kind: 'contacttemplate'; template: ContactTemplate | null };

const TITLES = {
  mailtemplate: ['emailsettings.newMail', 'emailsettings.editMail'],
  messagetemplate: ['emailsettings.newMessage', 'emailsettings.editMessage'],
  contacttemplate: ['emailsettings.newContact', 'emailsettings.editContact'],
} as const satisfies Record<TemplateKind, readonly [string, string]>;

/** Create and edit a mail, message or contact template. */
export function TemplateModal({ editing, onClose }: { editing: Editing | null; onClose: () => void }) {
  const { t } = useTranslation();
  const titles = editing ? TITLES[editing.kind] : TITLES.mailtemplate;
  return (
    <FormModal
      opened={editing !== null}
      onClose={onClose}
      title={t(editing?.template ? titles[1] : titles[0])}
      size="xl"
    >
      {editing && <TemplateForm editing={editing} onDone={onClose} />}
    </FormModal>
  );
}

const FIXED_TYPES = MAIL_TEMPLATE_TYPES.map((value) => ({ value, label: MAIL_TEMPLATE_TYPE_LABELS[value] }));

/** The 10 fixed types, then 'Versturen {type}' and 'Goedkeuren {type} door klant' per own document type. */
function useTypeOptions() {
  const { data: documentTypes = [] } = useDocumentTypes();
  const own = documentTypes.filter((d) => d.system_kind === null);
  return [
    ...FIXED_TYPES,
    ...own.flatMap((d) =>
      (['send', 'approve'] as const).map((kind) => {
        const value = documentMailTemplateType(kind, d.id);
        return { value, label: mailTemplateTypeLabel(value, own) };
      }),
    ),
  ];
}

function TemplateForm({ editing, onDone }: { editing: Editing; onDone: () => void }) {
  const { t } = useTranslation();
  const save = useSaveTemplate(editing.kind);
  const typeOptions = useTypeOptions();
  const mail = editing.kind === 'mailtemplate' ? editing.template : null;
  const message = editing.kind === 'messagetemplate' ? editing.template : null;
  const contact = editing.kind === 'contacttemplate' ? editing.template : null;
  const { inputProps, onSubmit, formError, saveCallbacks, values, form, fieldError } = useAppForm({
    initialValues: {
      template_type: mail?.template_type ?? 'sendflowemail',
      description: editing.template?.description ?? '',
      subject: mail?.subject ?? '',
      category: message?.category ?? '',
      text: mail?.message ?? message?.message ?? contact?.note ?? '',
    },
    validate: (v) => ({ description: v.description.trim() ? undefined : t('common.required') }),
  });
  const submit = onSubmit((v) => {
    const id = editing.template?.id;
    const body =
      editing.kind === 'mailtemplate'
        ? { template_type: v.template_type, description: v.description, subject: v.subject, message: v.text }
        : editing.kind === 'messagetemplate'
          ? { category: v.category, description: v.description, message: v.text }
          : { description: v.description, note: v.text };
    save.mutate({ id, ...body } as never, saveCallbacks(t('emailsettings.saved'), onDone));
  });
  // The editor's field is `text`; the server names it message or note.
  const textError =
    fieldError('text') ?? (formError?.startsWith('Onbekende samenvoegcode') ? formError : null);

  return (
    <form noValidate onSubmit={submit}>
      <FormError message={textError === formError ? null : formError} />
      <Stack gap="sm">
        {editing.kind === 'mailtemplate' && (
          <Select
            label={t('emailsettings.type')}
            data={typeOptions}
            allowDeselect={false}
            {...inputProps('template_type')}
          />
        )}
        <TextInput
          label={t('common.description')}
          required
          data-autofocus
          maxLength={200}
          {...inputProps('description')}
        />
        {editing.kind === 'messagetemplate' && (
          <TextInput label={t('emailsettings.category')} maxLength={100} {...inputProps('category')} />
        )}
        {editing.kind === 'mailtemplate' && (
          <TextInput label={t('common.subject')} maxLength={300} {...inputProps('subject')} />
        )}
        <RichTextEditor
          label={editing.kind === 'contacttemplate' ? t('emailsettings.note') : t('common.message')}
          value={values.text}
          onChange={(html) => form.setFieldValue('text', html)}
          error={textError}
          withImages={editing.kind === 'mailtemplate'}
        />
        {editing.kind === 'mailtemplate' && <Attachments template={mail} />}
        <FormActions onCancel={onDone} isPending={save.isPending} mt="sm" />
      </Stack>
    </form>
  );
}

function Attachments({ template }: { template: MailTemplate | null }) {
  const { t } = useTranslation();
  const attach = useAttachFile();
  const remove = useDeleteAttachedFile();
  if (!template)
    return (
      <Text size="sm" c="dimmed">
        {t('emailsettings.attachAfterSave')}
      </Text>
    );
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500}>
        {t('emailsettings.attachments')}
      </Text>
      {template.attachedfiles.map((file) => (
        <Group key={file.id} gap="xs">
          <Anchor
            component="button"
            type="button"
            size="sm"
            onClick={() =>
              void downloadFile(file.url, file.filename).catch((error) => showActionError(error))
            }
          >
            {file.filename}
          </Anchor>
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={t('emailsettings.removeAttachment', { name: file.filename })}
            onClick={() => remove.mutate(file.id, { onError: (error) => showActionError(error) })}
          >
            <IconTrash size={14} />
          </ActionIcon>
        </Group>
      ))}
      <Group>
        <FileButton
          onChange={(file) =>
            file &&
            attach.mutate(
              { templateId: template.id, file },
              {
                onSuccess: () => toast.success(t('emailsettings.attached')),
                onError: (error) => showActionError(error),
              },
            )
          }
          accept="image/*,application/pdf,.docx,.xlsx,.pptx,.odt,.ods,.doc,.xls"
        >
          {(props) => (
            <Button
              {...props}
              variant="default"
              size="xs"
              leftSection={<IconPaperclip size={14} />}
              loading={attach.isPending}
            >
              {t('emailsettings.attach')}
            </Button>
          )}
        </FileButton>
      </Group>
      <Text size="xs" c="dimmed">
        {t('emailsettings.attachHint')}
      </Text>
    </Stack>
  );
}

export type { Editing };
