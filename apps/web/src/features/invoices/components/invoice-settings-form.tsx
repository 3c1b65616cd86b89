import { INVOICE_TEXTS, zUpdateInvoiceSettings } from '@im/domain';
import {
  Button,
  Fieldset,
  Grid,
  Group,
  NumberInput,
  PasswordInput,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconKeyOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { confirm } from '../../../ui/confirm-dialog';
import { FormActions } from '../../../ui/form/form-actions';
import { FormError } from '../../../ui/form/form-error';
import { schemaError } from '../../../ui/form/schema-error';
import { useAppForm } from '../../../ui/form/use-app-form';
import { required } from '../../../ui/form/validators';
import { toast } from '../../../ui/toasts';
import {
  type InvoiceSettings,
  type UpdateInvoiceSettings,
  useInvoiceTemplates,
  useUpdateInvoiceSettings,
} from '../queries';

const TEXT_FIELDS = [
  'street',
  'housenumber',
  'postcode',
  'city',
  'phone',
  'email',
  'kvk_number',
  'vat_number',
  'iban',
  'bic',
] as const;

type Provider = 'none' | 'mollie';

export type InvoiceSettingsValues = Record<(typeof TEXT_FIELDS)[number], string> & {
  invoice_payment_days: number | string;
  payment_provider: Provider;
  /** A new key; empty keeps the stored one. */
  payment_api_key: string;
  /** The standard credit invoice template's id, or 'none'. */
  credit_invoice_template_id: string;
};

export function toFormValues(settings: InvoiceSettings): InvoiceSettingsValues {
  return {
    street: settings.street,
    housenumber: settings.housenumber,
    postcode: settings.postcode,
    city: settings.city,
    phone: settings.phone,
    email: settings.email,
    kvk_number: settings.kvk_number,
    vat_number: settings.vat_number,
    iban: settings.iban,
    bic: settings.bic,
    invoice_payment_days: settings.invoice_payment_days,
    payment_provider: settings.payment_provider ?? 'none',
    payment_api_key: '',
    credit_invoice_template_id:
      settings.credit_invoice_template_id === null ? 'none' : String(settings.credit_invoice_template_id),
  };
}

const shape = zUpdateInvoiceSettings.shape;

/** The contract's own rules, so the same Dutch messages show before the server is asked. */
export function validateInvoiceSettings(v: InvoiceSettingsValues) {
  return {
    ...Object.fromEntries(TEXT_FIELDS.map((field) => [field, schemaError(shape[field], v[field])])),
    invoice_payment_days:
      required(String(v.invoice_payment_days)) ??
      schemaError(shape.invoice_payment_days, v.invoice_payment_days),
    payment_api_key: schemaError(shape.payment_api_key, v.payment_api_key),
  };
}

/**
 * The PATCH body: the values as the contract normalises them (IBAN and VAT id in capitals without
 * spaces, BIC in capitals, trimmed text), only those that differ from what is stored; a new API key
 * only when one was typed.
 */
export function changedInvoiceSettings(
  settings: InvoiceSettings,
  values: InvoiceSettingsValues,
): UpdateInvoiceSettings {
  const parsed = zUpdateInvoiceSettings.parse({
    ...values,
    payment_provider: values.payment_provider === 'mollie' ? 'mollie' : null,
    payment_api_key: values.payment_api_key.trim() || undefined,
    credit_invoice_template_id:
      values.credit_invoice_template_id === 'none' ? null : Number(values.credit_invoice_template_id),
  });
  const changes: UpdateInvoiceSettings = {};
  for (const field of TEXT_FIELDS) {
    const value = parsed[field];
    if (value !== undefined && value !== settings[field]) changes[field] = value;
  }
  if (
    parsed.invoice_payment_days !== undefined &&
    parsed.invoice_payment_days !== settings.invoice_payment_days
  )
    changes.invoice_payment_days = parsed.invoice_payment_days;
  if (parsed.payment_provider !== undefined && parsed.payment_provider !== settings.payment_provider)
    changes.payment_provider = parsed.payment_provider;
  if (parsed.payment_api_key) changes.payment_api_key = parsed.payment_api_key;
  if (
    parsed.credit_invoice_template_id !== undefined &&
    parsed.credit_invoice_template_id !== settings.credit_invoice_template_id
  )
    changes.credit_invoice_template_id = parsed.credit_invoice_template_id;
  return changes;
}

interface InvoiceSettingsFormProps {
  settings: InvoiceSettings;
  /** SETTINGS module and role manager: the PATCH's own rule. Others see the details only. */
  canSave: boolean;
}

/** The company's address, contact, invoice details and payment provider (PATCH /api/company/invoicesettings). */
export function InvoiceSettingsForm({ settings, canSave }: InvoiceSettingsFormProps) {
  const { t } = useTranslation();
  const update = useUpdateInvoiceSettings();
  const templates = useInvoiceTemplates();
  const removeKey = useUpdateInvoiceSettings();
  const { form, inputProps, onSubmit, formError, showServerError } = useAppForm<InvoiceSettingsValues>({
    initialValues: toFormValues(settings),
    validate: validateInvoiceSettings,
  });
  const field = (name: keyof InvoiceSettingsValues) => ({ ...inputProps(name), disabled: !canSave });

  const submit = onSubmit((values) => {
    const changes = changedInvoiceSettings(settings, values);
    if (Object.keys(changes).length === 0) {
      toast.info(t('invoices.noChanges'));
      return;
    }
    update.mutate(changes, {
      onSuccess: (saved) => {
        // What the server now has: normalised values, an empty key field under the new key's hint.
        form.setValues(toFormValues(saved));
        toast.success(t('invoices.saved'));
      },
      onError: showServerError,
    });
  });

  const onRemoveKey = async () => {
    const isConfirmed = await confirm({
      title: t('invoices.removeKey'),
      message: t('invoices.removeKeyConfirm'),
      confirmLabel: t('invoices.removeKey'),
      isDanger: true,
    });
    if (!isConfirmed) return;
    removeKey.mutate(
      { payment_api_key: '' },
      { onSuccess: () => toast.success(t('invoices.keyRemoved')), onError: showServerError },
    );
  };

  return (
    <form noValidate onSubmit={submit}>
      <FormError message={formError} title={t('invoices.saveFailed')} />
      <Stack gap="md">
        <Fieldset legend={t('common.address')}>
          <Grid gap="sm">
            <Grid.Col span={{ base: 12, sm: 8 }}>
              <TextInput label={t('common.street')} maxLength={200} {...field('street')} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 4 }}>
              <TextInput label={t('common.houseNumber')} maxLength={20} {...field('housenumber')} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 4 }}>
              <TextInput label={t('common.postcode')} maxLength={20} {...field('postcode')} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 8 }}>
              <TextInput label={t('common.city')} maxLength={100} {...field('city')} />
            </Grid.Col>
          </Grid>
        </Fieldset>
        <Fieldset legend={t('invoices.contact')}>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput
              label={t('common.phone')}
              type="tel"
              inputMode="tel"
              maxLength={40}
              {...field('phone')}
            />
            <TextInput label={t('invoices.email')} type="email" inputMode="email" {...field('email')} />
          </SimpleGrid>
        </Fieldset>
        <Fieldset legend={t('invoices.invoiceDetails')}>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput
              label={t('invoices.kvkNumber')}
              inputMode="numeric"
              maxLength={40}
              {...field('kvk_number')}
            />
            <TextInput label={t('invoices.vatNumber')} maxLength={40} {...field('vat_number')} />
            <TextInput label={t('invoices.iban')} maxLength={40} {...field('iban')} />
            <TextInput label={t('invoices.bic')} maxLength={20} {...field('bic')} />
            <NumberInput
              label={t('invoices.paymentDays')}
              description={t('invoices.paymentDaysHint')}
              min={0}
              max={365}
              allowDecimal={false}
              allowNegative={false}
              {...field('invoice_payment_days')}
            />
          </SimpleGrid>
        </Fieldset>
        <Fieldset legend={t('invoices.creditTemplate')}>
          <Select
            label={t('invoices.creditTemplateLabel')}
            description={t('invoices.creditTemplateHint')}
            data={[
              { value: 'none', label: t('invoices.creditTemplateNone') },
              ...(templates.data ?? []).map((t) => ({ value: String(t.id), label: t.title })),
            ]}
            allowDeselect={false}
            {...field('credit_invoice_template_id')}
          />
        </Fieldset>
        <Fieldset legend={t('invoices.paymentLinks')}>
          <Stack gap="sm">
            <Text size="sm" c="dimmed">
              {settings.payment_provider ? t('invoices.paymentLinksHint') : INVOICE_TEXTS.noPaymentProvider}
            </Text>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <Select
                label={t('invoices.provider')}
                data={[
                  { value: 'none', label: t('common.none') },
                  { value: 'mollie', label: t('invoices.providerMollie') },
                ]}
                allowDeselect={false}
                {...field('payment_provider')}
              />
              <PasswordInput
                label={t('invoices.apiKey')}
                description={
                  settings.payment_api_key_set ? t('invoices.apiKeyHint') : t('invoices.apiKeyNew')
                }
                placeholder={settings.payment_api_key_hint ?? undefined}
                autoComplete="new-password"
                {...field('payment_api_key')}
              />
            </SimpleGrid>
            {canSave && settings.payment_api_key_set && (
              <Group justify="flex-end">
                <Button
                  type="button"
                  variant="default"
                  leftSection={<IconKeyOff size={16} />}
                  loading={removeKey.isPending}
                  onClick={() => void onRemoveKey()}
                >
                  {t('invoices.removeKey')}
                </Button>
              </Group>
            )}
          </Stack>
        </Fieldset>
        {canSave && <FormActions isPending={update.isPending} />}
      </Stack>
    </form>
  );
}
