import { type CalculationRow, DOCUMENT_KIND_LABELS } from '@im/domain';
import { Button, Card, Group, Menu, Stack, Table, Text, Title } from '@mantine/core';
import { IconChevronDown, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate, formatMoney } from '../../../ui/format';
import { toast } from '../../../ui/toasts';
import { CalculationDetailModal } from '../modals/calculation-detail.modal';
import { useCalculationTemplates, useCreateCalculation, useFlowCalculations } from '../queries';

/** A flow's calculations with their totals; a new one starts empty or from a standard calculation. */
export function FlowCalculations({ flowId, isReadOnly }: { flowId: number; isReadOnly?: boolean }) {
  const { t } = useTranslation();
  const list = useFlowCalculations(flowId);
  const templates = useCalculationTemplates();
  const create = useCreateCalculation();
  const [openId, setOpenId] = useState<number | null>(null);

  const start = (templateId?: number | null) =>
    create.mutate(
      { flow_id: flowId, ...(templateId === undefined ? {} : { template_id: templateId }) },
      {
        onSuccess: (calculation) => {
          toast.success(t('calculations.created'));
          setOpenId(calculation.id);
        },
        onError: (error) => toast.error(error.message),
      },
    );

  return (
    <Card withBorder padding="md">
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4">
          {t('calculations.sectionTitle')}
        </Title>
        {!isReadOnly && (
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <Button
                size="xs"
                leftSection={<IconPlus size={14} />}
                rightSection={<IconChevronDown size={14} />}
                loading={create.isPending}
              >
                {t('calculations.newCalculation')}
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item onClick={() => start()}>{t('calculations.newCalculation')}</Menu.Item>
              <Menu.Item onClick={() => start(null)}>{t('calculations.noTemplate')}</Menu.Item>
              {(templates.data ?? []).length > 0 && <Menu.Label>{t('calculations.fromTemplate')}</Menu.Label>}
              {(templates.data ?? []).map((tpl) => (
                <Menu.Item key={tpl.id} onClick={() => start(tpl.id)}>
                  {tpl.name}
                </Menu.Item>
              ))}
            </Menu.Dropdown>
          </Menu>
        )}
      </Group>
      {(list.data ?? []).length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('calculations.none')}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={360}>
          <Table highlightOnHover verticalSpacing={6}>
            <Table.Tbody>
              {(list.data ?? []).map((row: CalculationRow) => (
                <Table.Tr
                  key={row.id}
                  style={{ cursor: 'pointer' }}
                  onClick={() => setOpenId(row.id)}
                  data-testid={`calculation-row-${row.id}`}
                >
                  <Table.Td>
                    <Stack gap={0}>
                      <Text size="sm" fw={500}>
                        {t('calculations.title', { id: row.id })}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {t('calculations.items', { count: row.items })} · {formatDate(row.updated_at)}
                      </Text>
                      {row.document && (
                        <Text size="xs" c="dimmed">
                          {t('calculations.ofDocument', {
                            document: [DOCUMENT_KIND_LABELS[row.document.kind].one, row.document.number]
                              .filter((part) => part !== null)
                              .join(' '),
                          })}
                        </Text>
                      )}
                    </Stack>
                  </Table.Td>
                  <Table.Td ta="right">
                    <Text size="sm">{formatMoney(row.amount_inc_vat)}</Text>
                    <Text size="xs" c="dimmed">
                      {formatMoney(row.amount_exc_vat)} excl.
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <CalculationDetailModal calculationId={openId} onClose={() => setOpenId(null)} />
    </Card>
  );
}
