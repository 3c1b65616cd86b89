import { roleLabel, USER_TYPE_LABELS } from '@im/domain';
import { Card, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useSession } from '../../auth';
import { DashboardActions, DashboardTasks, NotesCard } from '../../planning';
import { ModuleList } from '../components/module-list';

const USECASES = ['standard', 'sales', 'project'] as const;
type Usecase = (typeof USECASES)[number];

// The dashboard: who you are, your actions (counts, filter, list), and what your company has.
// Statistics, leads, tasks and messages widgets arrive with their issues.
export function DashboardScreen() {
  const { t } = useTranslation();
  const session = useSession();
  const [searchParams] = useSearchParams();
  const requested = searchParams.get('usecase');
  const usecase: Usecase = USECASES.find((u) => u === requested) ?? 'standard';

  return (
    <Stack gap="md" maw={900}>
      <Card withBorder padding="lg">
        <Title order={1} size="h2" mb="xs">
          {t('dashboard.welcome', { name: session.username })}
        </Title>
        <Text>{t('dashboard.company', { company: session.companyname })}</Text>
        <Text c="dimmed" size="sm">
          {t('dashboard.role', { role: roleLabel(session.userrole) })} ·{' '}
          {t('dashboard.userType', { type: USER_TYPE_LABELS[session.user_type] })}
        </Text>
        {usecase !== 'standard' && (
          <Text c="dimmed" size="sm">
            {t('dashboard.usecase', { usecase: t(`dashboard.usecases.${usecase}`) })}
          </Text>
        )}
      </Card>
      {session.hasModuleBasis && <DashboardActions />}
      {session.hasModuleBasis && <DashboardTasks />}
      {session.hasModuleCrm && (
        <NotesCard owner={{ company: 1 }} title={t('planning.dashboard.companyNotes')} />
      )}
      <Card withBorder padding="lg">
        <Title order={2} size="h4" mb="sm">
          {t('dashboard.modulesTitle')}
        </Title>
        <ModuleList session={session} />
      </Card>
    </Stack>
  );
}
