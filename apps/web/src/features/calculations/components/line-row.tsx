import { Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { shown } from './line-field';
import type { LineParts } from './line-types';

/** A line as a table row: a header spans the number columns. */
export function LineRow({
  item,
  setNodeRef,
  style,
  handle,
  check,
  field,
  note,
  vat,
  total,
  menu,
  rate,
  isIncRate,
  rateLabel,
}: LineParts) {
  const { t } = useTranslation();
  const isHeader = item.item_type === 'header';
  return (
    <Table.Tr
      ref={setNodeRef}
      data-testid={`calculation-line-${item.id}`}
      style={style}
      bg={isHeader ? 'var(--mantine-color-gray-0)' : undefined}
    >
      <Table.Td>{handle}</Table.Td>
      <Table.Td>{check}</Table.Td>
      <Table.Td pl={8 + item.depth * 20} colSpan={isHeader ? 7 : 1}>
        {field('item_name', item.item_name, t('common.description'))}
        {note}
      </Table.Td>
      {!isHeader && (
        <>
          <Table.Td>{field('product_amount', shown(item.product_amount), t('calculations.amount'))}</Table.Td>
          <Table.Td>
            <Text size="xs">{item.unit_of_measurement}</Text>
          </Table.Td>
          <Table.Td>
            {field('rate', shown(rate), rateLabel, '€')}
            {isIncRate && (
              <Text size="xs" c="dimmed">
                {t('calculations.rateInc')}
              </Text>
            )}
          </Table.Td>
          <Table.Td>{vat}</Table.Td>
          <Table.Td>
            {field('discount_percentage', shown(item.discount_percentage), t('calculations.discount'))}
          </Table.Td>
        </>
      )}
      <Table.Td ta="right">{total}</Table.Td>
      <Table.Td>{menu}</Table.Td>
    </Table.Tr>
  );
}
