import { Alert, Card, Code, Loader, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMergeTags } from '../queries';

/** /account/company_mergetags: every merge tag with its meaning and an example value, searchable. */
export function MergeTagsScreen() {
  const { t } = useTranslation();
  const tags = useMergeTags();
  const [query, setQuery] = useState('');
  const needle = query.trim().toLowerCase();
  const shown = (tags.data ?? []).filter(
    (tag) =>
      !needle || `${tag.tag} ${tag.group} ${tag.description} ${tag.example}`.toLowerCase().includes(needle),
  );
  return (
    <Stack gap="md" maw={1100}>
      <div>
        <Title order={1}>{t('emailsettings.mergeTags.title')}</Title>
        <Text c="dimmed" size="sm">
          {t('emailsettings.mergeTags.intro', { example: '{{ relatie.naam }}' })}
        </Text>
      </div>
      <TextInput
        label={t('common.search')}
        leftSection={<IconSearch size={16} />}
        value={query}
        onChange={(e) => setQuery(e.currentTarget.value)}
        maw={400}
      />
      {tags.isError && <Alert color="red">{tags.error.message}</Alert>}
      {!tags.data ? (
        <Loader aria-label={t('app.loading')} />
      ) : (
        <Card withBorder padding="md">
          {shown.length === 0 ? (
            <Text c="dimmed">{t('emailsettings.mergeTags.none')}</Text>
          ) : (
            <Table.ScrollContainer minWidth={560}>
              <Table verticalSpacing="xs" striped>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('emailsettings.mergeTags.code')}</Table.Th>
                    <Table.Th>{t('emailsettings.mergeTags.description')}</Table.Th>
                    <Table.Th>{t('emailsettings.mergeTags.example')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {shown.map((tag) => (
                    <Table.Tr key={tag.tag}>
                      <Table.Td>
                        <Code>{`{{ ${tag.tag} }}`}</Code>
                      </Table.Td>
                      <Table.Td>
                        {tag.description}
                        <Text size="xs" c="dimmed">
                          {tag.group}
                        </Text>
                      </Table.Td>
                      <Table.Td style={{ overflowWrap: 'anywhere' }}>{tag.example}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </Card>
      )}
    </Stack>
  );
}
