import { VERTICAL_TYPE_LABELS, type VerticalType } from '@im/domain';
import { Anchor, Button, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useVerticals } from '../../../api/verticals';
import { StandardCalculations } from '../../calculations';
import { SolarLinksCard } from '../../integrations';
import { SectionCard } from '../components/section-card';
import { TemplateNameModal } from '../components/stage-common';
import { useCreateIntake, useCreateProject, useStageTemplates } from '../queries';

const TITLES: Record<VerticalType, string> = {
  intake: 'Opname-instellingen',
  project: 'Uitvoeringsinstellingen',
  aftercare: 'Service-instellingen',
};

/** The forms of one type, each opening its editor. */
function FormsOfType({ type }: { type: VerticalType }) {
  const { t } = useTranslation();
  const verticals = useVerticals(type);
  return (
    <SectionCard
      title={`${t('forms.forms')} (${VERTICAL_TYPE_LABELS[type]})`}
      actions={
        <Anchor component={Link} to="/vertical_overview" size="sm">
          {t('forms.forms')} →
        </Anchor>
      }
    >
      <Stack gap={4}>
        {(verticals.data ?? []).length === 0 && (
          <Text size="sm" c="dimmed">
            {t('common.none')}
          </Text>
        )}
        {(verticals.data ?? []).map((v) => (
          <Anchor key={v.id} component={Link} to={`/vertical_detail/${v.id}`} size="sm">
            {v.name} ({v.fields_count})
          </Anchor>
        ))}
      </Stack>
    </SectionCard>
  );
}

function Templates({ kind }: { kind: 'intake' | 'project' }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [isCreating, setCreating] = useState(false);
  const createIntake = useCreateIntake();
  const createProject = useCreateProject();
  const create = kind === 'intake' ? createIntake : createProject;
  const templates = useStageTemplates(kind);
  const onCreate = async (name: string) => {
    const created = await create.mutateAsync({ is_template: true, name });
    setCreating(false);
    navigate(`/${kind}template_detail/${created.id}`);
  };
  return (
    <SectionCard
      title={t('forms.templates')}
      actions={
        <Button size="sm" leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
          {t('forms.newTemplate')}
        </Button>
      }
    >
      <Stack gap={4}>
        {(templates.data ?? []).length === 0 && (
          <Text size="sm" c="dimmed">
            {t('common.none')}
          </Text>
        )}
        {(templates.data ?? []).map((t) => (
          <Anchor key={t.id} component={Link} to={`/${kind}template_detail/${t.id}`} size="sm">
            {t.name}
          </Anchor>
        ))}
      </Stack>
      <TemplateNameModal
        opened={isCreating}
        title={t('forms.newTemplate')}
        onClose={() => setCreating(false)}
        onSave={(name) => void onCreate(name)}
        isPending={create.isPending}
        error={create.error?.message}
      />
    </SectionCard>
  );
}

export function IntakeSettingsScreen() {
  return (
    <Stack gap="md" maw={1000}>
      <Title order={1}>{TITLES.intake}</Title>
      <Templates kind="intake" />
      <FormsOfType type="intake" />
      <SolarLinksCard />
    </Stack>
  );
}

export function ProjectSettingsScreen() {
  return (
    <Stack gap="md" maw={1000}>
      <Title order={1}>{TITLES.project}</Title>
      <Templates kind="project" />
      <FormsOfType type="project" />
    </Stack>
  );
}

export function AftercareSettingsScreen() {
  return (
    <Stack gap="md" maw={1000}>
      <Title order={1}>{TITLES.aftercare}</Title>
      <FormsOfType type="aftercare" />
    </Stack>
  );
}

/** Calculation settings: the standard calculations new documents start from. */
export function CalculationSettingsScreen() {
  return (
    <Stack gap="md" maw={1200}>
      <Title order={1}>Calculatie-instellingen</Title>
      <StandardCalculations />
    </Stack>
  );
}
