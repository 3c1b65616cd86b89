import type { Partner } from '@im/domain';
import { Anchor, Button, Group, Stack, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconPlus } from '@tabler/icons-react';
import type { DataTableColumn } from 'mantine-datatable';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ServerDataTable } from '../../../ui/data-table/server-data-table';
import { formatDate } from '../../../ui/format';
import { PartnerModal } from '../modals/partner.modal';
import { PARTNER_LIST_STEP, PARTNER_TABLE_PATH } from '../queries';

/** /partner_overview (PARTNERMANAGEMENT): the company's partners, paged and searched on the server. */
export function PartnerOverviewScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [isCreating, creating] = useDisclosure(false);

  const columns: DataTableColumn<Partner>[] = [
    {
      accessor: 'name',
      title: t('partners.name'),
      sortable: true,
      render: (p) => (
        <Anchor component={Link} to={`/partner_detail/${p.id}`} onClick={(event) => event.stopPropagation()}>
          {p.name}
        </Anchor>
      ),
    },
    {
      accessor: 'start_date',
      title: t('partners.startDate'),
      sortable: true,
      render: (p) => formatDate(p.start_date),
    },
    {
      accessor: 'end_date',
      title: t('partners.endDate'),
      sortable: true,
      render: (p) => formatDate(p.end_date),
    },
    {
      accessor: 'flowprofile_name',
      title: t('partners.flowprofile'),
      render: (p) => p.flowprofile_name ?? '',
    },
    { accessor: 'users_count', title: t('partners.usersCount'), textAlign: 'right' },
    { accessor: 'flows_count', title: t('partners.flowsCount'), textAlign: 'right' },
  ];

  return (
    <Stack gap="md" maw={1400}>
      <Group justify="space-between">
        <Title order={1}>{t('partners.overviewTitle')}</Title>
        <Button leftSection={<IconPlus size={16} />} onClick={creating.open}>
          {t('partners.newPartner')}
        </Button>
      </Group>
      <ServerDataTable<Partner>
        tableKey="partner_overview"
        path={PARTNER_TABLE_PATH}
        columns={columns}
        pageSize={PARTNER_LIST_STEP}
        defaultSort={{ column: 'name', direction: 'asc' }}
        idAccessor="id"
        onRowClick={(p) => navigate(`/partner_detail/${p.id}`)}
      />
      <PartnerModal opened={isCreating} onClose={creating.close} />
    </Stack>
  );
}
