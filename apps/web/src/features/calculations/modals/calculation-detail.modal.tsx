import { type Calculation, computeCalculation, parsedPercentage } from '@im/domain';
import { Alert, Loader, Modal, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AutosaveStatus } from '../../../ui/autosave/autosave-status';
import { useAutosave } from '../../../ui/autosave/use-autosave';
import { confirm } from '../../../ui/confirm-dialog';
import { toast } from '../../../ui/toasts';
import { useSession } from '../../auth';
import { CalculationLines } from '../components/calculation-lines';
import { CalculationToolbar } from '../components/calculation-toolbar';
import { CalculationTotalsPanel } from '../components/calculation-totals';
import {
  DISCOUNT_DRAFT,
  type Drafts,
  draftedEngineItem,
  draftKey,
  draftsFromSaved,
  isSendable,
} from '../components/line-drafts';
import {
  type CalculationAction,
  useCalculation,
  useCalculationAction,
  useCreateItem,
  useDeleteCalculation,
  useItemAction,
  useSaveCalculationDrafts,
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
  const session = useSession();
  const items = useRef(calculation.calculationitems);
  items.current = calculation.calculationitems;
  const saveDrafts = useSaveCalculationDrafts(id);
  // Typed text is kept as a draft until the server has it (decision 032): saved 1.5 s after the
  // last keystroke, at once on leaving the field, the modal or the page.
  const autosave = useAutosave<Record<string, string>, void>({
    key: `calculation:${id}:user:${session.currentuser_id}`,
    save: (saved, options) => saveDrafts(items.current, saved, options),
    onSaved: (_nothing, saved) => {
      setDrafts((current) => withoutSaved(current, saved));
      setDiscount((current) => (current === saved[DISCOUNT_DRAFT] ? null : current));
    },
  });
  const [restored] = useState(() => draftsFromSaved(autosave.unsaved() as Record<string, string> | null));
  const [drafts, setDrafts] = useState<Drafts>(restored.drafts);
  const [discount, setDiscount] = useState<string | null>(restored.discount);
  const createItem = useCreateItem(id);
  const updateItem = useUpdateItem(id);
  const itemAction = useItemAction(id);
  const action = useCalculationAction(id);
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

  const failed = (error: Error) => toast.error(error.message, t('common.saveFailed'));

  const onAction = (name: CalculationAction, body?: Record<string, unknown>) =>
    action.mutateAsync({ action: name, body: body as never }).catch(failed);

  const onDelete = async () => {
    if (
      !(await confirm({
        title: t('calculations.deleteCalculation'),
        message: t('common.deleteItemConfirm'),
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
      <AutosaveStatus status={autosave.status} onRetry={() => void autosave.retry()} />
      {calculation.calculationitems.length === 0 ? (
        <Text c="dimmed">{t('calculations.noLines')}</Text>
      ) : (
        <CalculationLines
          items={calculation.calculationitems}
          computed={computed}
          drafts={drafts}
          onDraft={(itemId, field, text) => {
            setDrafts((current) => ({ ...current, [itemId]: { ...current[itemId], [field]: text } }));
            if (isSendable(field, text)) autosave.change({ [draftKey(itemId, field)]: text });
          }}
          onCommit={() => void autosave.flush()}
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
        onDiscount={(text) => {
          setDiscount(text);
          if (parsedPercentage(text) !== undefined) autosave.change({ [DISCOUNT_DRAFT]: text });
        }}
        onDiscountCommit={() => void autosave.flush()}
      />
    </Stack>
  );
}

/** The drafts still to show after a save: those typed again since are kept. */
function withoutSaved(drafts: Drafts, saved: Record<string, string>): Drafts {
  const next: Drafts = {};
  for (const [id, draft] of Object.entries(drafts)) {
    next[Number(id)] = Object.fromEntries(
      Object.entries(draft).filter(([field, text]) => saved[`${id}:${field}`] !== text),
    );
  }
  return next;
}
