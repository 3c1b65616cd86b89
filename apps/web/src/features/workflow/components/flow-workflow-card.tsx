import { Button, Card, Group, Stack, Title } from '@mantine/core';
import { IconFlask } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../api/client';
import { subscribeLiveEvents } from '../../../api/live';
import { DryRunModal } from '../modals/dry-run.modal';
import { useDelayedRules, useRefreshFlowWorkflow } from '../queries';
import { DelayedRules } from './delayed-rules';
import { WhyLog } from './why-log';

const ENGINE_LAG_MS = 2000;

/**
 * The flow's 'Workflow' card: its pending delayed rules, the "why" log of rule runs and a dry run.
 * Rule runs publish no events of their own; they follow a change on the flow, so every live event
 * of this flow (whatever its entity) refetches the card.
 */
export function FlowWorkflowCard({ flowId, isReadOnly = false }: { flowId: number; isReadOnly?: boolean }) {
  const { t } = useTranslation();
  const delayed = useDelayedRules(flowId);
  const refresh = useRefreshFlowWorkflow(flowId);
  const [isDryRunOpen, setDryRunOpen] = useState(false);

  useEffect(() => {
    let later: ReturnType<typeof setTimeout> | undefined;
    const stop = subscribeLiveEvents((event) => {
      if (event.flow_id !== flowId && !(event.entity_type === 'flow' && event.entity_id === flowId)) return;
      refresh();
      // The rules run after the change is committed (the engine reads the outbox): look again shortly.
      clearTimeout(later);
      later = setTimeout(refresh, ENGINE_LAG_MS);
    });
    return () => {
      stop();
      clearTimeout(later);
    };
  }, [flowId, refresh]);

  // Without access to the workflow rules (module or role) the flow simply has no workflow card.
  if (isApiError(delayed.error, 403)) return null;
  // The server lists every delayed run of the flow; the card shows those still waiting, soonest first.
  const pending = (delayed.data ?? [])
    .filter((d) => d.status === 'pending')
    .sort((a, b) => a.due_at.localeCompare(b.due_at));
  return (
    <Card withBorder padding="md" component="section" aria-labelledby={`workflow-card-${flowId}`}>
      <Group justify="space-between" mb="sm" wrap="wrap" gap="xs">
        <Title order={2} size="h4" id={`workflow-card-${flowId}`}>
          {t('workflow.cardTitle')}
        </Title>
        <Button
          variant="default"
          size="xs"
          leftSection={<IconFlask size={14} />}
          onClick={() => setDryRunOpen(true)}
        >
          {t('workflow.dryRun')}
        </Button>
      </Group>
      <Stack gap="md">
        {pending.length > 0 && <DelayedRules flowId={flowId} delayed={pending} isReadOnly={isReadOnly} />}
        <WhyLog flowId={flowId} />
      </Stack>
      <DryRunModal flowId={flowId} opened={isDryRunOpen} onClose={() => setDryRunOpen(false)} />
    </Card>
  );
}
