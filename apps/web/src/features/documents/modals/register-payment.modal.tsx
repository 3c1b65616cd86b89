import { amsterdamDay, type SalesDocument, zRegisterPayment } from '@im/domain';
import { Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FormActions } from '../../../ui/form/form-actions';
import { FormError } from '../../../ui/form/form-error';
import { FormModal } from '../../../ui/form/form-modal';
import { schemaError } from '../../../ui/form/schema-error';
import { useAppForm } from '../../../ui/form/use-app-form';
import { formatMoney } from '../../../ui/format';
import { useRegisterPayment } from '../queries';

interface Props {
  document: SalesDocument;
  opened: boolean;
  onClose: () => void;
}

/** 'Markeren als betaald': the day (today) and the amount (what is owed); a part is kept as a partial payment. */
export function RegisterPaymentModal({ document, opened, onClose }: Props) {
  const { t } = useTranslation();
  return (
    <FormModal opened={opened} onClose={onClose} title={t('documents.markPaid')}>
      <RegisterPaymentForm document={document} onClose={onClose} />
    </FormModal>
  );
}

/** The owed amount as the field shows it: Dutch decimal comma, no thousands separator. */
const asInput = (amount: number) => amount.toFixed(2).replace('.', ',');

function RegisterPaymentForm({ document, onClose }: Omit<Props, 'opened'>) {
  const { t } = useTranslation();
  const register = useRegisterPayment(document.id);
  const owed = document.invoice?.owed ?? 0;
  const { inputProps, onSubmit, formError, saveCallbacks } = useAppForm({
    initialValues: { paid_on: amsterdamDay(new Date()), amount: asInput(owed), note: '' },
    validate: (values) => ({
      paid_on: schemaError(zRegisterPayment.shape.paid_on, values.paid_on),
      amount: schemaError(zRegisterPayment.shape.amount, values.amount),
    }),
  });
  const submit = onSubmit((values) =>
    register.mutate(
      { paid_on: values.paid_on, amount: values.amount, note: values.note.trim() || undefined },
      saveCallbacks(t('documents.paymentRegistered'), onClose),
    ),
  );
  return (
    <form noValidate onSubmit={submit}>
      <FormError message={formError} />
      <Stack gap="sm">
        <TextInput type="date" label={t('documents.paymentDate')} required {...inputProps('paid_on')} />
        <TextInput
          label={t('documents.paymentAmount')}
          description={t('documents.paymentAmountHint', { owed: formatMoney(owed) })}
          required
          inputMode="decimal"
          leftSection="€"
          data-autofocus
          {...inputProps('amount')}
        />
        <TextInput label={t('documents.paymentNote')} maxLength={500} {...inputProps('note')} />
        <FormActions
          onCancel={onClose}
          isPending={register.isPending}
          submitLabel={t('documents.registerPayment')}
          mt="sm"
        />
      </Stack>
    </form>
  );
}
