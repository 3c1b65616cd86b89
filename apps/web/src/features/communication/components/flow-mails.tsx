import { FLOW_MAIL_STATUS_LABELS, type FlowMail, type FlowMailStatus, MAIL_TEXTS } from '@im/domain';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Menu,
  Spoiler,
  Stack,
  Text,
  Title,
  Typography,
} from '@mantine/core';
import { IconMailForward, IconPhoneCall } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadFile } from '../../../api/download';
import { showActionError } from '../../../ui/alert-dialog';
import { confirm } from '../../../ui/confirm-dialog';
import { formatDateTime } from '../../../ui/format';
import { toast } from '../../../ui/toasts';
import { useContactTemplates, useFlowMails, useProcessContactMoment } from '../queries';
import { FlowMailModal } from './flow-mail.modal';

const STATUS_COLORS: Record<FlowMailStatus, string> = {
  queued: 'blue',
  sending: 'blue',
  sent: 'green',
  failed: 'red',
  interrupted: 'orange',
  kept: 'gray',
};

/** The e-mails sent from a flow (its mail timeline) with their delivery status, and the send button. */
export function FlowMails({ flowId, isReadOnly = false }: { flowId: number; isReadOnly?: boolean }) {
  const { t } = useTranslation();
  const mails = useFlowMails(flowId);
  const [isSending, setSending] = useState(false);
  return (
    <Card withBorder padding="md">
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4">
          {t('communication.mail.listTitle')}
        </Title>
        {!isReadOnly && (
          <Group gap="xs">
            <ContactMomentMenu flowId={flowId} />
            <Button size="xs" leftSection={<IconMailForward size={14} />} onClick={() => setSending(true)}>
              {t('communication.mail.title')}
            </Button>
          </Group>
        )}
      </Group>
      {mails.isError && <Alert color="red">{mails.error.message}</Alert>}
      {mails.data?.length === 0 && (
        <Text c="dimmed" size="sm">
          {t('communication.mail.none')}
        </Text>
      )}
      <Stack gap="sm">
        {mails.data?.map((mail) => (
          <MailRow key={mail.id} mail={mail} />
        ))}
      </Stack>
      <FlowMailModal flowId={flowId} opened={isSending} onClose={() => setSending(false)} />
    </Card>
  );
}

function MailRow({ mail }: { mail: FlowMail }) {
  const { t } = useTranslation();
  return (
    <Stack gap={4} data-testid="flow-mail" data-status={mail.status}>
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
          {mail.subject}
        </Text>
        <Badge color={STATUS_COLORS[mail.status]} variant="light">
          {FLOW_MAIL_STATUS_LABELS[mail.status]}
        </Badge>
      </Group>
      <Text size="xs" c="dimmed">
        {t('communication.mail.meta', {
          to: mail.to,
          name: mail.user_name,
          date: formatDateTime(mail.created_at),
        })}
      </Text>
      {mail.error && mail.status !== 'sent' && (
        <Text size="xs" c="red.8">
          {mail.error}
        </Text>
      )}
      <Spoiler maxHeight={60} showLabel={t('common.showMore')} hideLabel={t('communication.mail.less')}>
        <Typography fz="sm">
          {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the server sanitised this HTML (DOMPurify) before it was stored and sent */}
          <div dangerouslySetInnerHTML={{ __html: mail.message }} />
        </Typography>
      </Spoiler>
      {mail.attachments.length > 0 && (
        <Group gap="xs">
          {mail.attachments.map((file) => (
            <Anchor
              key={file.id}
              component="button"
              type="button"
              size="xs"
              onClick={() =>
                void downloadFile(`/api/flowmail/file/${file.id}`, file.filename).catch((e) =>
                  showActionError(e),
                )
              }
            >
              {file.filename}
            </Anchor>
          ))}
        </Group>
      )}
    </Stack>
  );
}

/** Contact moments (spec 001 section 5): pick a contact template, confirm 'Registreren {label}?', kept as a note. */
function ContactMomentMenu({ flowId }: { flowId: number }) {
  const { t } = useTranslation();
  const templates = useContactTemplates();
  const register = useProcessContactMoment(flowId);
  if (!templates.data?.length) return null;
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button
          size="xs"
          variant="default"
          leftSection={<IconPhoneCall size={14} />}
          loading={register.isPending}
        >
          {t('communication.mail.contactMoment')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {templates.data.map((template) => (
          <Menu.Item
            key={template.id}
            onClick={async () => {
              const label = template.description;
              if (
                !(await confirm({
                  title: t('communication.mail.contactMoment'),
                  message: MAIL_TEXTS.contactConfirm(label),
                }))
              )
                return;
              register.mutate(template.id, {
                onSuccess: (answer) => toast.success(answer.message),
                onError: (error) => showActionError(error),
              });
            }}
          >
            {template.description}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
