import { closestCenter, DndContext, type DragEndEvent } from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, verticalListSortingStrategy } from '@dnd-kit/sortable';
import type { CalculationItem, ItemResult } from '@im/domain';
import { Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { useDragSensors } from '../../../ui/sortable/drag-sensors';
import { CalculationLine } from './calculation-line';
import type { Drafts } from './line-drafts';
import type { LineHandlers } from './line-types';

export type { LineHandlers } from './line-types';

interface Props extends LineHandlers {
  items: CalculationItem[];
  computed: Map<number | string, ItemResult>;
  drafts: Drafts;
  isReadOnly?: boolean;
}

/**
 * The lines of a calculation: drag to reorder among siblings, inline edit of name, amount, rate and
 * discount (saved when a field loses focus), VAT per line, and the per-line actions.
 */
export function CalculationLines({ items, computed, drafts, isReadOnly, ...handlers }: Props) {
  const { t } = useTranslation();
  const isPhone = useMediaQuery('(max-width: 48em)');
  const sensors = useDragSensors({
    coordinateGetter: sortableKeyboardCoordinates,
    longPressMs: 200,
    isTouchPointer: true,
  });
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const moving = items.find((i) => i.id === active.id);
    const target = items.find((i) => i.id === over.id);
    if (!moving || !target || moving.calculationitem_id !== target.calculationitem_id) return;
    const siblings = items.filter((i) => i.calculationitem_id === moving.calculationitem_id);
    const without = siblings.filter((i) => i.id !== moving.id);
    const at = without.findIndex((i) => i.id === target.id);
    const from = siblings.findIndex((i) => i.id === moving.id);
    const to = siblings.findIndex((i) => i.id === target.id);
    without.splice(from < to ? at + 1 : at, 0, moving);
    handlers.onReorder(without);
  };

  if (isPhone) {
    return (
      <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
        <SortableContext items={items.map((i) => i.id)} strategy={verticalListSortingStrategy}>
          <Stack gap="xs">
            {items.map((item) => (
              <CalculationLine
                key={item.id}
                layout="card"
                item={item}
                result={computed.get(item.id)}
                draft={drafts[item.id] ?? {}}
                isReadOnly={isReadOnly}
                {...handlers}
              />
            ))}
          </Stack>
        </SortableContext>
      </DndContext>
    );
  }
  return (
    <Table.ScrollContainer minWidth={880}>
      <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
        <Table verticalSpacing={4} highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={32} />
              <Table.Th w={40}>
                <Text size="xs" c="dimmed">
                  {t('calculations.selected')}
                </Text>
              </Table.Th>
              <Table.Th>{t('common.description')}</Table.Th>
              <Table.Th w={90}>{t('calculations.amount')}</Table.Th>
              <Table.Th w={70}>{t('common.unit')}</Table.Th>
              <Table.Th w={130}>{t('calculations.rateExc')}</Table.Th>
              <Table.Th w={100}>{t('common.vat')}</Table.Th>
              <Table.Th w={90}>{t('calculations.discount')}</Table.Th>
              <Table.Th w={120} ta="right">
                {t('calculations.total')}
              </Table.Th>
              <Table.Th w={40} />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            <SortableContext items={items.map((i) => i.id)} strategy={verticalListSortingStrategy}>
              {items.map((item) => (
                <CalculationLine
                  key={item.id}
                  layout="row"
                  item={item}
                  result={computed.get(item.id)}
                  draft={drafts[item.id] ?? {}}
                  isReadOnly={isReadOnly}
                  {...handlers}
                />
              ))}
            </SortableContext>
          </Table.Tbody>
        </Table>
      </DndContext>
    </Table.ScrollContainer>
  );
}
