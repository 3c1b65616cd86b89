import {
  ACCOUNTING_DISCOUNT_LABELS,
  ACCOUNTING_VAT_TYPE_LABELS,
  type AccountingLookup,
  type AccountingOption,
  type AccountingService,
  type AccountingSettings,
  DISCOUNT_OPTIONS_OF,
  INTEGRATION_SERVICE_LABELS,
  LOOKUPS_OF,
} from '@im/domain';
import {
  Alert,
  Button,
  Card,
  Group,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../ui/toasts';
import { useAccountingLookup, useUpdateAccountingSettings } from '../queries';

type Key = keyof AccountingSettings;

/** A code from the package's list when linked, else typed. The saved value stays shown even if the list lacks it. */
function CodeField({
  label,
  value,
  options,
  onChange,
  disabled,
}: {
  label: string;
  value: string;
  options: AccountingOption[] | undefined;
  onChange: (v: string) => void;
  disabled: boolean;
}) {
  if (!options)
    return (
      <TextInput
        label={label}
        value={value}
        onChange={(e) => onChange(e.currentTarget.value)}
        disabled={disabled}
        maxLength={100}
      />
    );
  const data = options.map((o) => ({ value: o.code, label: `${o.code} · ${o.description}` }));
  if (value && !data.some((d) => d.value === value)) data.unshift({ value, label: value });
  return (
    <Select
      label={label}
      data={data}
      value={value || null}
      onChange={(v) => onChange(v ?? '')}
      searchable
      clearable
      disabled={disabled}
      comboboxProps={{ withinPortal: true }}
    />
  );
}

const SLOTS = [
  { key: 'rateHigh', ledger: 'gl_reference', description: 'gl_description', vat: 'vat_code_high' },
  { key: 'rateLow', ledger: 'gl_reference_low', description: 'gl_description_low', vat: 'vat_code_low' },
  { key: 'rateZero', ledger: 'gl_reference_zero', description: 'gl_description_zero', vat: 'vat_code_zero' },
  {
    key: 'rateShifted',
    ledger: 'gl_reference_shifted',
    description: 'gl_description_shifted',
    vat: 'vat_code_shifted',
  },
] as const satisfies readonly { key: string; ledger: Key; description: Key; vat: Key }[];

/**
 * The accounting blocks of the document settings (spec 000 section 3: gl_* and exact_discount_*; section 9:
 * VAT type and discount options), with the linked package's lists (section 7's lookups) to choose from.
 */
export function AccountingSettingsCard({
  settings,
  service,
  linked,
  canSave,
}: {
  settings: AccountingSettings;
  /** The company's package (linked or lapsed); Exact Online's fields while none is. */
  service: AccountingService | null;
  linked: boolean;
  canSave: boolean;
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(settings);
  useEffect(() => setDraft(settings), [settings]);
  const save = useUpdateAccountingSettings();
  const pkg = service ?? 'exact';
  // SnelStart books by VAT rate in its own sales journal: only its ledger accounts are asked (decision 068).
  const byRate = pkg === 'snelstart';
  const offered = (kind: AccountingLookup) => linked && LOOKUPS_OF[pkg].includes(kind);
  const ledgers = useAccountingLookup(pkg, 'ledgeraccounts', offered('ledgeraccounts'));
  const vatCodes = useAccountingLookup(pkg, 'vatcodes', offered('vatcodes'));
  const journals = useAccountingLookup(pkg, 'journals', offered('journals'));
  const divisions = useAccountingLookup(pkg, 'divisions', offered('divisions'));
  const warehouses = useAccountingLookup(pkg, 'warehouses', offered('warehouses'));
  const items = useAccountingLookup(pkg, 'items', offered('items'));
  const lookupError = [ledgers, vatCodes, journals].find((q) => q.isError)?.error;
  const set = (key: Key) => (value: string | boolean) => setDraft((d) => ({ ...d, [key]: value }));
  const disabled = !canSave;

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    try {
      await save.mutateAsync(draft);
      toast.success(t('integrations.saved'));
    } catch (err) {
      toast.error(err instanceof Error ? err.message : String(err));
    }
  }

  return (
    <Card withBorder padding="md" component="section" aria-label={t('integrations.settings')}>
      <form onSubmit={submit}>
        <Stack gap="sm">
          <div>
            <Title order={2} size="h4">
              {t('integrations.settings')}
            </Title>
            <Text size="sm" c="dimmed">
              {t('integrations.settingsIntro')}
            </Text>
          </div>
          {lookupError && (
            <Alert color="orange" role="alert">
              {t('integrations.lookupFailed', { message: lookupError.message })}
            </Alert>
          )}
          {byRate && (
            <Text size="sm">{t('integrations.byRate', { service: INTEGRATION_SERVICE_LABELS[pkg] })}</Text>
          )}
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            {!byRate && (
              <CodeField
                label={t('integrations.division')}
                value={draft.division}
                options={divisions.data}
                onChange={set('division')}
                disabled={disabled}
              />
            )}
            {!byRate && (
              <CodeField
                label={t('integrations.journal')}
                value={draft.journal}
                options={journals.data}
                onChange={set('journal')}
                disabled={disabled}
              />
            )}
            <Select
              label={t('integrations.vatType')}
              data={Object.entries(ACCOUNTING_VAT_TYPE_LABELS).map(([value, label]) => ({ value, label }))}
              value={draft.vat_type}
              onChange={(v) => v && set('vat_type')(v)}
              allowDeselect={false}
              disabled={disabled}
            />
            <Select
              label={t('integrations.discount')}
              data={DISCOUNT_OPTIONS_OF[pkg].map((value) => ({
                value,
                label: ACCOUNTING_DISCOUNT_LABELS[value],
              }))}
              value={draft.discount_option}
              onChange={(v) => v && set('discount_option')(v)}
              allowDeselect={false}
              disabled={disabled}
            />
            {!byRate && (
              <CodeField
                label={t('integrations.warehouse')}
                value={draft.warehouse}
                options={warehouses.data}
                onChange={set('warehouse')}
                disabled={disabled}
              />
            )}
            {!byRate && draft.discount_option === 'own_item' && (
              <CodeField
                label={t('integrations.discountItem')}
                value={draft.discount_item}
                options={items.data}
                onChange={set('discount_item')}
                disabled={disabled}
              />
            )}
          </SimpleGrid>
          {SLOTS.map((slot) => (
            <fieldset key={slot.key} style={{ border: 0, padding: 0, margin: 0 }}>
              <Text component="legend" fw={600} size="sm" mb={4}>
                {t(`integrations.${slot.key}`)}
              </Text>
              <SimpleGrid cols={{ base: 1, sm: byRate ? 2 : 3 }} spacing="sm">
                <CodeField
                  label={t('integrations.ledger')}
                  value={String(draft[slot.ledger])}
                  options={ledgers.data}
                  onChange={set(slot.ledger)}
                  disabled={disabled}
                />
                <TextInput
                  label={t('integrations.description')}
                  value={String(draft[slot.description])}
                  onChange={(e) => set(slot.description)(e.currentTarget.value)}
                  maxLength={200}
                  disabled={disabled}
                />
                {!byRate && (
                  <CodeField
                    label={t('integrations.vatCode')}
                    value={String(draft[slot.vat])}
                    options={vatCodes.data}
                    onChange={set(slot.vat)}
                    disabled={disabled}
                  />
                )}
              </SimpleGrid>
            </fieldset>
          ))}
          <fieldset style={{ border: 0, padding: 0, margin: 0 }}>
            <Text component="legend" fw={600} size="sm" mb={4}>
              {t('integrations.rateDiscount')}
            </Text>
            <SimpleGrid cols={{ base: 1, sm: byRate ? 2 : 3 }} spacing="sm">
              <CodeField
                label={t('integrations.ledger')}
                value={draft.exact_discount_reference}
                options={ledgers.data}
                onChange={set('exact_discount_reference')}
                disabled={disabled}
              />
              <TextInput
                label={t('integrations.description')}
                value={draft.exact_discount_description}
                onChange={(e) => set('exact_discount_description')(e.currentTarget.value)}
                maxLength={200}
                disabled={disabled}
              />
            </SimpleGrid>
          </fieldset>
          <Switch
            label={t('integrations.autoPush')}
            checked={draft.auto_push}
            onChange={(e) => set('auto_push')(e.currentTarget.checked)}
            disabled={disabled}
          />
          {canSave && (
            <Group justify="flex-end">
              <Button type="submit" loading={save.isPending}>
                {t('integrations.save')}
              </Button>
            </Group>
          )}
        </Stack>
      </form>
    </Card>
  );
}
