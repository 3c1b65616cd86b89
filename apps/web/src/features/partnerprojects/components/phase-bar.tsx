import {
  PARTNER_PROJECT_PHASE_LABELS,
  PARTNER_PROJECT_PHASES,
  PARTNER_PROJECT_TEXTS,
  type PartnerProject,
  partnerProjectPhaseState,
} from '@im/domain';
import { Badge, Button, Card, Group, ScrollArea, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { showActionError } from '../../../ui/alert-dialog';
import { confirm } from '../../../ui/confirm-dialog';
import { useNextPhase } from '../queries';

const LOOK = {
  passed: { color: 'green', variant: 'light' },
  current: { color: 'blue', variant: 'filled' },
  notstarted: { color: 'gray', variant: 'outline' },
} as const;

/**
 * The project's phases in the spec's order (spec 001 section 4): earlier ones passed, the current one, later
 * ones not started; 'Volgende fase' moves one step forward after a confirmation.
 */
export function PhaseBar({ project, canChange }: { project: PartnerProject; canChange: boolean }) {
  const { t } = useTranslation();
  const next = useNextPhase(project.id);
  const isLast = project.status === PARTNER_PROJECT_PHASES[PARTNER_PROJECT_PHASES.length - 1];
  const onNext = async () => {
    const ok = await confirm({
      title: t('partnerprojects.nextPhaseTitle'),
      message: PARTNER_PROJECT_TEXTS.nextPhaseConfirm,
    });
    if (ok) next.mutate(undefined, { onError: (e) => showActionError(e) });
  };
  return (
    <Card withBorder padding="md">
      <Group justify="space-between" mb="xs" wrap="nowrap">
        <Title order={2} size="h4">
          {t('partnerprojects.phasesTitle')}
        </Title>
        {canChange && !isLast && (
          <Button size="xs" onClick={() => void onNext()} loading={next.isPending}>
            {t('partnerprojects.nextPhase')}
          </Button>
        )}
      </Group>
      <ScrollArea
        type="auto"
        offsetScrollbars
        viewportProps={{ tabIndex: 0, 'aria-label': t('partnerprojects.phasesTitle') }}
      >
        <Group gap={6} wrap="nowrap" component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {PARTNER_PROJECT_PHASES.map((phase, i) => {
            const state = partnerProjectPhaseState(phase, project.status);
            const stateLabel = t(
              state === 'passed'
                ? 'partnerprojects.phasePassed'
                : state === 'current'
                  ? 'partnerprojects.phaseCurrent'
                  : 'partnerprojects.phaseNotStarted',
            );
            return (
              <li
                key={phase}
                aria-current={state === 'current' ? 'step' : undefined}
                aria-label={`${PARTNER_PROJECT_PHASE_LABELS[phase]}: ${stateLabel}`}
                style={{ flexShrink: 0 }}
              >
                <Badge
                  size="lg"
                  radius="sm"
                  color={LOOK[state].color}
                  variant={LOOK[state].variant}
                  title={stateLabel}
                  c={state === 'passed' ? '#1e6b30' : undefined}
                  style={{ textTransform: 'none', overflow: 'visible' }}
                >
                  {i + 1}. {PARTNER_PROJECT_PHASE_LABELS[phase]}
                </Badge>
              </li>
            );
          })}
        </Group>
      </ScrollArea>
      <Text size="sm" c="dimmed" mt={4}>
        {t('partnerprojects.phase')}: {PARTNER_PROJECT_PHASE_LABELS[project.status]}
      </Text>
    </Card>
  );
}
