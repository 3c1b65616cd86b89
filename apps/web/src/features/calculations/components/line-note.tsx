import type { CalculationItem, ItemResult } from '@im/domain';
import { Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { shown } from './line-field';
import type { LineParts } from './line-types';

interface LineNoteProps {
  item: CalculationItem;
  result: ItemResult | undefined;
  field: LineParts['field'];
}

/** Under a line's description: the size of a matrix price, additional work, a missing matrix price. */
export function LineNote({ item, result, field }: LineNoteProps) {
  const { t } = useTranslation();
  const isHeader = item.item_type === 'header';
  return (
    <>
      {item.pricing?.matrix && !isHeader && (
        <Group gap={4} mt={4} wrap="nowrap">
          {field('matrix_x', item.matrix_x === null ? '' : shown(item.matrix_x), t('calculations.width'))}
          <Text size="xs">×</Text>
          {field('matrix_y', item.matrix_y === null ? '' : shown(item.matrix_y), t('calculations.height'))}
        </Group>
      )}
      {item.additionalwork && (
        <Text size="xs" c="gray.7">
          {t('calculations.additionalWork')}
        </Text>
      )}
      {result?.matrix_missing && (
        <Text size="xs" c="red.8">
          {t('calculations.noMatrixPrice')}
        </Text>
      )}
    </>
  );
}
