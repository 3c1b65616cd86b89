import type { SessionData } from '@im/domain';
import { Avatar, Menu, Text, UnstyledButton } from '@mantine/core';
import { IconLanguage, IconLogout, IconNews, IconUser } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isPartnerUser } from '../../api/access';
import { useLogout } from '../../features/auth';
import { changeLanguage } from '../../i18n';

function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase())
    .join('');
}

export function UserMenu({ session }: { session: SessionData }) {
  const { t, i18n } = useTranslation();
  const logout = useLogout();
  return (
    <Menu position="bottom-end" width={240} shadow="md">
      <Menu.Target>
        {/* The name holds the initials it shows, so a voice command naming them works (WCAG 2.5.3). */}
        <UnstyledButton aria-label={t('topbar.userMenu', { initials: initials(session.username) })}>
          <Avatar color="white" variant="outline" radius="xl" size="md">
            {initials(session.username)}
          </Avatar>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>
          <Text size="sm" fw={600} c="var(--mantine-color-text)">
            {t('topbar.loggedInAs', { name: session.username })}
          </Text>
          <Text size="xs">{session.companyname}</Text>
        </Menu.Label>
        {/* A partner user's screens are their dashboard, flows and documents only (decision 056). */}
        {!isPartnerUser(session) && (
          <>
            <Menu.Item component={Link} to="/account/user_profile" leftSection={<IconUser size={16} />}>
              {t('topbar.profile')}
            </Menu.Item>
            <Menu.Item component={Link} to="/releasenotes" leftSection={<IconNews size={16} />}>
              {t('topbar.releaseNotes')}
            </Menu.Item>
          </>
        )}
        <Menu.Item
          leftSection={<IconLanguage size={16} />}
          onClick={() => changeLanguage(i18n.language === 'en' ? 'nl' : 'en')}
        >
          {t('topbar.language')}
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item color="red" leftSection={<IconLogout size={16} />} onClick={() => void logout()}>
          {t('topbar.logout')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
