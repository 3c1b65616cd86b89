import { Alert, Anchor, Badge, Button, Group, Stack, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconPlus } from '@tabler/icons-react';
import 'mantine-datatable/styles.css';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ListTable } from '../../../ui/data-table/list-table';
import { CreateSubscriptionTypeModal } from '../modals/create-subscriptiontype.modal';
import { useSubscriptionTypes } from '../queries';

export function SubscriptionTypeOverviewScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const types = useSubscriptionTypes();
  const [isCreating, creating] = useDisclosure(false);

  return (
    <Stack gap="md" maw={1100}>
      <Group justify="space-between">
        <Title order={1}>{t('subscriptions.typesTitle')}</Title>
        <Button leftSection={<IconPlus size={16} />} onClick={creating.open}>
          {t('subscriptions.newType')}
        </Button>
      </Group>
      {types.isError && <Alert color="red">{types.error.message}</Alert>}
      <ListTable
        records={types.data ?? []}
        fetching={types.isFetching}
        noRecordsText={t('subscriptions.typesEmpty')}
        onRowClick={(record) => navigate(`/subscriptiontype_detail/${record.id}`)}
        columns={[
          {
            accessor: 'name',
            title: t('common.name'),
            render: (type) => (
              <Anchor
                component={Link}
                to={`/subscriptiontype_detail/${type.id}`}
                onClick={(e) => e.stopPropagation()}
              >
                {type.name}
              </Anchor>
            ),
          },
          { accessor: 'description', title: t('common.description') },
          {
            accessor: 'modules',
            title: t('companies.modules'),
            render: (type) => (
              <Group gap={4}>
                {type.modules.map((m) => (
                  <Badge key={m.id} size="xs" variant="light">
                    {m.tag}
                  </Badge>
                ))}
              </Group>
            ),
          },
        ]}
      />
      <CreateSubscriptionTypeModal
        opened={isCreating}
        onClose={creating.close}
        onCreated={(type) => navigate(`/subscriptiontype_detail/${type.id}`)}
      />
    </Stack>
  );
}
