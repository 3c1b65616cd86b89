import { Group, Paper, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { shown } from './line-field';
import type { LineParts } from './line-types';

/** A line as a card on a phone: description on top, the numbers below it, the total at the bottom. */
export function LineCard({
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
  rateLabel,
}: LineParts) {
  const { t } = useTranslation();
  const isHeader = item.item_type === 'header';
  return (
    <Paper
      ref={setNodeRef}
      withBorder
      p="xs"
      style={style}
      bg={isHeader ? 'var(--mantine-color-gray-0)' : undefined}
      data-testid={`calculation-line-${item.id}`}
    >
      <Group gap={6} wrap="nowrap" align="center" pl={item.depth * 12}>
        {handle}
        {check}
        <div style={{ flex: 1 }}>
          {field('item_name', item.item_name, t('common.description'))}
          {note}
        </div>
        {menu}
      </Group>
      {!isHeader && (
        <Group gap={6} mt={6} wrap="nowrap" align="flex-end" pl={item.depth * 12}>
          <LabeledCell label={t('calculations.amount')} w={72}>
            {field('product_amount', shown(item.product_amount), t('calculations.amount'))}
          </LabeledCell>
          <LabeledCell label={rateLabel}>{field('rate', shown(rate), rateLabel)}</LabeledCell>
          <LabeledCell label={t('common.vat')} w={80}>
            {vat}
          </LabeledCell>
          <LabeledCell label={t('calculations.discount')} w={72}>
            {field('discount_percentage', shown(item.discount_percentage), t('calculations.discount'))}
          </LabeledCell>
        </Group>
      )}
      {!isHeader && (
        <Group justify="space-between" mt={4} pl={item.depth * 12}>
          <Text size="xs" c="dimmed">
            {item.unit_of_measurement}
          </Text>
          {total}
        </Group>
      )}
    </Paper>
  );
}

function LabeledCell({ label, w, children }: { label: string; w?: number; children: ReactNode }) {
  return (
    <div style={w ? { width: w, flexShrink: 0 } : { flex: 1, minWidth: 0 }}>
      <Text size="xs" c="dimmed" truncate>
        {label}
      </Text>
      {children}
    </div>
  );
}
