import { Card, List, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { RELEASE_NOTES } from '../release-notes.data';

export function ReleaseNotesScreen() {
  const { t } = useTranslation();
  return (
    <Stack gap="md" maw={800}>
      <Title order={1}>{t('releaseNotes.title')}</Title>
      {RELEASE_NOTES.map((note) => (
        <Card key={note.version} withBorder>
          <Title order={2} size="h4" mb="xs">
            {t('releaseNotes.version', { version: note.version })}
          </Title>
          <List>
            {note.items.map((item) => (
              <List.Item key={item}>{item}</List.Item>
            ))}
          </List>
        </Card>
      ))}
    </Stack>
  );
}
