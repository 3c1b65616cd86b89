import { type CalculationItem, VAT_RATES, vatRatesFor } from '@im/domain';
import { Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** A line whose VAT is split over several rates (no rate at 100 %). */
export const hasMixedVat = (item: CalculationItem) =>
  !VAT_RATES.some((r) => item[`percentage_vat_${r}`] === 100);

interface LineVatSelectProps {
  item: CalculationItem;
  isReadOnly?: boolean;
  onVat: (item: CalculationItem, rate: number) => void;
}

/** The VAT rate of a line; a split line shows 'mixed', which cannot be chosen. */
export function LineVatSelect({ item, isReadOnly, onVat }: LineVatSelectProps) {
  const { t } = useTranslation();
  // 6 % is offered only on a line that has it already (decision 038).
  const vatOptions = vatRatesFor(item).map(String);
  const mixed = hasMixedVat(item);
  return (
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
}
