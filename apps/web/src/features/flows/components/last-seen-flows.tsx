import { Button, Group, Loader, ScrollArea, Text } from '@mantine/core';
import { IconHistory } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSession } from '../../auth';
import { useLastFlowIds } from '../last-flows';
import { useLastSeenFlows } from '../queries';

const SHOWN = 10;

/** "Laatst bekeken": the company's flows from `lastFlows`, loaded with POST getlastseenflows. */
export function LastSeenFlows() {
  const { t } = useTranslation();
  const session = useSession();
  const ids = useLastFlowIds(session.currentcompany_id).slice(0, SHOWN);
  const flows = useLastSeenFlows(ids, true);
  const rows = ids.length > 0 ? (flows.data ?? []) : [];

  return (
    <Group gap="xs" wrap="nowrap" component="section" aria-label={t('flows.lastSeen.title')}>
      <Group gap={4} wrap="nowrap" style={{ flexShrink: 0 }}>
        <IconHistory size={16} />
        <Text size="sm" fw={600}>
          {t('flows.lastSeen.title')}:
        </Text>
      </Group>
      {flows.isLoading && <Loader size="xs" />}
      {!flows.isLoading && rows.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('flows.lastSeen.empty')}
        </Text>
      )}
      <ScrollArea type="auto" scrollbarSize={6} offsetScrollbars="x">
        <Group gap={6} wrap="nowrap">
          {rows.map((flow) => (
            <Button
              key={flow.id}
              component={Link}
              to={`/flow_detail/${flow.id}`}
              size="compact-sm"
              variant="light"
              title={flow.description ?? undefined}
            >
              {flow.relation_fullname} (#{flow.number})
            </Button>
          ))}
        </Group>
      </ScrollArea>
    </Group>
  );
}
