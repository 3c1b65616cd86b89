import type { SessionData } from '@im/domain';
import { Anchor, AppShell, Burger, Group, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { companyHasModule, dashboardPathFor, isPartnerUser } from '../../api/access';
import { sessionBranding, useDocumentTitle, useHostBranding } from '../branding';
import { ADMIN_TOP_BAR_COLOR } from '../theme';
// Plug the global search, the communicator count and the notification menu into the top bar.
import '../../features/communication/wiring';
import '../../features/search';
import { getSearchBox, getTopBarItems } from '../../ui/top-bar-slots';
import { ConnectionStatus } from './connection-status';
import { ImpersonationBanner } from './impersonation-banner';
import { LiveUpdates } from './live-updates';
import { SideMenu } from './side-menu';
import { SystemNotifications } from './system-notifications';
import { UserMenu } from './user-menu';

export function AppShellLayout({ session, children }: { session: SessionData; children: ReactNode }) {
  const { t } = useTranslation();
  const [isNavOpen, nav] = useDisclosure(false);
  const branding = sessionBranding(session, useHostBranding());
  useDocumentTitle(branding.appname);
  // A partner user's calls reach only their partner's flows and documents: no search, messages or live feed.
  const isPartner = isPartnerUser(session);
  const SearchBox = isPartner ? null : getSearchBox();
  const isAdminCompany = companyHasModule(session, 'ADMIN');

  return (
    <AppShell
      header={{ height: 56 }}
      navbar={{ width: 240, breakpoint: 'sm', collapsed: { mobile: !isNavOpen } }}
      padding="md"
    >
      <AppShell.Header
        bg={isAdminCompany ? ADMIN_TOP_BAR_COLOR : 'var(--mantine-color-blue-8)'}
        c="white"
        data-admin={isAdminCompany || undefined}
      >
        <Group h="100%" px={{ base: 'xs', xs: 'md' }} justify="space-between" wrap="nowrap" gap="xs">
          <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
            <Burger
              opened={isNavOpen}
              onClick={nav.toggle}
              hiddenFrom="sm"
              size="sm"
              color="white"
              aria-label={t('topbar.openMenu')}
            />
            <Anchor component={Link} to={dashboardPathFor(session)} c="white" underline="never">
              <Text fw={700} size="lg" span truncate display="block" maw={{ base: 130, xs: 'none' }}>
                {branding.appname}
              </Text>
            </Anchor>
            <Text size="sm" c="white" visibleFrom="md" span truncate>
              {session.companyname}
            </Text>
          </Group>
          <Group gap={6} wrap="nowrap" style={{ flexShrink: 0 }}>
            {SearchBox && <SearchBox />}
            {!isPartner && getTopBarItems().map((Item) => <Item key={Item.displayName ?? Item.name} />)}
            <UserMenu session={session} />
          </Group>
        </Group>
      </AppShell.Header>
      {/* A long menu (platform administration) scrolls inside the navbar on a short screen. */}
      <AppShell.Navbar p="sm" style={{ overflowY: 'auto', overscrollBehavior: 'contain' }}>
        <SideMenu session={session} onNavigate={nav.close} />
      </AppShell.Navbar>
      <AppShell.Main>
        {!isPartner && <LiveUpdates />}
        <ImpersonationBanner session={session} />
        <ConnectionStatus />
        <SystemNotifications />
        {children}
      </AppShell.Main>
    </AppShell>
  );
}
