import { type AssistMail, MAIL_TEXTS } from '@im/domain';
import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconPencil, IconSend, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showActionError } from '../../../ui/alert-dialog';
import { confirm } from '../../../ui/confirm-dialog';
import { formatDateTime } from '../../../ui/format';
import { toast } from '../../../ui/toasts';
import { AssistMailModal } from '../modals/assist-mail.modal';
import { useAssistMails, useDiscardAssistMail, useSendAssistMail } from '../queries';

/**
 * "Klaargezette e-mails" on the flow: the open e-mails workflow rules prepared, each to check, edit,
 * send or delete. Shown only while there are open ones.
 */
export function AssistMailsCard({ flowId, isReadOnly = false }: { flowId: number; isReadOnly?: boolean }) {
  const { t } = useTranslation();
  const mails = useAssistMails(flowId);
  const send = useSendAssistMail(flowId);
  const discard = useDiscardAssistMail(flowId);
  const [editing, setEditing] = useState<AssistMail | null>(null);
  const open = (mails.data ?? []).filter((m) => m.status === 'open');
  if (open.length === 0) return null;

  const onSend = async (mail: AssistMail) => {
    // Without a recipient there is nothing to send yet: fill it in first.
    if (!mail.to_email) return setEditing(mail);
    if (
      !(await confirm({
        title: t('assistMails.sendTitle'),
        message: MAIL_TEXTS.sendConfirm,
        confirmLabel: t('common.send'),
      }))
    )
      return;
    send.mutate(mail.id, {
      onSuccess: () => toast.success(t('assistMails.sent')),
      onError: (error) => showActionError(error),
    });
  };
  const onDelete = async (mail: AssistMail) => {
    if (
      !(await confirm({
        title: t('assistMails.deleteTitle'),
        message: t('assistMails.deleteConfirm'),
        confirmLabel: t('common.delete'),
        isDanger: true,
      }))
    )
      return;
    discard.mutate(mail.id, {
      onSuccess: () => toast.success(t('assistMails.deleted')),
      onError: (error) => showActionError(error),
    });
  };

  return (
    <Card withBorder padding="md" component="section" aria-labelledby={`assistmails-${flowId}`}>
      <Title order={2} size="h4" id={`assistmails-${flowId}`}>
        {t('assistMails.title')}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {t('assistMails.intro')}
      </Text>
      <Stack gap="md" component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {open.map((mail) => (
          <Stack
            key={mail.id}
            gap={6}
            component="li"
            aria-label={mail.subject}
            data-testid={`assistmail-${mail.id}`}
          >
            <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
              {mail.subject}
            </Text>
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {t('common.to')}:{' '}
              {mail.to_email || (
                <Text span c="red.8" size="sm">
                  {t('assistMails.noRecipient')}
                </Text>
              )}
            </Text>
            <Text size="xs" c="dimmed">
              {[
                mail.rule_description && t('assistMails.byRule', { rule: mail.rule_description }),
                t('assistMails.preparedAt', { date: formatDateTime(mail.created_at) }),
              ]
                .filter(Boolean)
                .join(' · ')}
            </Text>
            {!isReadOnly && (
              <Group gap="xs" wrap="wrap">
                <Button
                  size="sm"
                  variant="default"
                  leftSection={<IconPencil size={16} />}
                  onClick={() => setEditing(mail)}
                >
                  {t('common.edit')}
                </Button>
                <Button
                  size="sm"
                  leftSection={<IconSend size={16} />}
                  loading={send.isPending && send.variables === mail.id}
                  onClick={() => void onSend(mail)}
                >
                  {t('common.send')}
                </Button>
                <Button
                  size="sm"
                  variant="light"
                  color="red"
                  leftSection={<IconTrash size={16} />}
                  loading={discard.isPending && discard.variables === mail.id}
                  onClick={() => void onDelete(mail)}
                >
                  {t('common.delete')}
                </Button>
              </Group>
            )}
          </Stack>
        ))}
      </Stack>
      <AssistMailModal mail={editing} onClose={() => setEditing(null)} />
    </Card>
  );
}
