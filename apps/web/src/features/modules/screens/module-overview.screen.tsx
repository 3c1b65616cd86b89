import { Alert, Card, Loader, Stack, Table, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ModuleDescriptionRow } from '../components/module-description-row';
import { useModules } from '../queries';

export function ModuleOverviewScreen() {
  const { t } = useTranslation();
  const modules = useModules();
  return (
    <Stack gap="md" maw={1100}>
      <Title order={1}>{t('modules.overviewTitle')}</Title>
      <Card withBorder padding="lg">
        {modules.isPending && <Loader aria-label={t('app.loading')} />}
        {modules.isError && <Alert color="red">{modules.error.message}</Alert>}
        {modules.data && (
          <Table verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('modules.tag')}</Table.Th>
                <Table.Th>{t('common.description')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {modules.data.map((module) => (
                <ModuleDescriptionRow key={module.id} module={module} />
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Card>
    </Stack>
  );
}
