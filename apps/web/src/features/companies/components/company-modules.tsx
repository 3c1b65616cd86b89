import { Alert, Badge, Group, Loader, Stack, Switch, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { showActionError } from '../../../ui/alert-dialog';
import { toast } from '../../../ui/toasts';
import { useModules } from '../../modules';
import { type CompanyDetail, useChangeCompanyModule } from '../queries';

/**
 * Every module with a switch: on adds it to the company (PATCH addmoduletocompany), off removes it
 * (removemodulefromcompany). Purchased modules (through a subscription) are marked.
 */
export function CompanyModules({ company }: { company: CompanyDetail }) {
  const { t } = useTranslation();
  const modules = useModules();
  const change = useChangeCompanyModule(company.id);
  const owned = new Map(company.modules.map((m) => [m.tag, m]));
  const pendingId = change.isPending ? change.variables?.moduleId : undefined;

  if (modules.isPending) return <Loader aria-label={t('app.loading')} />;
  if (modules.isError) return <Alert color="red">{modules.error.message}</Alert>;

  const toggle = (moduleId: number, tag: string, isOn: boolean) =>
    change.mutate(
      { moduleId, change: isOn ? 'add' : 'remove' },
      {
        onSuccess: () =>
          toast.success(t(isOn ? 'companies.moduleAdded' : 'companies.moduleRemoved', { tag })),
        onError: (error) => showActionError(error),
      },
    );

  return (
    <Stack gap="xs">
      <Text size="sm" c="dimmed">
        {t('companies.modulesHelp')}
      </Text>
      <Table verticalSpacing={6}>
        <Table.Tbody>
          {modules.data.map((module) => {
            const own = owned.get(module.tag);
            return (
              <Table.Tr key={module.id}>
                <Table.Td w={60}>
                  <Switch
                    checked={Boolean(own)}
                    disabled={pendingId !== undefined}
                    aria-label={t('companies.moduleToggle', { tag: module.tag })}
                    onChange={(event) => toggle(module.id, module.tag, event.currentTarget.checked)}
                  />
                </Table.Td>
                <Table.Td>
                  <Group gap="xs">
                    <Text fw={600} size="sm">
                      {module.tag}
                    </Text>
                    {own?.purchased && (
                      <Badge size="xs" color="teal.9">
                        {t('companies.purchased')}
                      </Badge>
                    )}
                    {pendingId === module.id && <Loader size="xs" />}
                  </Group>
                  <Text size="xs" c="dimmed">
                    {module.description}
                  </Text>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}
