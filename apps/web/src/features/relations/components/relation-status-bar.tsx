import {
  FLOW_STATUS_LABELS,
  type FlowStatus,
  STATUS_BAR_STEPS,
  type StatusBarStepState,
  statusBarStates,
} from '@im/domain';
import { Badge, Box, Group, Paper, SimpleGrid, Text, ThemeIcon } from '@mantine/core';
import { IconBan, IconCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

const STEP_COLORS: Record<StatusBarStepState, string> = { done: 'teal', active: 'blue', todo: 'gray' };

/**
 * The relation's status bar for its main flow (spec 001 section 4): earlier steps done, the current
 * one active; a cancelled flow is shown separately instead of on the bar.
 */
export function RelationStatusBar({ status }: { status: FlowStatus | null }) {
  const { t } = useTranslation();
  if (!status) return <Text c="dimmed">{t('relations.noFlow')}</Text>;
  const states = statusBarStates(status);
  if (!states) {
    return (
      <Group gap="xs" data-testid="status-cancelled">
        <ThemeIcon color="red" variant="light" radius="xl">
          <IconBan size={16} />
        </ThemeIcon>
        <Badge color="red" variant="light" size="lg">
          {FLOW_STATUS_LABELS.cancelled}
        </Badge>
      </Group>
    );
  }
  return (
    <SimpleGrid
      component="ol"
      cols={{ base: 2, sm: 3, lg: 6 }}
      spacing="xs"
      aria-label={t('relations.statusBarLabel')}
      m={0}
      p={0}
      style={{ listStyle: 'none' }}
    >
      {STATUS_BAR_STEPS.map((step, i) => {
        const state = states[i] ?? 'todo';
        const color = STEP_COLORS[state];
        return (
          <Paper
            component="li"
            key={step.status}
            withBorder
            p="xs"
            radius="sm"
            data-state={state}
            aria-current={state === 'active' ? 'step' : undefined}
            bg={state === 'todo' ? undefined : `var(--mantine-color-${color}-light)`}
            style={{ borderColor: state === 'todo' ? undefined : `var(--mantine-color-${color}-filled)` }}
          >
            <Group gap="xs" wrap="nowrap" align="flex-start">
              <ThemeIcon size="sm" radius="xl" color={color} variant={state === 'todo' ? 'light' : 'filled'}>
                {state === 'done' ? (
                  <IconCheck size={12} />
                ) : (
                  <Text size="xs" fw={700}>
                    {i + 1}
                  </Text>
                )}
              </ThemeIcon>
              <Box miw={0}>
                <Text
                  size="sm"
                  fw={state === 'active' ? 700 : 500}
                  c={state === 'todo' ? 'dimmed' : undefined}
                >
                  {FLOW_STATUS_LABELS[step.status]}
                </Text>
                {step.label !== FLOW_STATUS_LABELS[step.status] && (
                  <Text size="xs" c="dimmed">
                    {step.label}
                  </Text>
                )}
              </Box>
            </Group>
          </Paper>
        );
      })}
    </SimpleGrid>
  );
}
