import {
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  TouchSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { type CalculationItem, type ItemResult, VAT_RATES, vatRatesFor } from '@im/domain';
import {
  ActionIcon,
  Checkbox,
  Group,
  Menu,
  Paper,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  IconCheck,
  IconCopy,
  IconDots,
  IconGripVertical,
  IconLayersSubtract,
  IconSubtask,
  IconTool,
  IconTrash,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { confirm } from '../../../ui/confirm-dialog';
import { formatMoney } from '../../../ui/format';
import { type DraftField, type Drafts, lineBase, parsedDraft } from './line-drafts';

export interface LineHandlers {
  onDraft: (id: number, field: DraftField, text: string) => void;
  onCommit: (item: CalculationItem, field: DraftField) => void;
  onVat: (item: CalculationItem, rate: number) => void;
  onAction: (item: CalculationItem, action: 'duplicate' | 'split' | 'switchselection' | 'delete') => void;
  /** A sub-line under this line (per unit of it), or a line under a header. */
  onAddSub: (item: CalculationItem) => void;
  onAdditionalWork: (item: CalculationItem) => void;
  onReorder: (ordered: CalculationItem[]) => void;
}

interface Props extends LineHandlers {
  items: CalculationItem[];
  computed: Map<number | string, ItemResult>;
  drafts: Drafts;
  isReadOnly?: boolean;
}

const shown = (n: number) => String(n).replace('.', ',');

/**
 * The lines of a calculation: drag to reorder among siblings, inline edit of name, amount, rate and
 * discount (saved when a field loses focus), VAT per line, and the per-line actions.
 */
export function CalculationLines({ items, computed, drafts, isReadOnly, ...handlers }: Props) {
  const { t } = useTranslation();
  const isPhone = useMediaQuery('(max-width: 48em)');
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 200, tolerance: 8 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
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
              <Line
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
                <Line
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

interface LineProps extends Omit<LineHandlers, 'onReorder'> {
  layout: 'row' | 'card';
  item: CalculationItem;
  result: ItemResult | undefined;
  draft: Record<string, string | undefined>;
  isReadOnly?: boolean;
}

function Line({
  layout,
  item,
  result,
  draft,
  isReadOnly,
  onDraft,
  onCommit,
  onVat,
  onAction,
  onAddSub,
  onAdditionalWork,
}: LineProps) {
  const { t } = useTranslation();
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({
    id: item.id,
  });
  const isHeader = item.item_type === 'header';
  const base = lineBase(item);
  const rate = base === 'exc' ? item.unit_rate_exc : item.unit_rate_inc;
  // 6 % is offered only on a line that has it already (decision 038).
  const vatOptions = vatRatesFor(item).map(String);
  const mixed = !VAT_RATES.some((r) => item[`percentage_vat_${r}`] === 100);
  const field = (
    name: DraftField,
    value: string,
    label: string,
    extra: { w?: number; left?: string } = {},
  ) => {
    const text = draft[name] ?? value;
    const invalid =
      name !== 'item_name' && draft[name] !== undefined && parsedDraft(name, draft[name]) === undefined;
    return (
      <TextInput
        aria-label={label}
        size="xs"
        value={text}
        leftSection={extra.left}
        inputMode={name === 'item_name' ? undefined : 'decimal'}
        error={invalid}
        readOnly={isReadOnly}
        onChange={(e) => onDraft(item.id, name, e.currentTarget.value)}
        onBlur={() => onCommit(item, name)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') e.currentTarget.blur();
        }}
      />
    );
  };
  const ask = async (action: 'duplicate' | 'split' | 'delete') => {
    const message =
      action === 'delete'
        ? t('calculations.prompts.deleteItem')
        : action === 'split'
          ? t('calculations.prompts.splitItem')
          : t('calculations.prompts.duplicateItem');
    if (
      await confirm({
        title: item.item_name || t('common.description'),
        message,
        isDanger: action === 'delete',
      })
    )
      onAction(item, action);
  };
  const style = {
    transform: CSS.Transform.toString(transform),
    transition,
    opacity: isDragging ? 0.6 : undefined,
  };
  const handle = !isReadOnly && (
    <ActionIcon
      variant="subtle"
      color="gray"
      aria-label={t('calculations.reorder')}
      style={{ touchAction: 'none', cursor: 'grab' }}
      {...attributes}
      {...listeners}
    >
      <IconGripVertical size={16} />
    </ActionIcon>
  );
  const check = !isHeader && (
    <Checkbox
      aria-label={t('calculations.selected')}
      checked={item.selected}
      disabled={isReadOnly}
      onChange={() => onAction(item, 'switchselection')}
    />
  );
  const vat = (
    <Select
      aria-label={t('common.vat')}
      size="xs"
      data={[
        ...vatOptions.map((r) => ({ value: r, label: `${r}%` })),
        ...(mixed ? [{ value: 'mixed', label: t('calculations.mixedVat'), disabled: true }] : []),
      ]}
      value={mixed ? 'mixed' : String(item.vat_percentage)}
      allowDeselect={false}
      readOnly={isReadOnly}
      onChange={(value) => value && value !== 'mixed' && onVat(item, Number(value))}
    />
  );
  const total = !isHeader && (
    <Text
      size="sm"
      fw={500}
      c={result?.counts === false ? 'dimmed' : undefined}
      td={result?.counts === false ? 'line-through' : undefined}
      data-testid={`line-total-${item.id}`}
      style={{ whiteSpace: 'nowrap' }}
    >
      {formatMoney(result?.total_inc ?? item.total_inc)}
    </Text>
  );
  const menu = !isReadOnly && (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" aria-label={t('calculations.lineActions')}>
          <IconDots size={16} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item leftSection={<IconSubtask size={14} />} onClick={() => onAddSub(item)}>
          {t('calculations.addSub')}
        </Menu.Item>
        {!isHeader && (
          <Menu.Item
            leftSection={<IconTool size={14} />}
            rightSection={item.additionalwork ? <IconCheck size={14} /> : null}
            onClick={() => onAdditionalWork(item)}
          >
            {t('calculations.additionalWork')}
          </Menu.Item>
        )}
        <Menu.Item leftSection={<IconCopy size={14} />} onClick={() => void ask('duplicate')}>
          {t('common.duplicate')}
        </Menu.Item>
        {mixed && !isHeader && (
          <Menu.Item leftSection={<IconLayersSubtract size={14} />} onClick={() => void ask('split')}>
            {t('calculations.split')}
          </Menu.Item>
        )}
        <Menu.Item color="red" leftSection={<IconTrash size={14} />} onClick={() => void ask('delete')}>
          {t('common.delete')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
  const size = item.pricing?.matrix && !isHeader && (
    <Group gap={4} mt={4} wrap="nowrap">
      {field('matrix_x', item.matrix_x === null ? '' : shown(item.matrix_x), t('calculations.width'))}
      <Text size="xs">×</Text>
      {field('matrix_y', item.matrix_y === null ? '' : shown(item.matrix_y), t('calculations.height'))}
    </Group>
  );
  const note = (
    <>
      {size}
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
  const rateLabel = base === 'exc' ? t('calculations.rateExc') : t('calculations.rateInc');

  if (layout === 'card') {
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
            {field('rate', shown(rate), rateLabel, { left: '€' })}
            {base === 'inc' && (
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
