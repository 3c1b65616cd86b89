import { FLOW_STATUS_LABELS, type FlowStatus, type PartnerProject } from '@im/domain';
import { Badge, Card, Group, Progress, Text, Title, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** One colour per status along the flow's order, so the bar fills from left (lead) to right (done). */
export const STATUS_BAR_COLORS: Record<FlowStatus, string> = {
  unread: 'gray.5',
  new: 'gray.6',
  intake: 'yellow.6',
  quotation: 'orange.6',
  confirmation: 'grape.6',
  project: 'blue.6',
  invoice: 'cyan.7',
  aftercare: 'teal.5',
  completed: 'green.7',
  cancelled: 'red.6',
};

/** The cockpit's phase progress bar: the project's flows per status (main flow and cancelled ones not counted). */
export function ProjectProgressBar({ project }: { project: PartnerProject }) {
  const { t } = useTranslation();
  const total = project.flows_count;
  return (
    <Card withBorder padding="md">
      <Group justify="space-between" mb="xs">
        <Title order={2} size="h4">
          {t('partnerprojects.progressTitle')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('partnerprojects.flowsCount', { count: total })}
        </Text>
      </Group>
      <Progress.Root size={22}>
        {project.flows_by_status.map((s) => (
          <Tooltip key={s.status} label={`${FLOW_STATUS_LABELS[s.status]}: ${s.count}`}>
            <Progress.Section
              value={total ? (s.count / total) * 100 : 0}
              color={STATUS_BAR_COLORS[s.status]}
              aria-label={`${FLOW_STATUS_LABELS[s.status]}: ${s.count}`}
            >
              <Progress.Label>{s.count}</Progress.Label>
            </Progress.Section>
          </Tooltip>
        ))}
      </Progress.Root>
      <Group gap="md" mt="xs">
        {project.flows_by_status.map((s) => (
          <Group key={s.status} gap={4} wrap="nowrap">
            <span
              aria-hidden
              style={{
                width: 10,
                height: 10,
                borderRadius: 2,
                background: `var(--mantine-color-${STATUS_BAR_COLORS[s.status].replace('.', '-')})`,
              }}
            />
            <Text size="sm">
              {FLOW_STATUS_LABELS[s.status]} {s.count}
            </Text>
          </Group>
        ))}
      </Group>
      {project.progress && (
        <Group gap="xs" mt="xs" wrap="wrap">
          <Badge color={project.progress.reached ? 'green' : 'gray'} variant="light">
            {project.progress.reached
              ? t('partnerprojects.thresholdReached')
              : t('partnerprojects.progressThreshold')}
          </Badge>
          <Text size="sm">{project.progress.text}</Text>
        </Group>
      )}
    </Card>
  );
}
