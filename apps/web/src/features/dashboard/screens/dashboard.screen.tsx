import {
  DASHBOARD_USECASES,
  type DashboardUsecase,
  type DashboardWidget,
  roleLabel,
  USER_TYPE_LABELS,
} from '@im/domain';
import { Alert, Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'react-router';
import { LoadingBlock } from '../../../ui/loading-block';
import { useSession } from '../../auth';
import { DashboardMessages, DashboardNotifications } from '../../communication';
import { DashboardIncidents } from '../../incidents';
import { DashboardActions, DashboardTasks, NotesCard } from '../../planning';
import { DashboardLeads } from '../components/dashboard-leads';
import { DashboardStatistics } from '../components/dashboard-statistics';
import { ModuleList } from '../components/module-list';
import { useDashboard } from '../queries';

/** Spec 000 section 4: /dashboard_sales and /dashboard_project are those usecases; /dashboard takes the parameter. */
function usecaseOf(pathname: string, requested: string | null): DashboardUsecase {
  if (pathname === '/dashboard_sales') return 'sales';
  if (pathname === '/dashboard_project') return 'project';
  return DASHBOARD_USECASES.find((u) => u === requested) ?? 'standard';
}

/** The user's dashboard: statistics, then the widgets of the dashboard type that the company's modules allow. */
export function DashboardScreen() {
  const { t } = useTranslation();
  const session = useSession();
  const { pathname } = useLocation();
  const [searchParams] = useSearchParams();
  const usecase = usecaseOf(pathname, searchParams.get('usecase'));
  const dashboard = useDashboard(usecase);

  const widget = (w: DashboardWidget): ReactNode => {
    switch (w) {
      case 'leads':
        return <DashboardLeads key={w} />;
      case 'tasks':
        return <DashboardTasks key={w} />;
      case 'actions':
        return <DashboardActions key={w} />;
      case 'messages':
        return <DashboardMessages key={w} />;
      case 'incidents':
        return <DashboardIncidents key={w} />;
      case 'notifications':
        return <DashboardNotifications key={w} />;
      case 'notes':
        return <NotesCard key={w} owner={{ company: 1 }} title={t('planning.dashboard.companyNotes')} />;
      default:
        return null;
    }
  };
  const widgets = dashboard.data?.widgets ?? [];

  return (
    <Stack gap="md">
      <Card withBorder padding="lg">
        <Title order={1} size="h2" mb="xs">
          {t('dashboard.welcome', { name: session.username })}
        </Title>
        <Text>{t('dashboard.company', { company: session.companyname })}</Text>
        <Text c="dimmed" size="sm">
          {t('dashboard.role', { role: roleLabel(session.userrole) })} ·{' '}
          {t('dashboard.userType', { type: USER_TYPE_LABELS[session.user_type] })}
          {usecase !== 'standard' &&
            ` · ${t('dashboard.usecase', { usecase: t(`dashboard.usecases.${usecase}`) })}`}
        </Text>
      </Card>
      <LoadingBlock when={dashboard.isPending} />
      {dashboard.isError && <Alert color="red">{t('dashboard.widgets.loadFailed')}</Alert>}
      {dashboard.data && widgets.includes('statistics') && <DashboardStatistics dashboard={dashboard.data} />}
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md" style={{ alignItems: 'start' }}>
        {widgets.filter((w) => w !== 'statistics').map(widget)}
      </SimpleGrid>
      <Card withBorder padding="lg">
        <Title order={2} size="h4" mb="sm">
          {t('dashboard.modulesTitle')}
        </Title>
        <ModuleList session={session} />
      </Card>
    </Stack>
  );
}
