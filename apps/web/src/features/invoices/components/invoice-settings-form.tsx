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
import { confirm } from '../../../ui/confirm-dialog';
import { FormActions } from '../../../ui/form/form-actions';
import { FormError } from '../../../ui/form/form-error';
import { schemaError } from '../../../ui/form/schema-error';
import { useAppForm } from '../../../ui/form/use-app-form';
import { required } from '../../../ui/form/validators';
import { toast } from '../../../ui/toasts';
import { useInvoiceTexts } from '../i18n';
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
  const tx = useInvoiceTexts();
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
      toast.info(tx.noChanges);
      return;
    }
    update.mutate(changes, {
      onSuccess: (saved) => {
        // What the server now has: normalised values, an empty key field under the new key's hint.
        form.setValues(toFormValues(saved));
        toast.success(tx.saved);
      },
      onError: showServerError,
    });
  });

  const onRemoveKey = async () => {
    const isConfirmed = await confirm({
      title: tx.removeKey,
      message: tx.removeKeyConfirm,
      confirmLabel: tx.removeKey,
      isDanger: true,
    });
    if (!isConfirmed) return;
    removeKey.mutate(
      { payment_api_key: '' },
      { onSuccess: () => toast.success(tx.keyRemoved), onError: showServerError },
    );
  };

  return (
    <form noValidate onSubmit={submit}>
      <FormError message={formError} title={tx.saveFailed} />
      <Stack gap="md">
        <Fieldset legend={tx.address}>
          <Grid gap="sm">
            <Grid.Col span={{ base: 12, sm: 8 }}>
              <TextInput label={tx.street} maxLength={200} {...field('street')} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 4 }}>
              <TextInput label={tx.housenumber} maxLength={20} {...field('housenumber')} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 4 }}>
              <TextInput label={tx.postcode} maxLength={20} {...field('postcode')} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 8 }}>
              <TextInput label={tx.city} maxLength={100} {...field('city')} />
            </Grid.Col>
          </Grid>
        </Fieldset>
        <Fieldset legend={tx.contact}>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput label={tx.phone} type="tel" inputMode="tel" maxLength={40} {...field('phone')} />
            <TextInput label={tx.email} type="email" inputMode="email" {...field('email')} />
          </SimpleGrid>
        </Fieldset>
        <Fieldset legend={tx.invoiceDetails}>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput label={tx.kvkNumber} inputMode="numeric" maxLength={40} {...field('kvk_number')} />
            <TextInput label={tx.vatNumber} maxLength={40} {...field('vat_number')} />
            <TextInput label={tx.iban} maxLength={40} {...field('iban')} />
            <TextInput label={tx.bic} maxLength={20} {...field('bic')} />
            <NumberInput
              label={tx.paymentDays}
              description={tx.paymentDaysHint}
              min={0}
              max={365}
              allowDecimal={false}
              allowNegative={false}
              {...field('invoice_payment_days')}
            />
          </SimpleGrid>
        </Fieldset>
        <Fieldset legend={tx.creditTemplate}>
          <Select
            label={tx.creditTemplateLabel}
            description={tx.creditTemplateHint}
            data={[
              { value: 'none', label: tx.creditTemplateNone },
              ...(templates.data ?? []).map((t) => ({ value: String(t.id), label: t.title })),
            ]}
            allowDeselect={false}
            {...field('credit_invoice_template_id')}
          />
        </Fieldset>
        <Fieldset legend={tx.paymentLinks}>
          <Stack gap="sm">
            <Text size="sm" c="dimmed">
              {settings.payment_provider ? tx.paymentLinksHint : INVOICE_TEXTS.noPaymentProvider}
            </Text>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <Select
                label={tx.provider}
                data={[
                  { value: 'none', label: tx.providerNone },
                  { value: 'mollie', label: tx.providerMollie },
                ]}
                allowDeselect={false}
                {...field('payment_provider')}
              />
              <PasswordInput
                label={tx.apiKey}
                description={settings.payment_api_key_set ? tx.apiKeyHint : tx.apiKeyNew}
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
                  {tx.removeKey}
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
