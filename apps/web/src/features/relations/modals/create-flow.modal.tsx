import { DEFAULT_LEAD_SOURCE } from '@im/domain';
import { Select, Stack, Textarea } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { FormActions } from '../../../ui/form/form-actions';
import { FormError } from '../../../ui/form/form-error';
import { FormModal, type FormModalProps } from '../../../ui/form/form-modal';
import { useAppForm } from '../../../ui/form/use-app-form';
import { useCreateFlowForRelation, useFlowSettings } from '../queries';
import type { Relation } from '../types';

type Values = { description: string; lead_source: string; flowprofile_id: string };

/** 'Nieuw dossier' on a relation (spec 001 flow modal createByRelation): POST /api/flow {relation_id}. */
export function CreateFlowModal({ relation, opened, onClose }: FormModalProps & { relation: Relation }) {
  const { t } = useTranslation();
  return (
    <FormModal opened={opened} onClose={onClose} title={t('relations.newFlow')}>
      <CreateFlowForm relation={relation} onDone={onClose} />
    </FormModal>
  );
}

function CreateFlowForm({ relation, onDone }: { relation: Relation; onDone: () => void }) {
  const { t } = useTranslation();
  const create = useCreateFlowForRelation(relation.id);
  const settings = useFlowSettings();
  const { form, inputProps, onSubmit, formError, saveCallbacks } = useAppForm<Values>({
    initialValues: {
      description: '',
      lead_source: relation.lead_source || DEFAULT_LEAD_SOURCE,
      flowprofile_id: relation.flowprofile_id ? String(relation.flowprofile_id) : '',
    },
    validate: () => ({}),
  });
  const standardId = settings.data?.standard_flowprofile_id;
  const hasProfile = Boolean(form.values.flowprofile_id);
  useEffect(() => {
    if (!hasProfile && standardId) form.setFieldValue('flowprofile_id', String(standardId));
  }, [hasProfile, standardId, form]);

  const submit = onSubmit((v) =>
    create.mutate(
      {
        description: v.description.trim() || undefined,
        lead_source: v.lead_source,
        flowprofile_id: v.flowprofile_id ? Number(v.flowprofile_id) : null,
      },
      saveCallbacks(t('relations.flowCreated'), onDone),
    ),
  );

  const leadSources = settings.data?.lead_sources ?? [];
  return (
    <form noValidate onSubmit={submit}>
      <FormError message={formError} />
      <Stack gap="sm">
        <Textarea
          label={t('common.description')}
          autosize
          minRows={2}
          data-autofocus
          {...inputProps('description')}
        />
        <Select
          label={t('common.leadSource')}
          data={
            leadSources.includes(form.values.lead_source)
              ? leadSources
              : [form.values.lead_source, ...leadSources]
          }
          allowDeselect={false}
          {...inputProps('lead_source')}
        />
        <Select
          label={t('relations.flowprofile')}
          data={(settings.data?.flowprofiles ?? []).map((p) => ({ value: String(p.id), label: p.name }))}
          allowDeselect={false}
          {...inputProps('flowprofile_id')}
        />
        <FormActions
          onCancel={onDone}
          isPending={create.isPending}
          submitLabel={t('common.create')}
          mt="sm"
        />
      </Stack>
    </form>
  );
}
