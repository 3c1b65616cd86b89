import {
  DOCUMENT_TEXTS,
  type PartialChoice,
  type PartialInvoiceType,
  type SalesDocument,
  zPartialChoice,
} from '@im/domain';
import { Checkbox, NumberInput, Radio, Stack, Text } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { isApiError } from '../../../api/client';
import { FormActions } from '../../../ui/form/form-actions';
import { FormError } from '../../../ui/form/form-error';
import { FormModal } from '../../../ui/form/form-modal';
import { formatMoney } from '../../../ui/format';
import { toast } from '../../../ui/toasts';
import { detailPath } from '../kinds';
import { useDocumentCall } from '../queries';

type Choice = 'whole' | PartialInvoiceType;

/**
 * 'Factuur maken' from a quotation or order confirmation: the whole amount, a part (percentage or
 * amount incl. VAT) or the rest of the parts already made (spec 001/002 section 5). The server checks
 * the part against what is still open; a refusal shows the spec's toast.
 */
export function CreateInvoiceModal({
  document,
  opened,
  onClose,
}: {
  document: SalesDocument;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <FormModal opened={opened} onClose={onClose} title={t('documents.createInvoice')}>
      <CreateInvoiceForm document={document} onClose={onClose} />
    </FormModal>
  );
}

function CreateInvoiceForm({ document, onClose }: { document: SalesDocument; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const call = useDocumentCall(
    document.kind,
    document.id,
    document.kind === 'quotation' ? 'createinvoicefromquotation' : 'createinvoicefromconfirmation',
  );
  const [choice, setChoice] = useState<Choice>('whole');
  const [value, setValue] = useState<number | string>('');
  const [reverseCharge, setReverseCharge] = useState(false);
  const [isSubmitAttempted, setSubmitAttempted] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const body: PartialChoice = {
    ...(choice === 'whole' ? {} : { partialinvoicetype: choice }),
    ...(choice === 'fromamount' || choice === 'frompercentage'
      ? { partial_value: value === '' ? undefined : Number(value) }
      : {}),
    ...(reverseCharge ? { reverse_charge: 1 } : {}),
  };
  const parsed = zPartialChoice.safeParse(body);
  const valueError = !parsed.success
    ? parsed.error.issues.find((i) => i.path[0] === 'partial_value')?.message
    : undefined;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitAttempted(true);
    if (!parsed.success) return;
    setError(null);
    call.mutate(body, {
      onSuccess: (created) => {
        onClose();
        navigate(detailPath(created.kind, created.id));
      },
      onError: (failure) => {
        const fieldMessage = isApiError(failure) ? Object.values(failure.errors)[0]?.[0] : undefined;
        setError(fieldMessage ?? failure.message);
        toast.error(
          DOCUMENT_TEXTS.createFailedText(fieldMessage ?? failure.message),
          DOCUMENT_TEXTS.createFailedTitle('invoice'),
        );
      },
    });
  };

  return (
    <form noValidate onSubmit={submit}>
      <FormError message={error} />
      <Stack gap="sm">
        {document.calculation && (
          <Text size="sm" c="dimmed">
            {`${t('documents.wholeInc')}: ${formatMoney(document.calculation.amount_inc_vat)}`}
          </Text>
        )}
        <Radio.Group
          label={t('documents.invoiceKind')}
          value={choice}
          onChange={(v) => setChoice(v as Choice)}
        >
          <Stack gap="xs" mt="xs">
            <Radio value="whole" label={t('documents.invoiceWhole')} />
            <Radio value="frompercentage" label={t('documents.invoicePercentage')} />
            <Radio value="fromamount" label={t('documents.invoiceAmount')} />
            <Radio value="rest" label={t('documents.invoiceRest')} />
          </Stack>
        </Radio.Group>
        {(choice === 'frompercentage' || choice === 'fromamount') && (
          <NumberInput
            label={choice === 'frompercentage' ? t('documents.percentage') : t('common.amountIncVat')}
            value={value}
            onChange={setValue}
            decimalSeparator=","
            thousandSeparator="."
            decimalScale={choice === 'frompercentage' ? 4 : 2}
            min={0}
            max={choice === 'frompercentage' ? 100 : undefined}
            suffix={choice === 'frompercentage' ? ' %' : undefined}
            prefix={choice === 'fromamount' ? '€ ' : undefined}
            required
            data-autofocus
            error={isSubmitAttempted ? valueError : undefined}
          />
        )}
        <Checkbox
          label={t('documents.reverseChargeLabel')}
          checked={reverseCharge}
          onChange={(event) => setReverseCharge(event.currentTarget.checked)}
        />
        <FormActions
          onCancel={onClose}
          isPending={call.isPending}
          submitLabel={t('documents.createInvoice')}
          mt="sm"
        />
      </Stack>
    </form>
  );
}
