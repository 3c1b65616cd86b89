import { Alert, Button, Group, Stack } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { CreateSubscriptionModal } from '../modals/create-subscription.modal';
import { useSubscriptions } from '../queries';
import { SubscriptionsTable } from './subscriptions-table';

/** The subscriptions of one company (company detail): list, add, delete. */
export function CompanySubscriptions({ companyId, canAdd = true }: { companyId: number; canAdd?: boolean }) {
  const { t } = useTranslation();
  const subscriptions = useSubscriptions(companyId);
  const [isAdding, adding] = useDisclosure(false);
  return (
    <Stack gap="sm">
      {canAdd && (
        <Group justify="flex-end">
          <Button variant="light" leftSection={<IconPlus size={16} />} onClick={adding.open}>
            {t('subscriptions.newSubscription')}
          </Button>
        </Group>
      )}
      {subscriptions.isError && <Alert color="red">{subscriptions.error.message}</Alert>}
      <SubscriptionsTable
        subscriptions={subscriptions.data ?? []}
        isFetching={subscriptions.isFetching}
        showCompany={false}
      />
      <CreateSubscriptionModal opened={isAdding} onClose={adding.close} companyId={companyId} />
    </Stack>
  );
}
