import type { SalesDocument } from '@im/domain';
import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconCalculator } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../ui/format';
// The calculation modal is the calculations feature's own; documents open it for their calculation.
import { CalculationDetailModal } from '../../calculations';
import { refreshDocument } from '../queries';
import { TAXED_RATES } from './taxed-rates';

/** The totals of the document's calculation and the way into the calculation modal. */
export function CalculationCard({ document }: { document: SalesDocument }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [isOpen, setOpen] = useState(false);
  const calculation = document.calculation;

  return (
    <Card withBorder padding="md" component="section" aria-label={t('common.calculation')}>
      <Group justify="space-between" mb="sm" wrap="wrap" gap="xs">
        <Title order={2} size="h4">
          {t('common.calculation')}
        </Title>
        {document.calculation_id !== null && (
          <Button
            size="xs"
            variant="default"
            leftSection={<IconCalculator size={14} />}
            onClick={() => setOpen(true)}
          >
            {t('documents.editCalculation')}
          </Button>
        )}
      </Group>
      {!calculation ? (
        <Text size="sm" c="dimmed">
          {t('documents.noCalculation')}
        </Text>
      ) : (
        <Stack gap={4}>
          <Row label={t('common.totalExcVat')} value={formatMoney(calculation.amount_exc_vat)} />
          {TAXED_RATES.map((rate) =>
            calculation[`amount_vat_${rate}`] ? (
              <Row
                key={rate}
                label={t('documents.vatRate', { rate })}
                value={formatMoney(calculation[`amount_vat_${rate}`])}
              />
            ) : null,
          )}
          <Row label={t('common.totalIncVat')} value={formatMoney(calculation.amount_inc_vat)} isStrong />
        </Stack>
      )}
      <CalculationDetailModal
        calculationId={isOpen ? document.calculation_id : null}
        dossierFlowId={document.is_template ? null : document.flow_id}
        onClose={() => {
          setOpen(false);
          refreshDocument(queryClient, document.kind, document.id);
        }}
      />
    </Card>
  );
}

function Row({ label, value, isStrong }: { label: string; value: string; isStrong?: boolean }) {
  return (
    <Group justify="space-between" wrap="nowrap">
      <Text size="sm" fw={isStrong ? 600 : undefined}>
        {label}
      </Text>
      <Text size="sm" fw={isStrong ? 600 : undefined} style={{ whiteSpace: 'nowrap' }}>
        {value}
      </Text>
    </Group>
  );
}
