import { moduleLabel, type SessionData } from '@im/domain';
import { Badge, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The company's modules from the session; modules on the user's blacklist are marked. */
export function ModuleList({ session }: { session: SessionData }) {
  const { t } = useTranslation();
  if (session.modules.length === 0) return <Text c="dimmed">{t('dashboard.noModules')}</Text>;
  return (
    <Group gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {[...session.modules]
        .sort((a, b) => moduleLabel(a).localeCompare(moduleLabel(b), 'nl'))
        .map((tag) => {
          const isBlacklisted = session.module_blacklist.includes(tag);
          const name = moduleLabel(tag);
          return (
            <li key={tag}>
              <Badge variant={isBlacklisted ? 'outline' : 'light'} color={isBlacklisted ? 'gray' : undefined}>
                {isBlacklisted ? `${name} (${t('dashboard.blacklisted')})` : name}
              </Badge>
            </li>
          );
        })}
    </Group>
  );
}
