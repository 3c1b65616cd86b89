import {
  PARTNER_PROJECT_CALC_METHODS,
  PARTNER_PROJECT_INVOICE_METHODS,
  PARTNER_PROJECT_TEXTS,
  PARTNER_PROJECT_THRESHOLD_METHODS,
  type PartnerProject,
} from '@im/domain';
import { Group, NumberInput, Select, SimpleGrid, Stack, TagsInput, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { FormActions } from '../../../ui/form/form-actions';
import { FormError } from '../../../ui/form/form-error';
import { FormModal, type FormModalProps } from '../../../ui/form/form-modal';
import { useAppForm } from '../../../ui/form/use-app-form';
import { toast } from '../../../ui/toasts';
import { type RelationOption, RelationTypeahead } from '../../../ui/typeahead';
import {
  type ProjectFlowOption,
  ProjectFlowTypeahead,
  useProjectFlowOption,
} from '../components/project-flow-typeahead';
import { useCreateProject, useUpdateProject } from '../queries';

/** The model flow of one flow type: any of the project's flows, found by typing (decision 066). */
function ModelFlowPicker({
  projectId,
  type,
  flowId,
  onChange,
}: {
  projectId: number;
  type: string;
  flowId: number | null;
  onChange: (id: number | null) => void;
}) {
  const stored = useProjectFlowOption(projectId, flowId);
  const [picked, setPicked] = useState<ProjectFlowOption | null>(null);
  const value = picked && picked.id === flowId ? picked : stored;
  return (
    <div style={{ flex: 1, minWidth: 0 }}>
      <ProjectFlowTypeahead
        projectId={projectId}
        label={type}
        value={value}
        onChange={(v) => {
          setPicked(v);
          onChange(v?.id ?? null);
        }}
      />
    </div>
  );
}

interface Values extends Record<string, unknown> {
  label: string;
  relation: RelationOption | null;
  start_date: string;
  end_date: string;
  quotation_calc_method: string;
  invoice_calc_method: string;
  invoice_method: string;
  progress_threshold_method: string;
  progress_threshold_amount: number | string;
  flow_types: string[];
  tags: string[];
  quotationable_documents: string[];
  invoiceable_documents: string[];
  /** Per flow type the model flow's id as text ('' none) and the amount of homes of that type. */
  models: Record<string, { id: string; amount: number | string }>;
}

const DOCUMENT_KINDS = ['quotation', 'confirmation', 'invoice'];

function validate(v: Values) {
  return {
    label: v.label.trim() ? undefined : PARTNER_PROJECT_TEXTS.labelRequired,
    end_date:
      v.start_date && v.end_date && v.end_date < v.start_date
        ? PARTNER_PROJECT_TEXTS.endBeforeStart
        : undefined,
  };
}

const orNull = (s: string) => (s ? s : null);

function toRequest(v: Values, partnerId: number, isNew: boolean) {
  const selected = (types: string[]) => types.map((type) => ({ type, id: null, selected: true }));
  return {
    partner_id: partnerId,
    label: v.label.trim(),
    start_date: orNull(v.start_date),
    end_date: orNull(v.end_date),
    quotation_calc_method: orNull(v.quotation_calc_method) as never,
    invoice_calc_method: orNull(v.invoice_calc_method) as never,
    invoice_method: orNull(v.invoice_method) as never,
    progress_threshold_method: orNull(v.progress_threshold_method) as never,
    progress_threshold_amount:
      v.progress_threshold_amount === '' ? null : Number(v.progress_threshold_amount),
    flow_types: v.flow_types,
    tags: v.tags,
    quotationable_documents: selected(v.quotationable_documents),
    invoiceable_documents: selected(v.invoiceable_documents),
    ...(isNew && v.relation ? { relation_id: v.relation.id } : {}),
    ...(isNew
      ? {}
      : {
          model_flows: Object.entries(v.models)
            .filter(([type, m]) => m.id && v.flow_types.includes(type))
            .map(([type, m]) => ({ id: Number(m.id), type, amount: Number(m.amount) || 0 })),
        }),
  };
}

/** Partner project create (on a partner's page) or edit: every field of spec 001 "Partner project". */
export function PartnerProjectModal({
  partnerId,
  project,
  opened,
  onClose,
}: FormModalProps & { partnerId: number; project?: PartnerProject }) {
  const { t } = useTranslation();
  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      size="lg"
      title={t(project ? 'partnerprojects.editTitle' : 'partnerprojects.newProject')}
    >
      <ProjectForm partnerId={partnerId} project={project} onDone={onClose} />
    </FormModal>
  );
}

function ProjectForm({
  partnerId,
  project,
  onDone,
}: {
  partnerId: number;
  project?: PartnerProject;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const create = useCreateProject();
  const update = useUpdateProject(project?.id ?? 0);
  const { form, values, inputProps, fieldError, onSubmit, formError, saveCallbacks, showServerError } =
    useAppForm<Values>({
      initialValues: {
        label: project?.label ?? '',
        relation: null,
        start_date: project?.start_date ?? '',
        end_date: project?.end_date ?? '',
        quotation_calc_method: project?.quotation_calc_method ?? '',
        invoice_calc_method: project?.invoice_calc_method ?? '',
        invoice_method: project?.invoice_method ?? '',
        progress_threshold_method: project?.progress_threshold_method ?? '',
        progress_threshold_amount: project?.progress_threshold_amount ?? '',
        flow_types: project?.flow_types ?? [],
        tags: project?.tags ?? [],
        quotationable_documents: (project?.quotationable_documents ?? [])
          .filter((d) => d.selected)
          .map((d) => d.type),
        invoiceable_documents: (project?.invoiceable_documents ?? [])
          .filter((d) => d.selected)
          .map((d) => d.type),
        models: Object.fromEntries(
          (project?.model_flows ?? []).map((m) => [m.type, { id: String(m.id), amount: m.amount }]),
        ),
      },
      validate,
    });
  const methodOptions = (
    list: readonly string[],
    group: 'calcMethods' | 'invoiceMethods' | 'thresholdMethods',
  ) => [
    { value: '', label: t('partnerprojects.none') },
    ...list.map((m) => ({ value: m, label: t(`partnerprojects.${group}.${m}`, { defaultValue: m }) })),
  ];

  const submit = onSubmit((v) => {
    const body = toRequest(v, partnerId, !project);
    if (project) update.mutate(body, saveCallbacks(t('partnerprojects.saved'), onDone));
    else
      create.mutate(body, {
        onSuccess: (created) => {
          toast.success(t('partnerprojects.created'));
          onDone();
          navigate(`/partnerproject_detail/${created.id}`);
        },
        onError: showServerError,
      });
  });

  return (
    <form noValidate onSubmit={submit}>
      <FormError message={formError} />
      <Stack gap="sm">
        <TextInput label={t('partnerprojects.label')} required data-autofocus {...inputProps('label')} />
        {!project && (
          <RelationTypeahead
            label={t('partnerprojects.relation')}
            description={t('partnerprojects.relationHint')}
            value={values.relation}
            onChange={(next) => form.setFieldValue('relation', next)}
            error={fieldError('relation')}
          />
        )}
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextInput type="date" label={t('partnerprojects.startDate')} {...inputProps('start_date')} />
          <TextInput type="date" label={t('partnerprojects.endDate')} {...inputProps('end_date')} />
          <Select
            label={t('partnerprojects.quotationCalcMethod')}
            data={methodOptions(PARTNER_PROJECT_CALC_METHODS, 'calcMethods')}
            allowDeselect={false}
            {...inputProps('quotation_calc_method')}
          />
          <Select
            label={t('partnerprojects.invoiceCalcMethod')}
            data={methodOptions(PARTNER_PROJECT_CALC_METHODS, 'calcMethods')}
            allowDeselect={false}
            {...inputProps('invoice_calc_method')}
          />
          <Select
            label={t('partnerprojects.invoiceMethod')}
            data={methodOptions(PARTNER_PROJECT_INVOICE_METHODS, 'invoiceMethods')}
            allowDeselect={false}
            {...inputProps('invoice_method')}
          />
          <Select
            label={t('partnerprojects.thresholdMethod')}
            data={methodOptions(PARTNER_PROJECT_THRESHOLD_METHODS, 'thresholdMethods')}
            allowDeselect={false}
            {...inputProps('progress_threshold_method')}
          />
          <NumberInput
            label={t('partnerprojects.thresholdAmount')}
            min={0}
            decimalSeparator=","
            {...inputProps('progress_threshold_amount')}
          />
        </SimpleGrid>
        <TagsInput
          label={t('partnerprojects.flowTypes')}
          description={t('partnerprojects.flowTypesHint')}
          {...inputProps('flow_types')}
        />
        <TagsInput label={t('partnerprojects.tags')} {...inputProps('tags')} />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TagsInput
            label={t('partnerprojects.quotationableDocuments')}
            data={DOCUMENT_KINDS}
            {...inputProps('quotationable_documents')}
          />
          <TagsInput
            label={t('partnerprojects.invoiceableDocuments')}
            data={DOCUMENT_KINDS}
            {...inputProps('invoiceable_documents')}
          />
        </SimpleGrid>
        {project && values.flow_types.length > 0 && (
          <Stack gap={6}>
            <Text fw={600} size="sm">
              {t('partnerprojects.modelFlows')}
            </Text>
            <Text size="xs" c="dimmed">
              {t('partnerprojects.modelFlowsHint')}
            </Text>
            {values.flow_types.map((type) => (
              <Group key={type} gap="xs" wrap="nowrap" align="flex-end">
                <ModelFlowPicker
                  projectId={project.id}
                  type={type}
                  flowId={values.models[type]?.id ? Number(values.models[type]?.id) : null}
                  onChange={(id) =>
                    form.setFieldValue('models', {
                      ...values.models,
                      [type]: { id: id === null ? '' : String(id), amount: values.models[type]?.amount ?? 0 },
                    })
                  }
                />
                <NumberInput
                  w={100}
                  aria-label={`${type} aantal`}
                  min={0}
                  value={values.models[type]?.amount ?? 0}
                  onChange={(amount) =>
                    form.setFieldValue('models', {
                      ...values.models,
                      [type]: { id: values.models[type]?.id ?? '', amount },
                    })
                  }
                />
              </Group>
            ))}
          </Stack>
        )}
        <FormActions onCancel={onDone} isPending={create.isPending || update.isPending} mt="sm" />
      </Stack>
    </form>
  );
}
