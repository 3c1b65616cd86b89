import { Alert, Loader, SimpleGrid, Stack, Switch, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { showActionError } from '../../../ui/alert-dialog';
import { useModules } from '../../modules';
import { type SubscriptionType, useChangeSubscriptionTypeModule } from '../queries';

/** A switch per module: PATCH addmoduletosubscriptiontype / removemodulefromsubscriptiontype. */
export function SubscriptionTypeModules({ type }: { type: SubscriptionType }) {
  const { t } = useTranslation();
  const modules = useModules();
  const change = useChangeSubscriptionTypeModule(type.id);
  const owned = new Set(type.modules.map((m) => m.tag));

  if (modules.isPending) return <Loader aria-label={t('app.loading')} />;
  if (modules.isError) return <Alert color="red">{modules.error.message}</Alert>;

  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        {t('subscriptions.typeModulesHelp')}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
        {modules.data.map((module) => (
          <Switch
            key={module.id}
            label={module.tag}
            description={module.description}
            checked={owned.has(module.tag)}
            disabled={change.isPending}
            onChange={(event) =>
              change.mutate(
                { moduleId: module.id, change: event.currentTarget.checked ? 'add' : 'remove' },
                { onError: (error) => showActionError(error) },
              )
            }
          />
        ))}
      </SimpleGrid>
    </Stack>
  );
}
