import { Checkbox, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../ui/format';
import { LineActionsMenu } from './line-actions-menu';
import { LineCard } from './line-card';
import { lineBase } from './line-drafts';
import { LineField } from './line-field';
import { LineNote } from './line-note';
import { LineRow } from './line-row';
import type { LineParts, LineProps } from './line-types';
import { LineVatSelect } from './line-vat-select';
import { useSortableLine } from './use-sortable-line';

/** One line of a calculation, as a table row or (on a phone) as a card. */
export function CalculationLine({
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
}: LineProps & { layout: 'row' | 'card' }) {
  const { t } = useTranslation();
  const { setNodeRef, style, handle } = useSortableLine(item.id, isReadOnly);
  const isHeader = item.item_type === 'header';
  const base = lineBase(item);
  const field: LineParts['field'] = (name, value, label, left) => (
    <LineField
      item={item}
      name={name}
      value={value}
      label={label}
      left={left}
      draft={draft}
      isReadOnly={isReadOnly}
      onDraft={onDraft}
      onCommit={onCommit}
    />
  );
  const parts: LineParts = {
    item,
    setNodeRef,
    style,
    handle,
    check: !isHeader && (
      <Checkbox
        aria-label={t('calculations.selected')}
        checked={item.selected}
        disabled={isReadOnly}
        onChange={() => onAction(item, 'switchselection')}
      />
    ),
    field,
    note: <LineNote item={item} result={result} field={field} />,
    vat: <LineVatSelect item={item} isReadOnly={isReadOnly} onVat={onVat} />,
    total: !isHeader && (
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
    ),
    menu: !isReadOnly && (
      <LineActionsMenu
        item={item}
        onAction={onAction}
        onAddSub={onAddSub}
        onAdditionalWork={onAdditionalWork}
      />
    ),
    rate: base === 'exc' ? item.unit_rate_exc : item.unit_rate_inc,
    isIncRate: base === 'inc',
    rateLabel: base === 'exc' ? t('calculations.rateExc') : t('calculations.rateInc'),
  };
  return layout === 'card' ? <LineCard {...parts} /> : <LineRow {...parts} />;
}
