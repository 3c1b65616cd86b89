import { Button, Group, Modal, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useCompanyOptions } from '../../../api/companies';
import { i18n } from '../../../i18n';
import { FormError } from '../../../ui/form/form-error';
import { useAppForm } from '../../../ui/form/use-app-form';
import { required } from '../../../ui/form/validators';
import { useCreateSubscription, useSubscriptionTypes } from '../queries';

type Values = { company_id: string; subscription_type_id: string; start_date: string; end_date: string };

interface CreateSubscriptionModalProps {
  opened: boolean;
  onClose: () => void;
  /** Fixed on a company's page; otherwise the admin picks the company. */
  companyId?: number;
}

const today = () => new Date().toLocaleDateString('sv-SE', { timeZone: 'Europe/Amsterdam' });

const validate = (v: Values) => ({
  company_id: required(v.company_id),
  subscription_type_id: required(v.subscription_type_id),
  start_date: required(v.start_date),
  end_date:
    v.end_date && v.start_date && v.end_date < v.start_date
      ? i18n.t('subscriptions.endBeforeStart')
      : undefined,
});

/** POST /api/subscription: the company gets the type's modules (purchased). */
export function CreateSubscriptionModal({ opened, onClose, companyId }: CreateSubscriptionModalProps) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} title={t('subscriptions.newSubscription')} centered>
      {opened && <CreateSubscriptionForm companyId={companyId} onDone={onClose} />}
    </Modal>
  );
}

function CreateSubscriptionForm({ companyId, onDone }: { companyId?: number; onDone: () => void }) {
  const { t } = useTranslation();
  const create = useCreateSubscription();
  const types = useSubscriptionTypes();
  const companies = useCompanyOptions();
  const { inputProps, onSubmit, formError, saveCallbacks } = useAppForm<Values>({
    initialValues: {
      company_id: companyId ? String(companyId) : '',
      subscription_type_id: '',
      start_date: today(),
      end_date: '',
    },
    validate,
  });

  const submit = onSubmit((v) =>
    create.mutate(
      {
        company_id: Number(v.company_id),
        subscription_type_id: Number(v.subscription_type_id),
        start_date: v.start_date,
        end_date: v.end_date || null,
      },
      saveCallbacks(t('subscriptions.created'), onDone),
    ),
  );

  return (
    <form noValidate onSubmit={submit}>
      <FormError message={formError} title={t('common.saveFailed')} />
      <Stack gap="sm">
        {!companyId && (
          <Select
            label={t('common.company')}
            required
            searchable
            data={companies.data ?? []}
            {...inputProps('company_id')}
          />
        )}
        <Select
          label={t('subscriptions.type')}
          required
          data={(types.data ?? []).map((type) => ({ value: String(type.id), label: type.name }))}
          {...inputProps('subscription_type_id')}
        />
        <SimpleGrid cols={2} spacing="sm">
          <TextInput type="date" label={t('subscriptions.start')} required {...inputProps('start_date')} />
          <TextInput type="date" label={t('subscriptions.end')} {...inputProps('end_date')} />
        </SimpleGrid>
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onDone}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={create.isPending}>
            {t('common.add')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
