import {
  FLOW_STATUS_LABELS,
  FLOW_STATUSES,
  type FlowStatus,
  PARTNER_PROJECT_INVOICE_TEXTS,
  PARTNER_PROJECT_TEXTS,
  type PartnerProject,
  stageOf,
} from '@im/domain';
import { Alert, Button, Checkbox, Group, NumberInput, Select, Stack, TagsInput, Text } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFlowSettings } from '../../../api/companies';
import { FormActions } from '../../../ui/form/form-actions';
import { FormError } from '../../../ui/form/form-error';
import { FormModal } from '../../../ui/form/form-modal';
import { type ProjectFlowOption, ProjectFlowTypeahead } from '../components/project-flow-typeahead';
import { type BulkPath, useAvailableDocuments } from '../queries';

/** A method's Dutch name, or 'standaard' when the project sets none. */
function methodLabel(t: TFunction, group: 'calcMethods' | 'invoiceMethods', value: string | null): string {
  return value
    ? t(`partnerprojects.${group}.${value}`, { defaultValue: value })
    : t('partnerprojects.defaultMethod');
}

/** The cockpit's bulk actions (spec 001 section 2 "Partner project ... bulk actions"). */
export type BulkChoice =
  | 'startprojectphase'
  | 'editstatusses'
  | 'copydocuments'
  | 'copyflowdataitems'
  | 'combinequotation'
  | 'combineinvoice'
  | 'standardaction'
  | 'copyfrommodels'
  | 'updatetags';

export const BULK_CHOICES: BulkChoice[] = [
  'startprojectphase',
  'editstatusses',
  'copydocuments',
  'copyflowdataitems',
  'combinequotation',
  'combineinvoice',
  'standardaction',
  'copyfrommodels',
  'updatetags',
];

export function bulkPath(choice: BulkChoice): BulkPath {
  return choice === 'combinequotation' || choice === 'combineinvoice' ? 'combineflowsintodocument' : choice;
}

interface Props {
  choice: BulkChoice | null;
  project: PartnerProject;
  count: number;
  tags: string[];
  isPending: boolean;
  error: string | null;
  onClose: () => void;
  onSubmit: (path: BulkPath, body: Record<string, unknown>) => void;
}

/** Asks what a bulk action needs (new status or phase, the flow to copy from, tags), then starts it. */
export function BulkActionModal({
  choice,
  project,
  count,
  tags,
  isPending,
  error,
  onClose,
  onSubmit,
}: Props) {
  const { t } = useTranslation();
  return (
    <FormModal
      opened={choice !== null}
      onClose={onClose}
      title={choice ? t(`partnerprojects.actions.${choice}`) : ''}
    >
      {choice && (
        <BulkForm
          choice={choice}
          project={project}
          count={count}
          tags={tags}
          isPending={isPending}
          error={error}
          onClose={onClose}
          onSubmit={onSubmit}
        />
      )}
    </FormModal>
  );
}

function BulkForm({
  choice,
  project,
  count,
  tags,
  isPending,
  error,
  onClose,
  onSubmit,
}: Props & { choice: BulkChoice }) {
  const { t } = useTranslation();
  const settings = useFlowSettings();
  const [status, setStatus] = useState<string>('');
  const [phase, setPhase] = useState<string>('');
  const [from, setFrom] = useState<ProjectFlowOption | null>(null);
  const fromFlow = from ? String(from.id) : '';
  const [partial, setPartial] = useState<number | string>('');
  const [picked, setPicked] = useState<Set<string>>(new Set());
  const [add, setAdd] = useState<string[]>([]);
  const [remove, setRemove] = useState<string[]>([]);
  const [localError, setLocalError] = useState<string | null>(null);
  const isCopy = choice === 'copydocuments' || choice === 'copyflowdataitems';
  const available = useAvailableDocuments(project.id, isCopy && fromFlow ? Number(fromFlow) : null);

  const stage = status ? stageOf(status as FlowStatus) : null;
  const phases = (settings.data?.flowphases ?? []).filter((p) => !status || p.flowstage === stage);
  const isCombine = choice === 'combinequotation' || choice === 'combineinvoice';
  const partialMethod =
    choice === 'combineinvoice' && project.invoice_method?.startsWith('partial_')
      ? project.invoice_method
      : null;
  const blocked = choice === 'combineinvoice' && project.progress !== null && !project.progress.reached;
  const choices =
    choice === 'copydocuments'
      ? (available.data?.documents ?? []).map((d) => ({
          key: `${d.type}:${d.id}`,
          label: `${d.title || d.type}${d.number ? ` (${d.number})` : ''} · ${d.status}`,
        }))
      : (available.data?.flowdataitems ?? []).map((i) => ({
          key: String(i.id),
          label: `${i.vertical_name} · ${i.status}`,
        }));

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    setLocalError(null);
    let body: Record<string, unknown> = {};
    if (choice === 'editstatusses') {
      if (!status && !phase) return setLocalError(PARTNER_PROJECT_TEXTS.noStatusSelected);
      body = { newFlowStatus: status || null, newFlowPhaseId: phase ? Number(phase) : null };
    } else if (isCopy) {
      if (!fromFlow) return setLocalError(t('partnerprojects.copyFromHint'));
      if (picked.size === 0)
        return setLocalError(
          choice === 'copydocuments'
            ? PARTNER_PROJECT_TEXTS.noDocumentsSelected
            : PARTNER_PROJECT_TEXTS.noItemsSelected,
        );
      body =
        choice === 'copydocuments'
          ? {
              copyFromFlowId: Number(fromFlow),
              selectedDocuments: [...picked].map((k) => {
                const [type, id] = k.split(':');
                return { type, id: Number(id) };
              }),
              newStatus: status || null,
            }
          : { copyFromFlowId: Number(fromFlow), selectedFlowDataItemIds: [...picked].map(Number) };
    } else if (choice === 'updatetags') {
      if (add.length + remove.length === 0) return setLocalError(PARTNER_PROJECT_TEXTS.noTagsSelected);
      body = { addableTags: add, removableTags: remove };
    } else if (isCombine) {
      body = { kind: choice === 'combineinvoice' ? 'invoice' : 'quotation' };
      if (partialMethod) {
        const amount = Number(partial);
        if (!partial || !(amount > 0) || (partialMethod === 'partial_percentage' && amount > 100))
          return setLocalError(
            partialMethod === 'partial_percentage'
              ? PARTNER_PROJECT_INVOICE_TEXTS.partialPercentageRequired
              : PARTNER_PROJECT_INVOICE_TEXTS.partialAmountRequired,
          );
        body.partial_amount = amount;
      }
    }
    onSubmit(bulkPath(choice), body);
  };

  const statusData = FLOW_STATUSES.filter((s) => s !== 'unread').map((s) => ({
    value: s,
    label: FLOW_STATUS_LABELS[s],
  }));

  return (
    <form noValidate onSubmit={submit}>
      <FormError message={localError ?? error} />
      <Stack gap="sm">
        <Text>
          {t('partnerprojects.bulkConfirm', { action: t(`partnerprojects.actions.${choice}`), count })}
        </Text>
        {isCombine && (
          <Alert color={project.main_flow ? 'blue' : 'red'}>
            {project.main_flow
              ? `${t('partnerprojects.bulkCombineHint')} ${t('partnerprojects.mainFlow')}: ${project.main_flow.number} · ${project.main_flow.description}`
              : PARTNER_PROJECT_TEXTS.noMainFlow}
          </Alert>
        )}
        {isCombine && (
          <Text size="sm" c="dimmed">
            {t('partnerprojects.combineMethods', {
              calc: methodLabel(
                t,
                'calcMethods',
                choice === 'combineinvoice' ? project.invoice_calc_method : project.quotation_calc_method,
              ),
            })}
            {choice === 'combineinvoice' &&
              ` ${t('partnerprojects.combineInvoiceMethod', { method: methodLabel(t, 'invoiceMethods', project.invoice_method) })}`}
          </Text>
        )}
        {choice === 'combineinvoice' && project.progress && (
          <Alert color={project.progress.reached ? 'green' : 'red'}>
            {project.progress.reached
              ? `${t('partnerprojects.thresholdReached')}: ${project.progress.text}`
              : `${PARTNER_PROJECT_INVOICE_TEXTS.thresholdNotReached}: ${project.progress.text}.`}
          </Alert>
        )}
        {partialMethod && (
          <NumberInput
            label={t(
              partialMethod === 'partial_percentage'
                ? 'partnerprojects.partialPercentage'
                : 'partnerprojects.partialAmount',
            )}
            min={0}
            max={partialMethod === 'partial_percentage' ? 100 : undefined}
            decimalScale={2}
            decimalSeparator=","
            thousandSeparator="."
            prefix={partialMethod === 'partial_fixed' ? '€ ' : undefined}
            suffix={partialMethod === 'partial_percentage' ? ' %' : undefined}
            value={partial}
            onChange={setPartial}
          />
        )}
        {choice === 'copyfrommodels' && project.model_flows.length === 0 && (
          <Alert color="red">{PARTNER_PROJECT_TEXTS.noModelFlow}</Alert>
        )}
        {(choice === 'editstatusses' || choice === 'copydocuments') && (
          <Select
            label={t('partnerprojects.newStatus')}
            data={[{ value: '', label: t('partnerprojects.keepStatus') }, ...statusData]}
            value={status}
            onChange={(v) => {
              setStatus(v ?? '');
              setPhase('');
            }}
            allowDeselect={false}
          />
        )}
        {choice === 'editstatusses' && (
          <Select
            label={t('partnerprojects.newPhase')}
            data={[
              { value: '', label: t('partnerprojects.none') },
              ...phases.map((p) => ({ value: String(p.id), label: p.description })),
            ]}
            value={phase}
            onChange={(v) => setPhase(v ?? '')}
            allowDeselect={false}
          />
        )}
        {isCopy && (
          <ProjectFlowTypeahead
            projectId={project.id}
            label={t('partnerprojects.copyFrom')}
            placeholder={t('partnerprojects.copyFromHint')}
            value={from}
            onChange={(v) => {
              setFrom(v);
              setPicked(new Set());
            }}
          />
        )}
        {isCopy && project.model_flows.length > 0 && (
          <Group gap="xs">
            {project.model_flows.map((m) => (
              <Button
                key={`${m.type}-${m.id}`}
                size="compact-sm"
                variant="light"
                onClick={() => {
                  setFrom({
                    id: m.id,
                    label: `${t('partnerprojects.modelOf', { type: m.type || '-' })} · ${m.id}`,
                  });
                  setPicked(new Set());
                }}
              >
                {t('partnerprojects.modelOf', { type: m.type || '-' })}
              </Button>
            ))}
          </Group>
        )}
        {isCopy && fromFlow && available.isSuccess && choices.length === 0 && (
          <Text c="dimmed">{t('partnerprojects.nothingToCopy')}</Text>
        )}
        {isCopy &&
          choices.map((c) => (
            <Checkbox
              key={c.key}
              label={c.label}
              checked={picked.has(c.key)}
              onChange={() => {
                const next = new Set(picked);
                if (next.has(c.key)) next.delete(c.key);
                else next.add(c.key);
                setPicked(next);
              }}
            />
          ))}
        {choice === 'updatetags' && (
          <>
            <TagsInput label={t('partnerprojects.addTags')} data={tags} value={add} onChange={setAdd} />
            <TagsInput
              label={t('partnerprojects.removeTags')}
              data={tags}
              value={remove}
              onChange={setRemove}
            />
          </>
        )}
        <FormActions
          onCancel={onClose}
          isPending={isPending}
          isSubmitDisabled={blocked}
          submitLabel={t('partnerprojects.start')}
          mt="sm"
        />
      </Stack>
    </form>
  );
}
