import { CALC_METHOD_LABELS, PRODUCT_STATUS_LABELS, type Product, VAT_RATES } from '@im/domain';
import { Badge, Button, Card, Grid, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconCheck, IconCircleCheck, IconTrashOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { DetailActions, DetailField, DetailScreen, useConfirmedDelete } from '../../../ui/detail';
import { formatDate, formatNumber, formatRate } from '../../../ui/format';
import { toast } from '../../../ui/toasts';
import { PriceMatrix, PriceTable } from '../components/price-table';
import { PRODUCT_TYPE_LABELS } from '../components/product-form';
import { EditProductModal } from '../modals/product.modal';
import { useDeleteProduct, useProduct, useProductAction } from '../queries';
import { shortText } from './product-overview.screen';

export function ProductDetailScreen() {
  const { t } = useTranslation();
  const id = Number(useParams().productId);
  const product = useProduct(id);
  const remove = useDeleteProduct();
  const confirmDelete = useConfirmedDelete(remove, '/product_overview');
  const approve = useProductAction(id, 'approve');
  const restore = useProductAction(id, 'restore');
  const [isEditing, editing] = useDisclosure(false);

  const onDelete = () =>
    confirmDelete(id, {
      title: t('products.deleteTitle'),
      message: t('common.deleteItemConfirm'),
      deleted: t('products.deleted'),
    });

  return (
    <DetailScreen
      query={product}
      back={{ to: '/product_overview', label: t('products.backToOverview') }}
      loadFailedTitle={t('products.loadFailedTitle')}
      notFoundMessage={t('products.notFound')}
    >
      {(data) => (
        <>
          <Group justify="space-between" align="flex-start">
            <Stack gap={4}>
              <Group gap="sm">
                <Title order={1}>{data.item_name}</Title>
                <Group gap={4} wrap="nowrap">
                  {data.status === 'approved' && (
                    <IconCircleCheck size={18} color="var(--mantine-color-green-7)" aria-hidden />
                  )}
                  <Text c={data.status === 'approved' ? undefined : 'gray.7'}>
                    {PRODUCT_STATUS_LABELS[data.status]}
                  </Text>
                </Group>
                {data.deleted_at && (
                  <Badge color="orange" variant="filled" autoContrast>
                    {t('products.trash')}
                  </Badge>
                )}
              </Group>
            </Stack>
            {data.deleted_at ? (
              <Button
                leftSection={<IconTrashOff size={16} />}
                loading={restore.isPending}
                onClick={() =>
                  restore.mutate(undefined, { onSuccess: () => toast.success(t('products.restored')) })
                }
              >
                {t('common.restore')}
              </Button>
            ) : (
              <Group gap="xs">
                {data.status !== 'approved' && (
                  <Button
                    color="green"
                    leftSection={<IconCheck size={16} />}
                    loading={approve.isPending}
                    onClick={() =>
                      approve.mutate(undefined, { onSuccess: () => toast.success(t('products.approved')) })
                    }
                  >
                    {t('common.approve')}
                  </Button>
                )}
                <DetailActions
                  onEdit={editing.open}
                  onDelete={() => void onDelete()}
                  isDeleting={remove.isPending}
                />
              </Group>
            )}
          </Group>
          <Grid gap="md">
            <Grid.Col span={{ base: 12, lg: 5 }}>
              <ProductDetails product={data} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, lg: 7 }}>
              <Stack gap="md">
                {!data.deleted_at && <PriceTable product={data} />}
                <PriceMatrix product={data} />
              </Stack>
            </Grid.Col>
          </Grid>
          {!data.deleted_at && <EditProductModal product={data} opened={isEditing} onClose={editing.close} />}
        </>
      )}
    </DetailScreen>
  );
}

function ProductDetails({ product: p }: { product: Product }) {
  const { t } = useTranslation();
  const split = VAT_RATES.filter((r) => p[`percentage_vat_${r}`] > 0)
    .map((r) => `${formatNumber(p[`percentage_vat_${r}`])}% tegen ${r}%`)
    .join(', ');
  return (
    <Card withBorder padding="md">
      <Title order={2} size="h4" mb="sm">
        {t('common.details')}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs" verticalSpacing="xs">
        <DetailField label={t('common.description')}>
          {shortText(p.description, t('common.none'))}
        </DetailField>
        <DetailField label={t('products.type')}>{PRODUCT_TYPE_LABELS[p.type]}</DetailField>
        <DetailField label={t('products.calcBase')}>
          {p.calc_base === 'exc' ? t('products.rateExc') : t('products.rateInc')}
        </DetailField>
        <DetailField label={t('products.calcMethod')}>{CALC_METHOD_LABELS[p.calc_method]}</DetailField>
        <DetailField label={t('common.unit')}>{p.unit_of_measurement}</DetailField>
        <DetailField label={t('common.vat')}>
          {formatNumber(p.vat_percentage)}%{split.includes(',') ? ` (${split})` : ''}
        </DetailField>
        <DetailField label={t('products.startAmount')}>
          {formatRate(p.start_amount_exc)} excl. / {formatRate(p.start_amount_inc)} incl.
        </DetailField>
        <DetailField label={t('products.externalReference')}>
          {p.external_reference || t('common.none')}
        </DetailField>
        <DetailField label={t('products.glReference')}>
          {[p.gl_reference, p.gl_description].filter(Boolean).join(' · ') || t('common.none')}
        </DetailField>
        <DetailField label={t('products.kpiValue')}>
          {p.kpi_value === null ? t('common.none') : `${formatNumber(p.kpi_value)} ${p.kpi_unit}`}
        </DetailField>
        <DetailField label={t('common.updatedAt')}>{formatDate(p.updated_at)}</DetailField>
      </SimpleGrid>
    </Card>
  );
}
