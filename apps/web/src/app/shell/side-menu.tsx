import type { SessionData } from '@im/domain';
import { NavLink, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { buildMenu } from './menu-items';

export function SideMenu({ session, onNavigate }: { session: SessionData; onNavigate: () => void }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const items = buildMenu(session);
  return (
    <Stack gap={2} component="nav" aria-label={t('menu.navigation')}>
      {items.map(({ to, labelKey, icon: Icon }) => {
        const target = to.split('?')[0];
        return (
          <NavLink
            key={labelKey}
            component={Link}
            to={to}
            label={t(`menu.${labelKey}`)}
            leftSection={<Icon size={18} stroke={1.6} />}
            active={pathname === target || pathname.startsWith(`${target}/`)}
            onClick={onNavigate}
          />
        );
      })}
    </Stack>
  );
}
