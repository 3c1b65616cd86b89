import type { SessionData } from '@im/domain';
import { NavLink, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import type { MenuGroup } from '../../api/route-types';
import { buildMenu, type MenuItem } from './menu-items';
import { PortalLink } from './portal-link';

// Ungrouped entries first, then the sections in this order.
const GROUPS: readonly MenuGroup[] = ['settings', 'admin'];

function MenuLink({
  item,
  pathname,
  onNavigate,
}: {
  item: MenuItem;
  pathname: string;
  onNavigate: () => void;
}) {
  const { t } = useTranslation();
  const { to, labelKey, icon: Icon } = item;
  const target = to.split('?')[0];
  return (
    <NavLink
      component={Link}
      to={to}
      label={t(`menu.${labelKey}`)}
      leftSection={<Icon size={18} stroke={1.6} />}
      active={pathname === target || pathname.startsWith(`${target}/`)}
      onClick={onNavigate}
    />
  );
}

export function SideMenu({ session, onNavigate }: { session: SessionData; onNavigate: () => void }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const items = buildMenu(session);
  const main = items.filter((item) => item.group === null);
  return (
    <Stack gap={2} component="nav" aria-label={t('menu.navigation')}>
      {main.map((item) => (
        <MenuLink key={item.path} item={item} pathname={pathname} onNavigate={onNavigate} />
      ))}
      <PortalLink session={session} onNavigate={onNavigate} />
      {GROUPS.map((group) => {
        const entries = items.filter((item) => item.group === group);
        if (entries.length === 0) return null;
        return (
          <Stack key={group} gap={2} mt="md" role="group" aria-labelledby={`menu-group-${group}`}>
            <Text id={`menu-group-${group}`} size="xs" fw={700} c="dimmed" tt="uppercase" px="sm" mb={4}>
              {t(`menuGroups.${group}`)}
            </Text>
            {entries.map((item) => (
              <MenuLink key={item.path} item={item} pathname={pathname} onNavigate={onNavigate} />
            ))}
          </Stack>
        );
      })}
    </Stack>
  );
}
