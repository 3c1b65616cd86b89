import { RULE_RUN_OUTCOME_LABELS, type RuleRun } from '@im/domain';
import { Alert, Anchor, Button, Collapse, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../ui/format';
import { LightBadge, type LightBadgeColor } from '../../../ui/light-badge';
import { useRuleRuns } from '../queries';
import { ConditionOutcomes } from './condition-outcomes';

const OUTCOME_COLORS: Record<RuleRun['outcome'], LightBadgeColor> = {
  fired: 'green',
  scheduled: 'blue',
  skipped: 'gray',
  failed: 'red',
  cancelled: 'orange',
};

/** 'Waarom': the flow's rule runs, newest first, five at a time. */
export function WhyLog({ flowId }: { flowId: number }) {
  const { t } = useTranslation();
  const runs = useRuleRuns(flowId);
  const rows = runs.data?.pages.flatMap((page) => page.data) ?? [];
  return (
    <Stack gap="xs">
      <div>
        <Title order={3} size="h5">
          {t('workflow.whyTitle')}
        </Title>
        <Text size="xs" c="dimmed">
          {t('workflow.whyIntro')}
        </Text>
      </div>
      {runs.isError && (
        <Alert color="red" role="alert">
          {t('workflow.whyLoadFailed')}
        </Alert>
      )}
      {runs.data && rows.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('workflow.whyEmpty')}
        </Text>
      )}
      {rows.map((run) => (
        <RunRow key={run.id} run={run} />
      ))}
      {runs.hasNextPage && (
        <Group>
          <Button
            variant="default"
            size="xs"
            loading={runs.isFetchingNextPage}
            onClick={() => void runs.fetchNextPage()}
          >
            {t('common.showMore')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}

function RunRow({ run }: { run: RuleRun }) {
  const { t } = useTranslation();
  const [isOpen, { toggle }] = useDisclosure(false);
  const listId = useId();
  return (
    <Paper withBorder p="xs" radius="sm" data-testid={`rule-run-${run.id}`}>
      <Stack gap={4}>
        <Group gap="xs" justify="space-between" wrap="wrap">
          <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
            {run.rule_description || run.type_label}
          </Text>
          <LightBadge color={OUTCOME_COLORS[run.outcome]} size="sm">
            {RULE_RUN_OUTCOME_LABELS[run.outcome]}
          </LightBadge>
        </Group>
        <Text size="xs" c="dimmed">
          {formatDateTime(run.created_at)} · {run.trigger_description}
        </Text>
        {run.reason && (
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {run.reason}
          </Text>
        )}
        {run.conditions.length > 0 && (
          <>
            <Anchor
              component="button"
              type="button"
              size="sm"
              ta="left"
              onClick={toggle}
              aria-expanded={isOpen}
              aria-controls={listId}
            >
              {isOpen
                ? t('workflow.hideConditions')
                : t('workflow.showConditions', { count: run.conditions.length })}
            </Anchor>
            <Collapse expanded={isOpen} id={listId}>
              <ConditionOutcomes conditions={run.conditions} />
            </Collapse>
          </>
        )}
      </Stack>
    </Paper>
  );
}
