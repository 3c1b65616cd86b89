import {
  COMMUNICATOR_FILTERS,
  type CommunicatorFilter,
  type CommunicatorFlow,
  MESSAGE_STATUS_LABELS,
} from '@im/domain';
import {
  Alert,
  Button,
  Card,
  Group,
  Loader,
  SegmentedControl,
  Stack,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { formatDateTime } from '../../../ui/format';
import { MessageStateBadge } from '../components/message-state-badge';
import { useCommunicator } from '../queries';

/**
 * /communicator: the inbox across flows (spec 001 section 2). Loads 50 flows and grows by 50; the
 * filter picks unread, unanswered or read conversations. A row opens the flow's communicator view.
 */
export function CommunicatorScreen() {
  const { t } = useTranslation();
  const [status, setStatus] = useState<CommunicatorFilter>('all');
  const [pages, setPages] = useState(1);
  const inbox = useCommunicator(status, pages);
  const filterLabel = (f: CommunicatorFilter) => (f === 'all' ? t('common.all') : MESSAGE_STATUS_LABELS[f]);

  return (
    <Stack gap="md" maw={900}>
      <div>
        <Title order={1}>{t('communication.communicator.title')}</Title>
        <Text c="dimmed" size="sm">
          {t('communication.communicator.intro')}
        </Text>
      </div>
      <SegmentedControl
        aria-label={t('communication.communicator.filter')}
        value={status}
        onChange={(value) => {
          setStatus(value as CommunicatorFilter);
          setPages(1);
        }}
        data={COMMUNICATOR_FILTERS.map((f) => ({ value: f, label: filterLabel(f) }))}
        fullWidth
        style={{ maxWidth: 520 }}
      />
      {inbox.isError ? (
        <Alert color="red" role="alert">
          {t('communication.communicator.loadFailed')}
        </Alert>
      ) : !inbox.data ? (
        <Loader aria-label={t('app.loading')} />
      ) : inbox.data.data.length === 0 ? (
        <Text c="dimmed">{t('communication.communicator.empty')}</Text>
      ) : (
        <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {inbox.data.data.map((row) => (
            <li key={row.flow_id}>
              <ConversationRow row={row} />
            </li>
          ))}
        </Stack>
      )}
      {inbox.data?.has_more && (
        <Group>
          <Button variant="default" onClick={() => setPages((p) => p + 1)} loading={inbox.isFetching}>
            {t('communication.communicator.more')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}

function ConversationRow({ row }: { row: CommunicatorFlow }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <UnstyledButton
      w="100%"
      onClick={() => navigate(`/flow_detail/${row.flow_id}?options=flowcommunicator`)}
      // No aria-label: the row's name is what it shows (relation, dossier number, last message), so a
      // voice command naming what is on screen works (WCAG 2.5.3).
    >
      <Card withBorder padding="sm" data-state={row.state}>
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Group gap="xs" wrap="wrap">
            <Text fw={row.state === 'read' ? 500 : 700}>{row.relation_name || '—'}</Text>
            <Text size="sm" c="dimmed">
              {t('communication.communicator.flow', { number: row.flow_number })}
              {row.flow_description ? ` · ${row.flow_description}` : ''}
            </Text>
          </Group>
          <Group gap="xs">
            <MessageStateBadge state={row.state} />
            <Text size="xs" c="dimmed">
              {formatDateTime(row.last_message_at)}
            </Text>
          </Group>
        </Group>
        <Text size="sm" mt={4} lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
          <Text span c="dimmed" size="sm">
            {row.last_message.author_name}:{' '}
          </Text>
          {row.last_message.content}
        </Text>
        <Text size="xs" c="dimmed" mt={2}>
          {t('communication.communicator.messages', { count: row.message_count })}
        </Text>
      </Card>
    </UnstyledButton>
  );
}
