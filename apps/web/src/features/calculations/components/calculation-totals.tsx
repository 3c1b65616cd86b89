import { type CalculationTotals, VAT_RATES, zPercentage } from '@im/domain';
import { Group, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { schemaError } from '../../../ui/form/schema-error';
import { formatMoney, formatNumber, formatRate } from '../../../ui/format';

interface Props {
  totals: CalculationTotals;
  /** Only when the calculation names the amount a unit price is given for (e.g. Wp). */
  showPerUnit: boolean;
  discount: string;
  isReadOnly?: boolean;
  onDiscount: (text: string) => void;
  onDiscountCommit: () => void;
}

const vatOf = (totals: CalculationTotals, rate: number) =>
  rate === 6
    ? totals.amount_vat_6
    : rate === 9
      ? totals.amount_vat_9
      : rate === 21
        ? totals.amount_vat_21
        : 0;
const netOf = (totals: CalculationTotals, rate: number) =>
  rate === 0
    ? totals.amount_exc_vat_0
    : rate === 6
      ? totals.amount_exc_vat_6
      : rate === 9
        ? totals.amount_exc_vat_9
        : totals.amount_exc_vat_21;

/** The totals under the lines, worked out by the domain engine as the user types. */
export function CalculationTotalsPanel({
  totals,
  showPerUnit,
  discount,
  isReadOnly,
  onDiscount,
  onDiscountCommit,
}: Props) {
  const { t } = useTranslation();
  const discountError = schemaError(zPercentage, discount);
  return (
    <Stack gap={6} maw={420} ml="auto" w="100%" data-testid="calculation-totals">
      <Row label={t('calculations.subtotal')} value={formatMoney(totals.amount_exc_vat_exc_discount)} />
      <Group justify="space-between" wrap="nowrap">
        <Text size="sm">{t('calculations.overallDiscount')}</Text>
        <TextInput
          aria-label={t('calculations.overallDiscount')}
          size="xs"
          w={90}
          rightSection="%"
          inputMode="decimal"
          value={discount}
          error={Boolean(discountError)}
          readOnly={isReadOnly}
          onChange={(e) => onDiscount(e.currentTarget.value)}
          onBlur={onDiscountCommit}
          onKeyDown={(e) => {
            if (e.key === 'Enter') e.currentTarget.blur();
          }}
        />
      </Group>
      {totals.amount_discount_exc !== 0 && (
        <Row
          label={t('calculations.discountAmount')}
          value={`− ${formatMoney(totals.amount_discount_exc)}`}
          testId="total-discount"
        />
      )}
      <Row label={t('common.totalExcVat')} value={formatMoney(totals.amount_exc_vat)} testId="total-exc" />
      {VAT_RATES.filter((rate) => rate !== 0 && netOf(totals, rate) !== 0).map((rate) => (
        <Row
          key={rate}
          label={t('calculations.vatOver', { rate, amount: formatMoney(netOf(totals, rate)) })}
          value={formatMoney(vatOf(totals, rate))}
          testId={`total-vat-${rate}`}
        />
      ))}
      <Row
        label={t('common.totalIncVat')}
        value={formatMoney(totals.amount_inc_vat)}
        isStrong
        testId="total-inc"
      />
      {showPerUnit && totals.unit_amount > 0 && (
        <Row
          label={t('calculations.perUnit', { amount: formatNumber(totals.unit_amount) })}
          value={formatRate(totals.unit_rate_inc)}
        />
      )}
    </Stack>
  );
}

function Row({
  label,
  value,
  isStrong,
  testId,
}: {
  label: string;
  value: string;
  isStrong?: boolean;
  testId?: string;
}) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="md">
      <Text size="sm" fw={isStrong ? 700 : undefined}>
        {label}
      </Text>
      <Text size="sm" fw={isStrong ? 700 : 500} data-testid={testId} style={{ whiteSpace: 'nowrap' }}>
        {value}
      </Text>
    </Group>
  );
}
