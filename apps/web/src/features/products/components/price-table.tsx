import {
  type MatrixPreview,
  type Product,
  type ProductTableRow,
  type TableRowsPreview,
  zProductAmount,
  zUnitRate,
} from '@im/domain';
import { ActionIcon, Button, Card, Group, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AutosaveStatus } from '../../../ui/autosave/autosave-status';
import { useAutosave } from '../../../ui/autosave/use-autosave';
import { confirm } from '../../../ui/confirm-dialog';
import { schemaError } from '../../../ui/form/schema-error';
import { formatRate } from '../../../ui/format';
import { useSession } from '../../auth';
import { useCreateTableRow, useDeleteTableRow, useProductAction, useSaveTableRow } from '../queries';
import { ProductFileImport } from './product-file-import';

const text = (n: number | null) => (n === null ? '' : String(n).replace('.', ','));

/**
 * The price table: tiers by amount. Rates are typed on the product's calc base; the other side is
 * derived by the server (shown, not editable). Each cell saves by itself: while typing and when it
 * loses focus.
 */
export function PriceTable({ product }: { product: Product }) {
  const { t } = useTranslation();
  const create = useCreateTableRow(product.id);
  const clear = useProductAction(product.id, 'clearrows');
  const onClear = async () => {
    if (
      await confirm({
        title: t('products.clearRows'),
        message: t('products.clearRowsConfirm'),
        isDanger: true,
      })
    )
      clear.mutate();
  };
  const base = product.calc_base;
  return (
    <Card withBorder padding="md">
      <Group justify="space-between" mb="xs" wrap="wrap">
        <Title order={2} size="h4">
          {t('products.priceTable')}
        </Title>
        <Group gap="xs" wrap="wrap">
          <Button
            size="xs"
            variant="default"
            leftSection={<IconPlus size={14} />}
            loading={create.isPending}
            onClick={() => create.mutate({ product_id: product.id })}
          >
            {t('products.addRow')}
          </Button>
          <ProductFileImport<TableRowsPreview>
            productId={product.id}
            action="importproducttablerows"
            label={t('productImport.importRows')}
            describe={(preview) => t('productImport.rowsPreview', { rows: preview.rows })}
          />
          {product.producttablerows.length > 0 && (
            <Button
              size="xs"
              variant="subtle"
              color="red"
              loading={clear.isPending}
              onClick={() => void onClear()}
            >
              {t('products.clearRows')}
            </Button>
          )}
        </Group>
      </Group>
      <Text size="sm" c="dimmed" mb="sm">
        {t('products.priceTableHint')}
      </Text>
      <Table.ScrollContainer minWidth={420}>
        <Table verticalSpacing={4}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('products.fromAmount')}</Table.Th>
              <Table.Th>{base === 'exc' ? t('products.rateExc') : t('products.rateInc')}</Table.Th>
              <Table.Th>
                {base === 'exc' ? t('products.rateInc') : t('products.rateExc')} ({t('products.derived')})
              </Table.Th>
              <Table.Th w={40} />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {product.producttablerows.map((row) => (
              <PriceRow
                key={`${row.id}-${row.unit_amount}-${row.unit_rate_exc}-${row.unit_rate_inc}`}
                row={row}
                product={product}
              />
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Card>
  );
}

function PriceRow({ row, product }: { row: ProductTableRow; product: Product }) {
  const { t } = useTranslation();
  const session = useSession();
  const saveRow = useSaveTableRow(product.id, row.id);
  const autosave = useAutosave<Record<string, string | null>, ProductTableRow>({
    key: `producttablerow:${row.id}:user:${session.currentuser_id}`,
    save: saveRow,
  });
  const remove = useDeleteTableRow(product.id);
  const base = product.calc_base;
  const rateField = `unit_rate_${base}` as const;
  const [kept] = useState(() => autosave.unsaved() ?? {});
  const [amount, setAmount] = useState(kept.unit_amount ?? text(row.unit_amount));
  const [rate, setRate] = useState(
    kept[rateField] ?? text(base === 'exc' ? row.unit_rate_exc : row.unit_rate_inc),
  );
  const amountError = amount.trim() ? schemaError(zProductAmount, amount) : undefined;
  const rateError = rate.trim() ? schemaError(zUnitRate, rate) : undefined;

  const onType = (field: 'unit_amount' | typeof rateField, value: string, schema: typeof zUnitRate) => {
    (field === 'unit_amount' ? setAmount : setRate)(value);
    if (!value.trim() || !schemaError(schema, value))
      autosave.change({ [field]: value.trim() === '' ? null : value });
  };
  const onDelete = async () => {
    if (
      await confirm({
        title: t('products.deleteRow'),
        message: t('products.deleteRowConfirm'),
        isDanger: true,
      })
    )
      remove.mutate(row.id);
  };
  const derived = base === 'exc' ? row.unit_rate_inc : row.unit_rate_exc;
  return (
    <Table.Tr>
      <Table.Td>
        <TextInput
          aria-label={t('products.fromAmount')}
          inputMode="decimal"
          value={amount}
          error={amountError}
          onChange={(e) => onType('unit_amount', e.currentTarget.value, zProductAmount)}
          onBlur={() => void autosave.flush()}
        />
      </Table.Td>
      <Table.Td>
        <TextInput
          aria-label={base === 'exc' ? t('products.rateExc') : t('products.rateInc')}
          inputMode="decimal"
          leftSection="€"
          value={rate}
          error={rateError}
          onChange={(e) => onType(rateField, e.currentTarget.value, zUnitRate)}
          onBlur={() => void autosave.flush()}
        />
      </Table.Td>
      <Table.Td>
        <Text size="sm">{formatRate(derived)}</Text>
        <AutosaveStatus status={autosave.status} onRetry={() => void autosave.retry()} />
      </Table.Td>
      <Table.Td>
        <ActionIcon
          variant="subtle"
          color="red"
          aria-label={t('products.deleteRow')}
          onClick={() => void onDelete()}
          loading={remove.isPending}
        >
          <IconTrash size={16} />
        </ActionIcon>
      </Table.Td>
    </Table.Tr>
  );
}

/** The 2-D price matrix (rates on the calc base), read-only here; it is filled by importing a grid. */
export function PriceMatrix({ product }: { product: Product }) {
  const { t } = useTranslation();
  const m = product.matrix;
  return (
    <Card withBorder padding="md">
      <Group justify="space-between" mb="xs">
        <Title order={2} size="h4">
          {t('products.matrix')}
        </Title>
        {!product.deleted_at && (
          <ProductFileImport<MatrixPreview>
            productId={product.id}
            action="importmatrix"
            label={t('productImport.importMatrix')}
            describe={(preview) =>
              t('productImport.matrixPreview', { x: preview.x.length, y: preview.y.length })
            }
          />
        )}
      </Group>
      {!m || m.x.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('products.matrixEmpty')}
        </Text>
      ) : (
        <Stack gap={4}>
          <Table.ScrollContainer minWidth={300}>
            <Table withColumnBorders>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>
                    {m.y_label} \ {m.x_label}
                  </Table.Th>
                  {m.x.map((x) => (
                    <Table.Th key={x}>{x}</Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {m.y.map((y, yi) => (
                  <Table.Tr key={y}>
                    <Table.Th>{y}</Table.Th>
                    {m.x.map((x, xi) => (
                      <Table.Td key={x}>{formatRate(m.rates[yi]?.[xi] ?? null)}</Table.Td>
                    ))}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Stack>
      )}
    </Card>
  );
}
