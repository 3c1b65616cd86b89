import { type Calculation, type CalculationItem, computeCalculation, parsedPercentage } from '@im/domain';
import { Alert, Loader, Modal, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirm } from '../../../ui/confirm-dialog';
import { toast } from '../../../ui/toasts';
import { CalculationLines } from '../components/calculation-lines';
import { CalculationToolbar } from '../components/calculation-toolbar';
import { CalculationTotalsPanel } from '../components/calculation-totals';
import { type DraftField, type Drafts, draftedEngineItem, draftRequest } from '../components/line-drafts';
import {
  type CalculationAction,
  useCalculation,
  useCalculationAction,
  useCreateItem,
  useDeleteCalculation,
  useItemAction,
  useUpdateCalculation,
  useUpdateItem,
} from '../queries';

interface Props {
  calculationId: number | null;
  onClose: () => void;
  /** A document's calculation: the flow whose dossier calculations its menu can take over. */
  dossierFlowId?: number | null;
}

/**
 * The calculation detail modal (spec 002 section 2). Every keystroke recomputes the totals in the
 * browser with the domain engine; each change is saved and the server's answer, the source of
 * truth, replaces what is shown. Full screen on a phone.
 */
export function CalculationDetailModal({ calculationId, onClose, dossierFlowId = null }: Props) {
  const { t } = useTranslation();
  const isPhone = useMediaQuery('(max-width: 48em)');
  const calculation = useCalculation(calculationId);
  const data = calculation.data;
  const title = data
    ? data.calculationtemplate
      ? t('calculations.templateTitle', { name: data.name })
      : t('calculations.title', { id: data.id })
    : '';
  return (
    <Modal
      opened={calculationId !== null}
      onClose={onClose}
      title={title}
      size="min(1200px, 100%)"
      fullScreen={isPhone}
      closeOnClickOutside={false}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      {calculation.isError ? (
        <Alert color="red" title={t('calculations.loadFailed')}>
          {calculation.error.message}
        </Alert>
      ) : !data ? (
        <Loader aria-label={t('app.loading')} />
      ) : (
        <CalculationEditor
          key={data.id}
          calculation={data}
          onDeleted={onClose}
          dossierFlowId={dossierFlowId}
        />
      )}
    </Modal>
  );
}

function CalculationEditor({
  calculation,
  onDeleted,
  dossierFlowId,
}: {
  calculation: Calculation;
  onDeleted: () => void;
  dossierFlowId: number | null;
}) {
  const { t } = useTranslation();
  const id = calculation.id;
  const [drafts, setDrafts] = useState<Drafts>({});
  const [discount, setDiscount] = useState<string | null>(null);
  const createItem = useCreateItem(id);
  const updateItem = useUpdateItem(id);
  const itemAction = useItemAction(id);
  const action = useCalculationAction(id);
  const update = useUpdateCalculation(id);
  const remove = useDeleteCalculation();

  const discountText = discount ?? String(calculation.discount).replace('.', ',');
  const result = useMemo(
    () =>
      computeCalculation({
        discount: parsedPercentage(discountText) ?? calculation.discount,
        unit_amount: calculation.unit_amount_manual,
        items: calculation.calculationitems.map((item) => draftedEngineItem(item, drafts[item.id])),
      }),
    [calculation, drafts, discountText],
  );
  const computed = useMemo(() => new Map(result.items.map((r) => [r.id, r])), [result]);

  const failed = (error: Error) => toast.error(error.message, t('calculations.saveFailed'));
  const clearDraft = (itemId: number, field: DraftField) =>
    setDrafts((current) => {
      const { [field]: _gone, ...rest } = current[itemId] ?? {};
      return { ...current, [itemId]: rest };
    });

  const onCommit = (item: CalculationItem, field: DraftField) => {
    const text = drafts[item.id]?.[field];
    if (text === undefined) return;
    const request = draftRequest(item, field, text);
    if (!request) return;
    updateItem.mutate(
      { id: item.id, ...request },
      { onSuccess: () => clearDraft(item.id, field), onError: failed },
    );
  };

  const onAction = (name: CalculationAction, body?: Record<string, unknown>) =>
    action.mutateAsync({ action: name, body: body as never }).catch(failed);

  const onDelete = async () => {
    if (
      !(await confirm({
        title: t('calculations.deleteCalculation'),
        message: t('calculations.deleteCalculationConfirm'),
        isDanger: true,
      }))
    )
      return;
    remove.mutate(id, { onSuccess: onDeleted, onError: failed });
  };

  return (
    <Stack gap="md">
      <CalculationToolbar
        calculation={calculation}
        isBusy={action.isPending || createItem.isPending}
        onAddProduct={(product) =>
          createItem.mutate(
            { item_type: 'product', product_id: product.id, product_amount: 1 },
            { onError: failed },
          )
        }
        onAddLine={(kind) =>
          createItem.mutate(
            kind === 'header'
              ? { item_type: 'header', item_name: t('calculations.newHeaderName') }
              : { item_type: 'manual', item_name: t('calculations.newManualName'), unit_rate_exc_manual: 0 },
            { onError: failed },
          )
        }
        onAction={onAction}
        onDelete={() => void onDelete()}
        dossierFlowId={dossierFlowId}
      />
      {calculation.calculationitems.length === 0 ? (
        <Text c="dimmed">{t('calculations.noLines')}</Text>
      ) : (
        <CalculationLines
          items={calculation.calculationitems}
          computed={computed}
          drafts={drafts}
          onDraft={(itemId, field, text) =>
            setDrafts((current) => ({ ...current, [itemId]: { ...current[itemId], [field]: text } }))
          }
          onCommit={onCommit}
          onVat={(item, rate) =>
            updateItem.mutate({ id: item.id, vat_percentage: rate as 0 | 6 | 9 | 21 }, { onError: failed })
          }
          onAction={(item, name) => itemAction.mutate({ id: item.id, action: name }, { onError: failed })}
          onAddSub={(item) =>
            createItem.mutate(
              {
                item_type: 'manual',
                item_name: t('calculations.newSubName'),
                unit_rate_exc_manual: 0,
                calculationitem_id: item.id,
              },
              { onError: failed },
            )
          }
          onAdditionalWork={(item) =>
            updateItem.mutate({ id: item.id, additionalwork: !item.additionalwork }, { onError: failed })
          }
          onReorder={(ordered) =>
            void onAction('updateorder', { items: ordered.map((item, order) => ({ id: item.id, order })) })
          }
        />
      )}
      <CalculationTotalsPanel
        totals={result.totals}
        showPerUnit={calculation.unit_amount_manual !== null}
        discount={discountText}
        onDiscount={setDiscount}
        onDiscountCommit={() => {
          const value = parsedPercentage(discountText);
          if (value === undefined || discount === null) return;
          update.mutate({ discount: value }, { onSuccess: () => setDiscount(null), onError: failed });
        }}
      />
    </Stack>
  );
}
