import { ActionIcon, Anchor, Tooltip } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import type { DataTableColumn } from 'mantine-datatable';
import 'mantine-datatable/styles.css';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { showActionError } from '../../../ui/alert-dialog';
import { confirm } from '../../../ui/confirm-dialog';
import { ListTable } from '../../../ui/data-table/list-table';
import { formatDate } from '../../../ui/format';
import { toast } from '../../../ui/toasts';
import { type Subscription, useDeleteSubscription } from '../queries';

interface SubscriptionsTableProps {
  subscriptions: Subscription[];
  isFetching?: boolean;
  showCompany?: boolean;
}

export function SubscriptionsTable({
  subscriptions,
  isFetching,
  showCompany = true,
}: SubscriptionsTableProps) {
  const { t } = useTranslation();
  const remove = useDeleteSubscription();

  const onDelete = async (s: Subscription) => {
    const isConfirmed = await confirm({
      title: t('subscriptions.deleteTitle'),
      message: t('subscriptions.deleteConfirm', { type: s.subscription_type_name, company: s.company_name }),
      confirmLabel: t('common.delete'),
      isDanger: true,
    });
    if (!isConfirmed) return;
    remove.mutate(s, {
      onSuccess: () => toast.success(t('subscriptions.deleted')),
      onError: (error) => showActionError(error),
    });
  };

  const columns: DataTableColumn<Subscription>[] = [
    ...(showCompany
      ? [
          {
            accessor: 'company_name',
            title: t('common.company'),
            render: (s: Subscription) => (
              <Anchor component={Link} to={`/company_detail/${s.company_id}`}>
                {s.company_name}
              </Anchor>
            ),
          },
        ]
      : []),
    {
      accessor: 'subscription_type_name',
      title: t('subscriptions.type'),
      render: (s) => (
        <Anchor component={Link} to={`/subscriptiontype_detail/${s.subscription_type_id}`}>
          {s.subscription_type_name}
        </Anchor>
      ),
    },
    { accessor: 'start_date', title: t('subscriptions.start'), render: (s) => formatDate(s.start_date) },
    {
      accessor: 'end_date',
      title: t('subscriptions.end'),
      render: (s) => (s.end_date ? formatDate(s.end_date) : t('subscriptions.noEnd')),
    },
    {
      accessor: 'actions',
      title: t('common.actions'),
      textAlign: 'right',
      render: (s) => (
        <Tooltip label={t('common.delete')}>
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={`${t('common.delete')}: ${s.subscription_type_name} (${s.company_name})`}
            onClick={() => void onDelete(s)}
          >
            <IconTrash size={16} />
          </ActionIcon>
        </Tooltip>
      ),
    },
  ];

  return (
    <ListTable<Subscription>
      records={subscriptions}
      columns={columns}
      fetching={isFetching}
      noRecordsText={t('subscriptions.empty')}
    />
  );
}
