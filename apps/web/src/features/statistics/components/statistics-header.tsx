import { Button, Group, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';

const LINKS = [
  ['/account/company_statistics', 'company'],
  ['/account/company_lead_statistics', 'leads'],
  ['/account/company_realtime_statistics', 'realtime'],
] as const;

/** The title, the way between the three statistics screens, and the screen's own actions. */
export function StatisticsHeader({ title, actions }: { title: string; actions?: ReactNode }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return (
    <Group justify="space-between" align="flex-end" gap="sm">
      <div>
        <Title order={2}>{title}</Title>
        <Group component="nav" gap={4} mt="xs" aria-label={t('statistics.companyTitle')}>
          {LINKS.map(([path, key]) => (
            <Button
              key={path}
              component={Link}
              to={path}
              size="compact-md"
              variant={pathname === path ? 'filled' : 'subtle'}
              aria-current={pathname === path ? 'page' : undefined}
            >
              {t(`statistics.nav.${key}`)}
            </Button>
          ))}
        </Group>
      </div>
      {actions}
    </Group>
  );
}
