import type { Incident } from '@im/domain';
import { Select, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useFlowSettings } from '../../../api/companies';
import { FormActions } from '../../../ui/form/form-actions';
import { FormError } from '../../../ui/form/form-error';
import { FormModal, type FormModalProps } from '../../../ui/form/form-modal';
import { useAppForm } from '../../../ui/form/use-app-form';
import { useSaveIncident } from '../queries';

/** Incident edituser (spec 001): choose the handler, or nobody. The new handler is notified by the server. */
export function IncidentUserModal({
  opened,
  onClose,
  incident,
}: FormModalProps & { incident: Incident | null }) {
  const { t } = useTranslation();
  return (
    <FormModal opened={opened} onClose={onClose} title={t('incidents.editUser')}>
      {incident && <IncidentUserForm incident={incident} onDone={onClose} />}
    </FormModal>
  );
}

function IncidentUserForm({ incident, onDone }: { incident: Incident; onDone: () => void }) {
  const { t } = useTranslation();
  const save = useSaveIncident();
  const users = useFlowSettings().data?.users ?? [];
  const { inputProps, onSubmit, formError, saveCallbacks } = useAppForm({
    initialValues: { user_id: String(incident.user_id ?? 0) },
    validate: () => ({}),
  });
  const submit = onSubmit((v) =>
    save.mutate(
      { id: incident.id, user_id: Number(v.user_id) },
      saveCallbacks(t('incidents.assigned'), onDone),
    ),
  );
  return (
    <form noValidate onSubmit={submit}>
      <FormError message={formError} />
      <Stack gap="sm">
        <Text size="sm" c="dimmed" lineClamp={3}>
          {incident.content}
        </Text>
        <Select
          label={t('common.handler')}
          data={[
            { value: '0', label: t('incidents.unassigned') },
            ...users.map((u) => ({ value: String(u.id), label: u.fullname })),
          ]}
          allowDeselect={false}
          searchable
          data-autofocus
          {...inputProps('user_id')}
        />
        <FormActions onCancel={onDone} isPending={save.isPending} mt="sm" />
      </Stack>
    </form>
  );
}
