import { FLOW_STAGE_LABELS } from '@im/domain';
import { Alert, Button, Group, Paper, Select, Stack, Text } from '@mantine/core';
import { IconPlayerPlay } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../ui/form/form-modal';
import { formatDateTime } from '../../../ui/format';
import { LightBadge } from '../../../ui/light-badge';
import { useIsPhone } from '../../../ui/responsive';
import { ConditionOutcomes } from '../components/condition-outcomes';
import { useDryRun, useEventTriggers } from '../queries';

interface Props {
  flowId: number;
  opened: boolean;
  onClose: () => void;
}

/** 'Proefdraaien': which rules would run on this flow now, and why (or why not); nothing changes. */
export function DryRunModal({ flowId, opened, onClose }: Props) {
  const { t } = useTranslation();
  return (
    <FormModal opened={opened} onClose={onClose} title={t('workflow.dryRunTitle')} size="lg">
      <DryRun flowId={flowId} onClose={onClose} />
    </FormModal>
  );
}

function DryRun({ flowId, onClose }: { flowId: number; onClose: () => void }) {
  const { t } = useTranslation();
  const isPhone = useIsPhone();
  const triggers = useEventTriggers().data ?? [];
  const dryRun = useDryRun();
  const [tag, setTag] = useState<string | null>(null);
  const stages = Object.keys(FLOW_STAGE_LABELS) as (keyof typeof FLOW_STAGE_LABELS)[];
  const data = stages
    .map((stage) => ({
      group: FLOW_STAGE_LABELS[stage],
      items: triggers
        .filter((t) => t.flowstage === stage)
        .map((t) => ({ value: t.tag, label: t.description })),
    }))
    .filter((g) => g.items.length > 0);

  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        {t('workflow.dryRunIntro')}
      </Text>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <Select
          label={t('workflow.dryRunTrigger')}
          placeholder={t('workflow.dryRunAllTriggers')}
          data={data}
          value={tag}
          onChange={setTag}
          clearable
          searchable={!isPhone}
          comboboxProps={{ withinPortal: true }}
          style={{ flex: '1 1 240px' }}
        />
        <Button
          leftSection={<IconPlayerPlay size={16} />}
          loading={dryRun.isPending}
          onClick={() => dryRun.mutate({ flow_id: flowId, ...(tag ? { event_trigger_tag: tag } : {}) })}
        >
          {t('workflow.dryRunRun')}
        </Button>
      </Group>
      {dryRun.isError && (
        <Alert color="red" role="alert">
          {dryRun.error.message}
        </Alert>
      )}
      {dryRun.data && dryRun.data.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('workflow.dryRunEmpty')}
        </Text>
      )}
      {dryRun.data?.map((r) => (
        <Paper key={r.rule_id} withBorder p="xs" radius="sm" data-testid={`dryrun-${r.rule_id}`}>
          <Stack gap={4}>
            <Group justify="space-between" gap="xs" wrap="wrap">
              <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                {r.description || r.type_label}
              </Text>
              <LightBadge color={r.would_fire ? 'green' : 'gray'} size="sm">
                {r.would_fire ? t('workflow.wouldFire') : t('workflow.wouldNotFire')}
              </LightBadge>
            </Group>
            <Text size="xs" c="dimmed">
              {r.trigger_description}
              {r.would_fire && r.due_at
                ? ` · ${t('workflow.wouldFireAt', { date: formatDateTime(r.due_at) })}`
                : ''}
            </Text>
            {r.reason && <Text size="sm">{r.reason}</Text>}
            {r.conditions.length > 0 && <ConditionOutcomes conditions={r.conditions} />}
          </Stack>
        </Paper>
      ))}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          {t('common.close')}
        </Button>
      </Group>
    </Stack>
  );
}
