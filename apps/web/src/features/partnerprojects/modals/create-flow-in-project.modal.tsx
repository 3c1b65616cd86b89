import type { PartnerProject } from '@im/domain';
import { Select, Stack, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FormActions } from '../../../ui/form/form-actions';
import { FormError } from '../../../ui/form/form-error';
import { FormModal, type FormModalProps } from '../../../ui/form/form-modal';
import { useAppForm } from '../../../ui/form/use-app-form';
import { toast } from '../../../ui/toasts';
import { type RelationOption, RelationTypeahead } from '../../../ui/typeahead';
import { useCreateFlowInProject } from '../queries';

interface Values extends Record<string, unknown> {
  relation: RelationOption | null;
  description: string;
  type: string;
}

/** createByPartnerProject (spec 001 section 2): a new flow for a relation (or a '(nieuw)' one) in the project. */
export function CreateFlowInProjectModal({
  project,
  opened,
  onClose,
}: FormModalProps & { project: PartnerProject }) {
  const { t } = useTranslation();
  return (
    <FormModal opened={opened} onClose={onClose} title={t('partnerprojects.newFlowTitle')}>
      <CreateFlowForm project={project} onDone={onClose} />
    </FormModal>
  );
}

function CreateFlowForm({ project, onDone }: { project: PartnerProject; onDone: () => void }) {
  const { t } = useTranslation();
  const create = useCreateFlowInProject(project.id);
  const { form, values, inputProps, fieldError, onSubmit, formError, showServerError } = useAppForm<Values>({
    initialValues: { relation: null, description: '', type: project.flow_types[0] ?? '' },
    validate: (v) => ({ relation: v.relation ? undefined : t('common.relation') }),
  });
  const submit = onSubmit((v) =>
    create.mutate(
      { relation_id: v.relation!.id, description: v.description.trim(), type: v.type },
      {
        onSuccess: (created) => {
          toast.success(t('partnerprojects.flowCreated', { number: created.number }));
          onDone();
        },
        onError: showServerError,
      },
    ),
  );
  return (
    <form noValidate onSubmit={submit}>
      <FormError message={formError} />
      <Stack gap="sm">
        <RelationTypeahead
          required
          value={values.relation}
          onChange={(next) => form.setFieldValue('relation', next)}
          error={fieldError('relation')}
        />
        <Textarea
          label={t('partnerprojects.description')}
          autosize
          minRows={2}
          {...inputProps('description')}
        />
        {project.flow_types.length > 0 && (
          <Select
            label={t('partnerprojects.type')}
            data={[{ value: '', label: t('partnerprojects.none') }, ...project.flow_types]}
            allowDeselect={false}
            {...inputProps('type')}
          />
        )}
        <FormActions onCancel={onDone} isPending={create.isPending} mt="sm" />
      </Stack>
    </form>
  );
}
