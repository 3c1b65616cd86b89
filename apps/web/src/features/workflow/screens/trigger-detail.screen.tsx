import {
  type EventTrigger,
  FLOW_STAGE_LABELS,
  FLOW_STAGES,
  LEAD_DATE_LABELS,
  type LeadDateField,
  zUpdateEventTrigger,
} from '@im/domain';
import { Card, Checkbox, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { DetailScreen } from '../../../ui/detail';
import { FormActions } from '../../../ui/form/form-actions';
import { FormError } from '../../../ui/form/form-error';
import { schemaError } from '../../../ui/form/schema-error';
import { useAppForm } from '../../../ui/form/use-app-form';
import { useEventTrigger, useUpdateEventTrigger } from '../queries';

const OVERVIEW = '/eventtrigger_overview';
type Stage = EventTrigger['flowstage'];
const STAGES: Stage[] = [...FLOW_STAGES, 'algemeen'];

/** /eventtrigger_detail/:eventtriggerId: description, stage and the document/task flags; the tag is fixed. */
export function TriggerDetailScreen() {
  const { t } = useTranslation();
  const id = Number(useParams().eventtriggerId);
  const trigger = useEventTrigger(id);
  return (
    <DetailScreen
      query={trigger}
      back={{ to: OVERVIEW, label: t('workflow.triggersTitle') }}
      loadFailedTitle={t('workflow.triggerLoadFailed')}
      notFoundMessage={t('workflow.triggerNotFound')}
    >
      {(data) => <TriggerForm key={data.id} trigger={data} />}
    </DetailScreen>
  );
}

type Values = { description: string; flowstage: Stage; hasDocument: boolean; hasTask: boolean };

function TriggerForm({ trigger }: { trigger: EventTrigger }) {
  const { t } = useTranslation();
  const update = useUpdateEventTrigger(trigger.id);
  const { inputProps, onSubmit, formError, saveCallbacks } = useAppForm<Values>({
    initialValues: {
      description: trigger.description,
      flowstage: trigger.flowstage,
      hasDocument: trigger.hasDocument,
      hasTask: trigger.hasTask,
    },
    validate: (v) => ({ description: schemaError(zUpdateEventTrigger.shape.description, v.description) }),
  });
  const submit = onSubmit((v) =>
    update.mutate(
      v,
      saveCallbacks(t('workflow.triggerSaved'), () => {}),
    ),
  );
  const leadDate = trigger.lead_date ? LEAD_DATE_LABELS[trigger.lead_date as LeadDateField] : null;

  return (
    <>
      <Title order={1} style={{ overflowWrap: 'anywhere' }}>
        {trigger.description}
      </Title>
      <Card withBorder padding="lg" maw={720}>
        <Title order={2} size="h4" mb="md">
          {t('common.details')}
        </Title>
        <form noValidate onSubmit={submit}>
          <FormError message={formError} />
          <Stack gap="sm">
            <TextInput label={t('workflow.tag')} value={trigger.tag} readOnly variant="filled" />
            {leadDate && (
              <Text size="sm" c="dimmed">
                {t('workflow.dateTrigger', { date: leadDate })}
              </Text>
            )}
            <TextInput
              label={t('common.description')}
              required
              maxLength={200}
              {...inputProps('description')}
            />
            <Select
              label={t('workflow.stage')}
              data={STAGES.map((s) => ({ value: s, label: FLOW_STAGE_LABELS[s] }))}
              allowDeselect={false}
              {...inputProps('flowstage')}
            />
            <Checkbox
              label={t('workflow.hasDocument')}
              {...inputProps('hasDocument', { type: 'checkbox' })}
            />
            <Checkbox label={t('workflow.hasTask')} {...inputProps('hasTask', { type: 'checkbox' })} />
            <FormActions isPending={update.isPending} mt="sm" />
          </Stack>
        </form>
      </Card>
    </>
  );
}
