import {
  type Incident,
  MAX_INCIDENT_CLASSIFICATION_LENGTH,
  MAX_INCIDENT_CONTENT_LENGTH,
  zIncidentContent,
} from '@im/domain';
import { Alert, Anchor, Select, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useFlowSettings } from '../../../api/companies';
import { FormActions } from '../../../ui/form/form-actions';
import { FormError } from '../../../ui/form/form-error';
import { FormModal, type FormModalProps } from '../../../ui/form/form-modal';
import { schemaError } from '../../../ui/form/schema-error';
import { useAppForm } from '../../../ui/form/use-app-form';
import { useSession } from '../../auth';
import { useIncidentTypes, useSaveIncident } from '../queries';

interface IncidentModalProps extends FormModalProps {
  /** The flow a new incident is for. */
  flowId?: number;
  /** Edit this incident; a new one when absent. */
  incident?: Incident | null;
}

/** Incident create and edit (spec 001 "Incident create, edit"). */
export function IncidentModal({ opened, onClose, flowId, incident }: IncidentModalProps) {
  const { t } = useTranslation();
  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title={incident ? t('incidents.edit') : t('incidents.new')}
      size="lg"
    >
      <IncidentForm flowId={flowId} incident={incident ?? null} onDone={onClose} />
    </FormModal>
  );
}

type Values = {
  incident_type_id: string;
  content: string;
  user_id: string;
  response: string;
  remarks: string;
  classification: string;
};

function IncidentForm({
  flowId,
  incident,
  onDone,
}: {
  flowId?: number;
  incident: Incident | null;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const session = useSession();
  const save = useSaveIncident();
  const types = useIncidentTypes();
  const users = useFlowSettings().data?.users ?? [];
  const { inputProps, onSubmit, formError, saveCallbacks } = useAppForm<Values>({
    initialValues: {
      incident_type_id: incident?.incident_type_id ? String(incident.incident_type_id) : '',
      content: incident?.content ?? '',
      // A new incident is the author's to handle unless they choose otherwise.
      user_id: String(session.currentuser_id),
      response: incident?.response ?? '',
      remarks: incident?.remarks ?? '',
      classification: incident?.classification ?? '',
    },
    validate: (v) => ({
      // An incident whose type was deleted can be edited without choosing one.
      incident_type_id: !incident && !v.incident_type_id ? t('common.required') : undefined,
      content: schemaError(zIncidentContent, v.content),
    }),
  });

  const submit = onSubmit((v) => {
    const texts = {
      content: v.content,
      response: v.response,
      remarks: v.remarks,
      classification: v.classification,
      ...(v.incident_type_id ? { incident_type_id: Number(v.incident_type_id) } : {}),
    };
    if (incident) save.mutate({ id: incident.id, ...texts }, saveCallbacks(t('incidents.saved'), onDone));
    else
      save.mutate(
        {
          flow_id: flowId!,
          incident_type_id: Number(v.incident_type_id),
          ...texts,
          user_id: Number(v.user_id),
        },
        saveCallbacks(t('incidents.saved'), onDone),
      );
  });

  const typeOptions = (types.data ?? []).map((type) => ({ value: String(type.id), label: type.name }));
  const hasNoTypes = types.isSuccess && typeOptions.length === 0;

  return (
    <form noValidate onSubmit={submit}>
      <FormError message={formError} />
      <Stack gap="sm">
        {hasNoTypes && (
          <Alert color="yellow" title={t('incidents.noTypes')}>
            {session.hasModuleSettings ? (
              <Anchor component={Link} to="/account/company_documentsettings" onClick={onDone}>
                {t('incidents.toSettings')}
              </Anchor>
            ) : (
              t('incidents.noTypesSettings')
            )}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <Select
            label={t('common.type')}
            data={typeOptions}
            required={!incident}
            allowDeselect={false}
            searchable
            {...inputProps('incident_type_id')}
          />
          {!incident && (
            <Select
              label={t('common.handler')}
              data={[
                { value: '0', label: t('incidents.unassigned') },
                ...users.map((u) => ({ value: String(u.id), label: u.fullname })),
              ]}
              allowDeselect={false}
              searchable
              {...inputProps('user_id')}
            />
          )}
        </SimpleGrid>
        <Textarea
          label={t('common.description')}
          autosize
          minRows={3}
          maxRows={10}
          maxLength={MAX_INCIDENT_CONTENT_LENGTH}
          required
          data-autofocus
          {...inputProps('content')}
        />
        <Textarea
          label={t('incidents.response')}
          autosize
          minRows={2}
          maxRows={8}
          {...inputProps('response')}
        />
        <Textarea
          label={t('incidents.remarks')}
          autosize
          minRows={2}
          maxRows={8}
          {...inputProps('remarks')}
        />
        <TextInput
          label={t('incidents.classification')}
          maxLength={MAX_INCIDENT_CLASSIFICATION_LENGTH}
          {...inputProps('classification')}
        />
        <FormActions onCancel={onDone} isPending={save.isPending} mt="sm" />
      </Stack>
    </form>
  );
}
