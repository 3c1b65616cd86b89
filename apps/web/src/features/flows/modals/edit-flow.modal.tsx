import { Checkbox, Select, SimpleGrid, Stack, TagsInput, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FormActions } from '../../../ui/form/form-actions';
import { FormError } from '../../../ui/form/form-error';
import type { FormModalProps } from '../../../ui/form/form-modal';
import { useAppForm } from '../../../ui/form/use-app-form';
import { leadSourceOptions, profileOptions, userOptions } from '../components/flow-options';
import { FlowSettingsModal } from '../components/flow-settings-modal';
import { useUpdateFlow } from '../mutations';
import { useUsedFlowTags } from '../queries';
import type { Flow, FlowSettings, FlowUpdate } from '../types';

type Values = {
  description: string;
  user_id: string;
  office_user_id: string;
  project_user_id: string;
  lead_source: string;
  flowprofile_id: string;
  tags: string[];
  move_intake_tasks: boolean;
};

type Props = FormModalProps & { flow: Flow };

/** The flow's edit modal: description, handlers, lead source, request profile and tags. */
export function EditFlowModal({ flow, opened, onClose }: Props) {
  const { t } = useTranslation();
  return (
    <FlowSettingsModal opened={opened} onClose={onClose} title={t('flows.edit.title')} size="lg">
      {(settings) => <EditFlowForm flow={flow} settings={settings} onClose={onClose} />}
    </FlowSettingsModal>
  );
}

const idText = (id: number | null) => (id ? String(id) : '');
const idValue = (text: string) => (text ? Number(text) : null);

function EditFlowForm({ flow, settings, onClose }: Omit<Props, 'opened'> & { settings: FlowSettings }) {
  const { t } = useTranslation();
  const update = useUpdateFlow(flow.id);
  const usedTags = useUsedFlowTags();
  const { values, inputProps, onSubmit, formError, saveCallbacks } = useAppForm<Values>({
    initialValues: {
      description: flow.description ?? '',
      user_id: idText(flow.user_id),
      office_user_id: idText(flow.office_user_id),
      project_user_id: idText(flow.project_user_id),
      lead_source: flow.lead_source ?? '',
      flowprofile_id: idText(flow.flowprofile_id),
      tags: flow.tags ?? [],
      move_intake_tasks: true,
    },
    validate: () => ({}),
  });
  const users = userOptions(settings);
  const tagSuggestions = [...new Set([...settings.flow_tags, ...(usedTags.data ?? [])])];

  const submit = onSubmit((v) => {
    const next: FlowUpdate = {
      description: v.description.trim(),
      user_id: idValue(v.user_id),
      office_user_id: idValue(v.office_user_id),
      project_user_id: idValue(v.project_user_id),
      lead_source: v.lead_source || undefined,
      flowprofile_id: idValue(v.flowprofile_id),
      tags: v.tags,
    };
    // Only what changed is sent, so a save never overwrites another user's change of another field.
    const changed = Object.fromEntries(
      Object.entries(next).filter(
        ([key, value]) => JSON.stringify(value) !== JSON.stringify(flow[key as keyof Flow] ?? null),
      ),
    ) as FlowUpdate;
    if (Object.keys(changed).length === 0) return onClose();
    // Spec 001 section 4: a new sales user can take over the flow's open intake tasks.
    if ('user_id' in changed && v.move_intake_tasks) changed.move_intake_tasks = true;
    update.mutate(changed, saveCallbacks(t('flows.edit.saved'), onClose));
  });

  return (
    <form noValidate onSubmit={submit}>
      <FormError message={formError} />
      <Stack gap="sm">
        <Textarea label={t('common.description')} autosize minRows={2} {...inputProps('description')} />
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <Select label={t('common.handler')} data={users} clearable searchable {...inputProps('user_id')} />
          <Select
            label={t('flows.fields.officeUser')}
            data={users}
            clearable
            searchable
            {...inputProps('office_user_id')}
          />
          <Select
            label={t('flows.fields.projectUser')}
            data={users}
            clearable
            searchable
            {...inputProps('project_user_id')}
          />
        </SimpleGrid>
        {idValue(values.user_id) !== flow.user_id && (
          <Checkbox
            label={t('flows.edit.moveIntakeTasks')}
            {...inputProps('move_intake_tasks', { type: 'checkbox' })}
          />
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <Select
            label={t('common.leadSource')}
            data={leadSourceOptions(settings, flow.lead_source)}
            clearable
            {...inputProps('lead_source')}
          />
          <Select
            label={t('flows.fields.flowprofile')}
            data={profileOptions(settings)}
            allowDeselect={false}
            {...inputProps('flowprofile_id')}
          />
        </SimpleGrid>
        <TagsInput label={t('common.tags')} data={tagSuggestions} clearable {...inputProps('tags')} />
        <FormActions onCancel={onClose} isPending={update.isPending} mt="sm" />
      </Stack>
    </form>
  );
}
