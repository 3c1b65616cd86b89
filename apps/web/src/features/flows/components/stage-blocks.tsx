import { FLOW_STAGE_LABELS, FLOW_STAGES, type FlowStage, stageBlockState, stageOf } from '@im/domain';
import { Paper, SimpleGrid, Text, ThemeIcon } from '@mantine/core';
import { IconCheck, IconCircleDashed, IconCircleDot } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Flow } from '../types';

// The stage blocks new…aftercare of the flow detail: completed, active or inactive compared with the
// current status (stageBlockState of @im/domain), with the phase the flow has in that stage.

const PHASE_FIELD: Partial<Record<FlowStage, keyof Flow>> = {
  new: 'status_leads',
  intake: 'status_intakes',
  quotation: 'status_quotations',
  project: 'status_projects',
  invoice: 'status_invoices',
};

const LOOK = {
  completed: { color: 'green', variant: 'light', Icon: IconCheck },
  active: { color: 'blue', variant: 'filled', Icon: IconCircleDot },
  inactive: { color: 'gray', variant: 'default', Icon: IconCircleDashed },
} as const;

function phaseOf(flow: Flow, stage: FlowStage): string | null {
  if (stageOf(flow.flow_status) === stage && flow.flow_phase) return flow.flow_phase.description;
  const field = PHASE_FIELD[stage];
  const value = field ? flow[field] : null;
  return typeof value === 'string' ? value : null;
}

export function StageBlocks({ flow }: { flow: Flow }) {
  const { t } = useTranslation();
  return (
    <SimpleGrid
      cols={{ base: 2, sm: 4, lg: 7 }}
      spacing="xs"
      role="list"
      aria-label={t('flows.detail.stages')}
    >
      {FLOW_STAGES.map((stage) => {
        const state = stageBlockState(stage, flow.flow_status);
        const look = LOOK[state];
        const phase = phaseOf(flow, stage);
        return (
          <Paper
            key={stage}
            role="listitem"
            data-state={state}
            withBorder
            p="xs"
            radius="sm"
            bg={state === 'active' ? 'var(--mantine-color-blue-0)' : undefined}
            style={{ borderColor: state === 'active' ? 'var(--mantine-color-blue-5)' : undefined }}
            aria-label={`${FLOW_STAGE_LABELS[stage]}: ${t(`flows.detail.stageStates.${state}`)}`}
          >
            <ThemeIcon color={look.color} variant={look.variant} size="sm" radius="xl" mb={4}>
              <look.Icon size={14} />
            </ThemeIcon>
            <Text fw={600} size="sm" c={state === 'inactive' ? 'dimmed' : undefined}>
              {FLOW_STAGE_LABELS[stage]}
            </Text>
            <Text size="xs" c="dimmed" lineClamp={2}>
              {phase ?? t(`flows.detail.stageStates.${state}`)}
            </Text>
          </Paper>
        );
      })}
    </SimpleGrid>
  );
}
