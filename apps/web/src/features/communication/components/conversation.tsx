import {
  assigneeLabel,
  type FlowMessage,
  MESSAGE_ASSIGNEES,
  MESSAGE_STATUS_LABELS,
  MESSAGE_STATUSES,
  MESSAGE_TEXTS,
  type MessageAssignee,
} from '@im/domain';
import {
  ActionIcon,
  Alert,
  Box,
  Button,
  Group,
  Loader,
  Menu,
  Paper,
  Select,
  Stack,
  Text,
  Textarea,
} from '@mantine/core';
import { IconCheck, IconDots, IconSend, IconTrash, IconUserShare } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showActionError } from '../../../ui/alert-dialog';
import { useConfirmedDelete } from '../../../ui/detail';
import { formatDateTime } from '../../../ui/format';
import { toast } from '../../../ui/toasts';
import {
  useConversation,
  useDeleteMessage,
  useFlowMessageTemplates,
  useMarkAnswered,
  useSendMessage,
  useUpdateMessage,
} from '../queries';
import { MessageStateBadge } from './message-state-badge';

/**
 * A flow's conversation with its customer (the flow detail's communicator view): the customer's
 * messages on the left with their status, the company's on the right; a reply box below. Sending
 * needs content (spec 001 section 5); replying answers the customer's messages.
 */
export function Conversation({ flowId, isReadOnly = false }: { flowId: number; isReadOnly?: boolean }) {
  const { t } = useTranslation();
  const conversation = useConversation(flowId);
  const markAnswered = useMarkAnswered();
  const bottom = useRef<HTMLDivElement>(null);
  const count = conversation.data?.messages.length ?? 0;

  useEffect(() => {
    if (count > 0) bottom.current?.scrollIntoView?.({ block: 'nearest' });
  }, [count]);

  if (conversation.isError)
    return (
      <Alert color="red" role="alert">
        {t('communication.messages.loadFailed')}
      </Alert>
    );
  if (!conversation.data) return <Loader aria-label={t('app.loading')} />;
  const { messages, state } = conversation.data;

  return (
    <Stack gap="sm">
      <Group justify="space-between" wrap="wrap">
        <Group gap="xs">
          <Text fw={600}>{t('communication.messages.title')}</Text>
          <MessageStateBadge state={state} />
        </Group>
        {!isReadOnly && state !== 'read' && (
          <Button
            size="xs"
            variant="light"
            leftSection={<IconCheck size={14} />}
            loading={markAnswered.isPending}
            onClick={() =>
              markAnswered.mutate(flowId, {
                onSuccess: () => toast.success(t('communication.messages.markedAnswered')),
                onError: (error) => showActionError(error),
              })
            }
          >
            {t('communication.messages.markAnswered')}
          </Button>
        )}
      </Group>
      {messages.length === 0 ? (
        <Text c="dimmed" size="sm">
          {t('communication.messages.empty')}
        </Text>
      ) : (
        <Stack gap="xs" role="log" aria-label={t('communication.messages.title')}>
          {messages.map((message) => (
            <MessageBubble key={message.id} message={message} isReadOnly={isReadOnly} />
          ))}
          <div ref={bottom} />
        </Stack>
      )}
      {!isReadOnly && <ReplyBox flowId={flowId} />}
    </Stack>
  );
}

function MessageBubble({ message, isReadOnly }: { message: FlowMessage; isReadOnly: boolean }) {
  const { t } = useTranslation();
  const fromCustomer = message.sendable_type === 'relation';
  return (
    <Box style={{ display: 'flex', justifyContent: fromCustomer ? 'flex-start' : 'flex-end' }}>
      <Paper
        withBorder
        p="sm"
        radius="md"
        maw="min(100%, 560px)"
        bg={fromCustomer ? undefined : 'var(--mantine-color-blue-0)'}
        data-testid="message"
        data-status={message.status}
      >
        <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
          <Text size="xs" c="dimmed">
            {fromCustomer ? `${t('common.customer')}: ` : ''}
            {message.author_name} · {formatDateTime(message.created_at)}
          </Text>
          {!isReadOnly && <MessageMenu message={message} />}
        </Group>
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {message.content}
        </Text>
        <Group gap={6} mt={4}>
          {fromCustomer && <MessageStateBadge state={message.status} size="xs" />}
          {message.assigned_to && (
            <Text size="xs" c="dimmed">
              {t('communication.messages.assignedTo', { label: assigneeLabel(message.assigned_to) })}
            </Text>
          )}
        </Group>
      </Paper>
    </Box>
  );
}

function MessageMenu({ message }: { message: FlowMessage }) {
  const { t } = useTranslation();
  const update = useUpdateMessage();
  const confirmDelete = useConfirmedDelete<number>(useDeleteMessage());
  const change = (body: { status?: FlowMessage['status']; assigned_to?: MessageAssignee | null }) =>
    update.mutate({ id: message.id, ...body }, { onError: (error) => showActionError(error) });
  const assignees: (MessageAssignee | null)[] = [null, ...MESSAGE_ASSIGNEES];

  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" size="md" aria-label={t('communication.messages.options')}>
          <IconDots size={16} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {message.sendable_type === 'relation' && (
          <>
            <Menu.Label>{t('common.status')}</Menu.Label>
            {MESSAGE_STATUSES.filter((s) => s !== message.status).map((status) => (
              <Menu.Item key={status} onClick={() => change({ status })}>
                {t('communication.messages.setStatus', { label: MESSAGE_STATUS_LABELS[status] })}
              </Menu.Item>
            ))}
            <Menu.Divider />
          </>
        )}
        <Menu.Label>{t('communication.messages.assign')}</Menu.Label>
        {assignees
          .filter((a) => a !== message.assigned_to)
          .map((assignee) => (
            <Menu.Item
              key={assignee ?? 'sales'}
              leftSection={<IconUserShare size={14} />}
              onClick={() => change({ assigned_to: assignee })}
            >
              {assigneeLabel(assignee)}
            </Menu.Item>
          ))}
        <Menu.Divider />
        <Menu.Item
          color="red"
          leftSection={<IconTrash size={14} />}
          onClick={() =>
            void confirmDelete(message.id, {
              title: t('communication.messages.deleteTitle'),
              message: t('common.deleteItemConfirm'),
              deleted: t('communication.messages.deleted'),
            })
          }
        >
          {t('common.delete')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

function ReplyBox({ flowId }: { flowId: number }) {
  const { t } = useTranslation();
  const send = useSendMessage();
  const templates = useFlowMessageTemplates(flowId);
  const [content, setContent] = useState('');
  const isEmpty = content.trim() === '';
  const submit = () => {
    if (isEmpty) return;
    send.mutate(
      { flow_id: flowId, content },
      {
        onSuccess: () => {
          setContent('');
          toast.success(t('communication.messages.sent'));
        },
        onError: (error) => showActionError(error),
      },
    );
  };
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Stack gap="xs">
        <Textarea
          label={t('communication.messages.label')}
          placeholder={t('communication.messages.placeholder')}
          value={content}
          onChange={(event) => setContent(event.currentTarget.value)}
          autosize
          minRows={2}
          maxRows={8}
          description={isEmpty ? MESSAGE_TEXTS.empty : undefined}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) submit();
          }}
        />
        <Group justify="space-between" wrap="wrap">
          <Select
            aria-label={t('communication.messages.template')}
            placeholder={t('communication.messages.template')}
            data={(templates.data ?? []).map((tpl) => ({ value: String(tpl.id), label: tpl.description }))}
            value={null}
            onChange={(value) => {
              const tpl = templates.data?.find((x) => String(x.id) === value);
              if (tpl) setContent((current) => (current.trim() ? `${current}\n${tpl.message}` : tpl.message));
            }}
            searchable
            disabled={!templates.data?.length}
            w={260}
          />
          <Button
            type="submit"
            leftSection={<IconSend size={16} />}
            disabled={isEmpty}
            loading={send.isPending}
          >
            {t('common.send')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
