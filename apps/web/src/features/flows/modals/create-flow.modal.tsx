import { DEFAULT_LEAD_SOURCE, splitFullName } from '@im/domain';
import { Select, Stack, Text, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { i18n } from '../../../i18n';
import { FormActions } from '../../../ui/form/form-actions';
import { FormError } from '../../../ui/form/form-error';
import type { FormModalProps } from '../../../ui/form/form-modal';
import { useAppForm } from '../../../ui/form/use-app-form';
import { toast } from '../../../ui/toasts';
import { type RelationOption, RelationTypeahead } from '../../../ui/typeahead';
import { useSession } from '../../auth';
import { leadSourceOptions, profileOptions, toId, userOptions } from '../components/flow-options';
import { FlowSettingsModal } from '../components/flow-settings-modal';
import { useCreateFlow, useCreateRelation } from '../mutations';
import type { Flow, FlowSettings } from '../types';

// Modals create and createByRelation of spec 001 section 2: with `relation` the flow is created for
// that relation (createByRelation); otherwise a relation is picked, or typed as '(nieuw)'.

type Values = {
  relation: RelationOption | null;
  description: string;
  lead_source: string;
  flowprofile_id: string;
  user_id: string;
};

/** A '(nieuw)' relation is only named until the form is saved; id 0 marks it. */
const NEW_RELATION_ID = 0;

interface CreateFlowModalProps extends FormModalProps {
  onCreated: (flow: Flow) => void;
  relation?: { id: number; fullname: string };
}

export function CreateFlowModal({ opened, onClose, onCreated, relation }: CreateFlowModalProps) {
  const { t } = useTranslation();
  return (
    <FlowSettingsModal opened={opened} onClose={onClose} title={t('flows.create.title')}>
      {(settings) => (
        <CreateFlowForm settings={settings} relation={relation} onClose={onClose} onCreated={onCreated} />
      )}
    </FlowSettingsModal>
  );
}

const validate = (v: Values) => ({ relation: v.relation ? undefined : i18n.t('common.required') });

function CreateFlowForm({
  settings,
  relation,
  onClose,
  onCreated,
}: Omit<CreateFlowModalProps, 'opened'> & { settings: FlowSettings }) {
  const { t } = useTranslation();
  const session = useSession();
  const createRelation = useCreateRelation();
  const createFlow = useCreateFlow();
  const isOwnUser = settings.users.some((user) => user.id === session.currentuser_id);
  const { values, form, fieldError, inputProps, onSubmit, formError, showServerError } = useAppForm<Values>({
    initialValues: {
      relation: relation ?? null,
      description: '',
      lead_source: settings.lead_sources.includes(DEFAULT_LEAD_SOURCE)
        ? DEFAULT_LEAD_SOURCE
        : (settings.lead_sources[0] ?? ''),
      flowprofile_id: settings.standard_flowprofile_id ? String(settings.standard_flowprofile_id) : '',
      user_id: isOwnUser ? String(session.currentuser_id) : '',
    },
    validate,
  });

  const submit = onSubmit(async (v) => {
    if (!v.relation) return;
    try {
      let relationId = v.relation.id;
      if (relationId === NEW_RELATION_ID) {
        const parts = splitFullName(v.relation.fullname);
        relationId = (await createRelation.mutateAsync({ ...parts, lead_source: v.lead_source || undefined }))
          .id;
        form.setFieldValue('relation', { id: relationId, fullname: v.relation.fullname });
      }
      const flow = await createFlow.mutateAsync({
        relation_id: relationId,
        description: v.description.trim() || undefined,
        lead_source: v.lead_source || undefined,
        flowprofile_id: toId(v.flowprofile_id),
        user_id: toId(v.user_id),
      });
      toast.success(t('flows.create.created'));
      onClose();
      onCreated(flow);
    } catch (error) {
      showServerError(error);
    }
  });

  return (
    <form noValidate onSubmit={submit}>
      <FormError message={formError} />
      <Stack gap="sm">
        {relation ? (
          <Text size="sm">
            <Text span fw={600}>
              {t('common.relation')}:
            </Text>{' '}
            {relation.fullname}
          </Text>
        ) : (
          <RelationTypeahead
            required
            value={values.relation}
            onChange={(next) => form.setFieldValue('relation', next)}
            onCreate={(text) => ({ id: NEW_RELATION_ID, fullname: text })}
            error={fieldError('relation')}
          />
        )}
        <Textarea label={t('common.description')} autosize minRows={2} {...inputProps('description')} />
        <Select
          label={t('common.leadSource')}
          data={leadSourceOptions(settings)}
          allowDeselect={false}
          {...inputProps('lead_source')}
        />
        <Select
          label={t('flows.fields.flowprofile')}
          data={profileOptions(settings)}
          allowDeselect={false}
          {...inputProps('flowprofile_id')}
        />
        <Select
          label={t('common.handler')}
          data={userOptions(settings)}
          clearable
          {...inputProps('user_id')}
        />
        <FormActions
          onCancel={onClose}
          isPending={createRelation.isPending || createFlow.isPending}
          submitLabel={t('common.create')}
          mt="sm"
        />
      </Stack>
    </form>
  );
}
