import { Alert, Anchor, Card, Group, Loader, SimpleGrid, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { isApiError } from '../../../api/client';
import { DetailActions, useConfirmedDelete } from '../../../ui/detail';
import { SubscriptionTypeForm } from '../components/subscriptiontype-form';
import { SubscriptionTypeModules } from '../components/subscriptiontype-modules';
import { useDeleteSubscriptionType, useSubscriptionType } from '../queries';

export function SubscriptionTypeDetailScreen() {
  const { t } = useTranslation();
  const id = Number(useParams().subscriptiontypeId);
  const type = useSubscriptionType(id);
  const remove = useDeleteSubscriptionType();
  const confirmDelete = useConfirmedDelete(remove, '/subscriptiontype_overview');

  // A type still in use answers 409 with the reason: shown as an alert.
  const onDelete = async () => {
    if (!type.data) return;
    await confirmDelete(id, {
      title: t('subscriptions.typeDeleteTitle'),
      message: t('subscriptions.typeDeleteConfirm', { name: type.data.name }),
      deleted: t('subscriptions.typeDeleted'),
    });
  };

  return (
    <Stack gap="md" maw={1100}>
      <Anchor component={Link} to="/subscriptiontype_overview" size="sm">
        ← {t('subscriptions.typesTitle')}
      </Anchor>
      {type.isPending && <Loader aria-label={t('app.loading')} />}
      {type.isError && (
        <Alert color="red">
          {isApiError(type.error, 404) ? t('subscriptions.typeNotFound') : type.error.message}
        </Alert>
      )}
      {type.data && (
        <>
          <Group justify="space-between">
            <Title order={1}>{type.data.name}</Title>
            <DetailActions onDelete={() => void onDelete()} isDeleting={remove.isPending} />
          </Group>
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
            <Card withBorder padding="lg">
              <Title order={2} size="h4" mb="md">
                {t('common.details')}
              </Title>
              <SubscriptionTypeForm key={type.data.id} type={type.data} />
            </Card>
            <Card withBorder padding="lg">
              <Title order={2} size="h4" mb="md">
                {t('subscriptions.typeModules')}
              </Title>
              <SubscriptionTypeModules type={type.data} />
            </Card>
          </SimpleGrid>
        </>
      )}
    </Stack>
  );
}
