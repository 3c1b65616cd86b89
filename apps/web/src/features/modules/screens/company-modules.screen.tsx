import { Alert, Badge, Card, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useOwnCompanyModules } from '../queries';

/** Settings area: which modules the own company has (tag, purchased flag); read-only. */
export function CompanyModulesScreen() {
  const { t } = useTranslation();
  const modules = useOwnCompanyModules();
  // The documented answer has no description; the column shows once the server sends one.
  const hasDescriptions = modules.data?.some((m) => m.description !== undefined) ?? false;
  return (
    <Stack gap="md" maw={900}>
      <Title order={1}>{t('modules.companyModulesTitle')}</Title>
      <Text c="dimmed">{t('modules.companyModulesIntro')}</Text>
      <Card withBorder padding="lg">
        {modules.isPending && <Loader aria-label={t('app.loading')} />}
        {modules.isError && <Alert color="red">{modules.error.message}</Alert>}
        {modules.data?.length === 0 && <Text c="dimmed">{t('modules.none')}</Text>}
        {modules.data && modules.data.length > 0 && (
          <Table verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('modules.tag')}</Table.Th>
                {hasDescriptions && <Table.Th>{t('common.description')}</Table.Th>}
                <Table.Th>{t('modules.purchased')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {modules.data.map((module) => (
                <Table.Tr key={module.id}>
                  <Table.Td>
                    <Badge variant="light">{module.tag}</Badge>
                  </Table.Td>
                  {hasDescriptions && <Table.Td>{module.description ?? ''}</Table.Td>}
                  <Table.Td>
                    {module.purchased ? (
                      <Text span c="teal.9" size="sm">
                        <IconCheck size={14} aria-hidden /> {t('common.yes')}
                      </Text>
                    ) : (
                      <Text span c="dimmed" size="sm">
                        {t('common.no')}
                      </Text>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Card>
    </Stack>
  );
}
