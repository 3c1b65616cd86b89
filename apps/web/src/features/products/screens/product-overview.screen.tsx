import { PRODUCT_STATUS_LABELS, PRODUCT_STATUSES, type ProductRow } from '@im/domain';
import { Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconCircleCheck, IconPlus } from '@tabler/icons-react';
import type { DataTableColumn } from 'mantine-datatable';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ServerDataTable } from '../../../ui/data-table/server-data-table';
import { formatDate, formatNumber, formatRate } from '../../../ui/format';
import { StandardCalculations } from '../../calculations';
import { PRODUCT_TYPE_LABELS } from '../components/product-form';
import { ProductImportExport } from '../components/product-import-export';
import { CreateProductModal } from '../modals/product.modal';
import { PRODUCT_TABLE_PATH } from '../queries';

/** Spec 002 section 2: text in lists is cut at 128 characters with an ellipsis; empty shows 'Geen'. */
export function shortText(text: string, none: string): string {
  if (!text.trim()) return none;
  return text.length > 128 ? `${text.slice(0, 128)}…` : text;
}

export function ProductOverviewScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [isCreating, creating] = useDisclosure(false);

  const columns: DataTableColumn<ProductRow>[] = [
    {
      accessor: 'item_name',
      title: t('products.itemName'),
      sortable: true,
      render: (p) => (
        <Anchor component={Link} to={`/product_detail/${p.id}`} onClick={(event) => event.stopPropagation()}>
          {p.item_name}
        </Anchor>
      ),
    },
    {
      accessor: 'description',
      title: t('common.description'),
      width: 260,
      render: (p) => (
        <Text size="sm" lineClamp={2}>
          {shortText(p.description, t('common.none'))}
        </Text>
      ),
    },
    {
      accessor: 'status',
      title: t('common.status'),
      sortable: true,
      render: (p) => (
        <Group gap={4} wrap="nowrap">
          {p.status === 'approved' && (
            <IconCircleCheck size={16} color="var(--mantine-color-green-7)" aria-hidden />
          )}
          <Text size="sm" c={p.status === 'approved' ? undefined : 'gray.7'} style={{ whiteSpace: 'nowrap' }}>
            {PRODUCT_STATUS_LABELS[p.status]}
          </Text>
        </Group>
      ),
    },
    {
      accessor: 'type',
      title: t('products.type'),
      sortable: true,
      render: (p) => PRODUCT_TYPE_LABELS[p.type],
    },
    {
      accessor: 'unit_rate_exc',
      title: t('products.priceFrom'),
      textAlign: 'right',
      render: (p) => (
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          {p.unit_rate_exc === null
            ? t('common.none')
            : `${formatRate(p.calc_base === 'exc' ? p.unit_rate_exc : p.unit_rate_inc)} ${p.calc_base === 'exc' ? 'excl.' : 'incl.'}`}
        </Text>
      ),
    },
    { accessor: 'unit_of_measurement', title: t('common.unit') },
    {
      accessor: 'vat_percentage',
      title: t('common.vat'),
      textAlign: 'right',
      render: (p) => `${formatNumber(p.vat_percentage)}%`,
    },
    { accessor: 'tiers', title: t('products.tiers'), textAlign: 'right' },
    { accessor: 'external_reference', title: t('products.externalReference'), sortable: true },
    {
      accessor: 'updated_at',
      title: t('common.updatedAt'),
      sortable: true,
      render: (p) => formatDate(p.updated_at),
    },
  ];

  return (
    <Stack gap="md" maw={1400}>
      <Group justify="space-between">
        <Title order={1}>{t('products.overviewTitle')}</Title>
        <Group gap="xs">
          <ProductImportExport />
          <Button leftSection={<IconPlus size={16} />} onClick={creating.open}>
            {t('products.newProduct')}
          </Button>
        </Group>
      </Group>
      <ServerDataTable<ProductRow>
        tableKey="product_overview"
        path={PRODUCT_TABLE_PATH}
        columns={columns}
        defaultSort={{ column: 'item_name', direction: 'asc' }}
        filters={[
          {
            key: 'status',
            label: t('common.status'),
            placeholder: t('products.allStatuses'),
            options: PRODUCT_STATUSES.map((s) => ({ value: s, label: PRODUCT_STATUS_LABELS[s] })),
          },
          {
            key: 'trashed',
            label: t('products.view'),
            placeholder: t('products.viewLive'),
            options: [{ value: '1', label: t('products.viewTrash') }],
          },
        ]}
        idAccessor="id"
        onRowClick={(p) => navigate(`/product_detail/${p.id}`)}
      />
      <StandardCalculations />
      <CreateProductModal opened={isCreating} onClose={creating.close} />
    </Stack>
  );
}
