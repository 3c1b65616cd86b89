import { Button, Card, Group, Loader, SimpleGrid, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FormError } from '../../../ui/form/form-error';
import { useAppForm } from '../../../ui/form/use-app-form';
import { toast } from '../../../ui/toasts';
import { useUpdateLead } from '../mutations';
import { useLead } from '../queries';
import { LEAD_DATE_FIELDS, type Lead, type LeadDateField } from '../types';

type Values = Record<LeadDateField, string>;

/** The flow's lead dates (GET/PATCH /api/lead/{flowId}); only changed dates are sent. */
export function LeadDates({ flowId }: { flowId: number }) {
  const { t } = useTranslation();
  const lead = useLead(flowId);
  return (
    <Card withBorder padding="md" component="section" aria-label={t('flows.lead.title')}>
      <Title order={2} size="h4" mb="sm">
        {t('flows.lead.title')}
      </Title>
      {lead.isPending && <Loader size="sm" />}
      {lead.isError && <FormError message={lead.error.message} />}
      {lead.data && <LeadDatesForm key={JSON.stringify(lead.data)} lead={lead.data} />}
    </Card>
  );
}

const dayOf = (value: string | null) => (value ? value.slice(0, 10) : '');

function LeadDatesForm({ lead }: { lead: Lead }) {
  const { t } = useTranslation();
  const update = useUpdateLead(lead.flow_id);
  const initialValues = Object.fromEntries(
    LEAD_DATE_FIELDS.map((field) => [field, dayOf(lead[field])]),
  ) as Values;
  const { inputProps, onSubmit, formError, showServerError } = useAppForm<Values>({
    initialValues,
    validate: () => ({}),
  });

  const submit = onSubmit((values) => {
    const changed = Object.fromEntries(
      LEAD_DATE_FIELDS.filter((field) => values[field] !== initialValues[field]).map((field) => [
        field,
        values[field] || null,
      ]),
    );
    if (Object.keys(changed).length === 0) return;
    update.mutate(changed, {
      onSuccess: () => toast.success(t('flows.lead.saved')),
      onError: showServerError,
    });
  });

  return (
    <form noValidate onSubmit={submit}>
      <FormError message={formError} />
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        {LEAD_DATE_FIELDS.map((field) => (
          <TextInput key={field} type="date" label={t(`flows.lead.${field}`)} {...inputProps(field)} />
        ))}
      </SimpleGrid>
      <Group justify="flex-end" mt="sm">
        <Button type="submit" loading={update.isPending}>
          {t('common.save')}
        </Button>
      </Group>
    </form>
  );
}
