import { DOCUMENT_TEXTS, type DocumentKind } from '@im/domain';
import { Select, Stack } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { FormActions } from '../../../ui/form/form-actions';
import { FormModal } from '../../../ui/form/form-modal';
import { formatMoney } from '../../../ui/format';
import { toast } from '../../../ui/toasts';
import { useSession } from '../../auth';
import { dossierCalculations, useFlowCalculations } from '../../calculations';
import { detailPath } from '../kinds';
import { useCreateDocument, useDocumentTypes, useTemplates } from '../queries';

/** The choice of starting without the dossier's calculation. */
const NONE = 'none';

interface Props {
  kind: DocumentKind | null;
  flowId: number;
  onClose: () => void;
}

/** A new quotation, confirmation or document on a flow, from a template (empty: the profile's standard one). */
export function NewDocumentModal({ kind, flowId, onClose }: Props) {
  const { t } = useTranslation();
  const title =
    kind === 'quotation'
      ? t('documents.newQuotation')
      : kind === 'confirmation'
        ? t('documents.newConfirmation')
        : kind === 'invoice'
          ? t('documents.newInvoice')
          : t('documents.newDocument');
  return (
    <FormModal opened={kind !== null} onClose={onClose} title={title}>
      {kind && <NewDocumentForm kind={kind} flowId={flowId} onClose={onClose} />}
    </FormModal>
  );
}

function NewDocumentForm({ kind, flowId, onClose }: Props & { kind: DocumentKind }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const create = useCreateDocument(kind);
  const templates = useTemplates(kind);
  const isDocument = kind === 'document';
  const types = useDocumentTypes(isDocument);
  const [templateId, setTemplateId] = useState<string | null>(null);
  const [typeId, setTypeId] = useState<string | null>(null);
  const [isSubmitAttempted, setSubmitAttempted] = useState(false);
  const isTypeMissing = isDocument && !typeId;
  // The dossier's own calculations (decision 037): the only one is used, of several the user chooses.
  const session = useSession();
  const calculations = useFlowCalculations(flowId, session.hasModuleSales === true);
  const dossier = dossierCalculations(calculations.data);
  const [calculationChoice, setCalculationChoice] = useState<string | null>(null);
  const calculation = calculationChoice ?? (dossier.length === 1 ? String(dossier[0]!.id) : null);
  const isCalculationMissing = dossier.length > 1 && calculation === null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitAttempted(true);
    if (isTypeMissing || isCalculationMissing) return;
    create.mutate(
      {
        flow_id: flowId,
        ...(templateId ? { template_id: Number(templateId) } : {}),
        ...(typeId ? { document_type_id: Number(typeId) } : {}),
        ...(calculation ? { calculation_id: calculation === NONE ? null : Number(calculation) } : {}),
      },
      {
        onSuccess: (created) => {
          onClose();
          navigate(detailPath(created.kind, created.id));
        },
        onError: (error) =>
          toast.error(DOCUMENT_TEXTS.createFailedText(error.message), DOCUMENT_TEXTS.createFailedTitle(kind)),
      },
    );
  };

  // A document's templates: those of the chosen type (or of none).
  const templateOptions = (templates.data ?? [])
    .filter((tpl) => !isDocument || tpl.document_type_id === null || String(tpl.document_type_id) === typeId)
    .map((tpl) => ({ value: String(tpl.id), label: tpl.title }));

  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="sm">
        {isDocument && (
          <Select
            label={t('common.documentType')}
            required
            data={(types.data ?? [])
              .filter((type) => type.flowstage !== null)
              .map((type) => ({ value: String(type.id), label: type.description }))}
            value={typeId}
            onChange={(value) => {
              setTypeId(value);
              setTemplateId(null);
            }}
            error={isSubmitAttempted && isTypeMissing ? DOCUMENT_TEXTS.documentTypeNotFound : undefined}
            comboboxProps={{ withinPortal: true }}
          />
        )}
        {dossier.length > 0 && (
          <Select
            label={t('common.calculation')}
            description={t('documents.calculationCopyHint')}
            required={dossier.length > 1}
            data={[
              ...dossier.map((row) => ({
                value: String(row.id),
                label: t('documents.calculationOption', {
                  id: row.id,
                  count: row.items,
                  amount: formatMoney(row.amount_inc_vat),
                }),
              })),
              { value: NONE, label: t('documents.withoutDossierCalculation') },
            ]}
            value={calculation}
            onChange={setCalculationChoice}
            error={
              isSubmitAttempted && isCalculationMissing ? t('documents.chooseCalculationRequired') : undefined
            }
            comboboxProps={{ withinPortal: true }}
          />
        )}
        <Select
          label={t('common.template')}
          placeholder={t('documents.standardTemplate')}
          data={templateOptions}
          value={templateId}
          onChange={setTemplateId}
          clearable
          comboboxProps={{ withinPortal: true }}
        />
        <FormActions
          onCancel={onClose}
          isPending={create.isPending}
          submitLabel={t('common.create')}
          mt="sm"
        />
      </Stack>
    </form>
  );
}
