import { Alert, Button, Group, Select, Stack, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCompanyOptions } from '../../../api/companies';
import { SubscriptionsTable } from '../components/subscriptions-table';
import { CreateSubscriptionModal } from '../modals/create-subscription.modal';
import { useSubscriptions } from '../queries';

/** All subscriptions (GET /api/subscription), optionally of one company. */
export function SubscriptionOverviewScreen() {
  const { t } = useTranslation();
  const [companyId, setCompanyId] = useState<string | null>(null);
  const companies = useCompanyOptions();
  const subscriptions = useSubscriptions(companyId ? Number(companyId) : null);
  const [isAdding, adding] = useDisclosure(false);

  return (
    <Stack gap="md" maw={1100}>
      <Group justify="space-between">
        <Title order={1}>{t('subscriptions.overviewTitle')}</Title>
        <Button leftSection={<IconPlus size={16} />} onClick={adding.open}>
          {t('subscriptions.newSubscription')}
        </Button>
      </Group>
      <Select
        label={t('common.company')}
        placeholder={t('users.allCompanies')}
        data={companies.data ?? []}
        value={companyId}
        onChange={setCompanyId}
        searchable
        clearable
        maw={320}
      />
      {subscriptions.isError && <Alert color="red">{subscriptions.error.message}</Alert>}
      <SubscriptionsTable subscriptions={subscriptions.data ?? []} isFetching={subscriptions.isFetching} />
      <CreateSubscriptionModal opened={isAdding} onClose={adding.close} />
    </Stack>
  );
}
