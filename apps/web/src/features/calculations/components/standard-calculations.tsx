import { Button, Card, Group, Table, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../ui/format';
import { toast } from '../../../ui/toasts';
import { CalculationDetailModal } from '../modals/calculation-detail.modal';
import { useCalculationTemplates, useCreateCalculation } from '../queries';

/** The company's standard calculations: new flows' calculations start from them. */
export function StandardCalculations() {
  const { t } = useTranslation();
  const templates = useCalculationTemplates();
  const create = useCreateCalculation();
  const [openId, setOpenId] = useState<number | null>(null);
  const onNew = () =>
    create.mutate(
      { calculationtemplate: 1, name: t('calculations.newTemplateName') },
      {
        onSuccess: (calculation) => setOpenId(calculation.id),
        onError: (error) => toast.error(error.message),
      },
    );
  return (
    <Card withBorder padding="md">
      <Group justify="space-between" mb="xs">
        <Title order={2} size="h4">
          {t('calculations.templatesTitle')}
        </Title>
        <Button
          size="xs"
          variant="default"
          leftSection={<IconPlus size={14} />}
          loading={create.isPending}
          onClick={onNew}
        >
          {t('calculations.newTemplate')}
        </Button>
      </Group>
      {(templates.data ?? []).length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('calculations.noTemplates')}
        </Text>
      ) : (
        <Table highlightOnHover verticalSpacing={6}>
          <Table.Tbody>
            {(templates.data ?? []).map((row) => (
              <Table.Tr key={row.id} style={{ cursor: 'pointer' }} onClick={() => setOpenId(row.id)}>
                <Table.Td>
                  <Text size="sm" fw={500}>
                    {row.name}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {t('calculations.items', { count: row.items })}
                  </Text>
                </Table.Td>
                <Table.Td ta="right">
                  <Text size="sm">{formatMoney(row.amount_inc_vat)}</Text>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <CalculationDetailModal calculationId={openId} onClose={() => setOpenId(null)} />
    </Card>
  );
}
