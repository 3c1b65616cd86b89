import {
  DATA_ORIGINS,
  type DataOrigin,
  type Product,
  type RequestOf,
  SHOW_RULE_OPERATOR_LABELS,
  TOGGLE_OPERATORS,
  type ToggleOperator,
  type VerticalDataField,
  type zCreateProduct,
} from '@im/domain';
import { Fieldset, Group, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useVertical, useVerticals } from '../../../api/verticals';

// The "Formulier" part of the product form (spec 002 section 3; decision 023): a product with data
// origin "Uit formulier" takes its amount from a field of its form, and up to three toggle fields
// decide whether its calculation line counts. Ids are kept as strings; NONE is "Geen".

export const NONE = '0';
const SLOTS = [
  { id: 'togglefield_id', operator: 'togglefield_operator', value: 'togglefield_value' },
  { id: 'toggle2field_id', operator: 'toggle2field_operator', value: 'toggle2field_value' },
  { id: 'toggle3field_id', operator: 'toggle3field_operator', value: 'toggle3field_value' },
] as const;
const FIELD_IDS = ['alternativeamount_id', ...SLOTS.map((s) => s.id)] as const;
/** These operators look at no value. */
const WITHOUT_VALUE: readonly ToggleOperator[] = ['isfilledin', 'isnotfilledin'];
/** Fields that hold a number come first in "Aantal uit veld". */
const NUMBER_TYPES: readonly VerticalDataField['field_type'][] = ['number', 'calculated'];

type Slot = (typeof SLOTS)[number];
export type FormLinkValues = { data_origin: string; vertical_id: string; alternativeamount_id: string } & {
  [K in Slot['id'] | Slot['operator'] | Slot['value']]: string;
};
type LinkRequest = Pick<RequestOf<typeof zCreateProduct>, keyof FormLinkValues>;

const idText = (id: number | null | undefined) => (id ? String(id) : NONE);
const idOf = (text: string) => (text === NONE || text === '' ? null : Number(text));

export function initialFormLinks(p?: Product): FormLinkValues {
  return {
    data_origin: p?.data_origin ?? 'manual',
    vertical_id: idText(p?.vertical_id),
    alternativeamount_id: idText(p?.alternativeamount_id),
    togglefield_id: idText(p?.togglefield_id),
    togglefield_operator: p?.togglefield_operator ?? 'issame',
    togglefield_value: p?.togglefield_value ?? '',
    toggle2field_id: idText(p?.toggle2field_id),
    toggle2field_operator: p?.toggle2field_operator ?? 'issame',
    toggle2field_value: p?.toggle2field_value ?? '',
    toggle3field_id: idText(p?.toggle3field_id),
    toggle3field_operator: p?.toggle3field_operator ?? 'issame',
    toggle3field_value: p?.toggle3field_value ?? '',
  };
}

/** The links as the API takes them: "Geen" is null; an operator without a value sends none. */
export function formLinksRequest(v: FormLinkValues): LinkRequest {
  const request: LinkRequest = {
    data_origin: v.data_origin as DataOrigin,
    vertical_id: idOf(v.vertical_id),
    alternativeamount_id: idOf(v.alternativeamount_id),
  };
  for (const slot of SLOTS) {
    const operator = v[slot.operator] as ToggleOperator;
    request[slot.id] = idOf(v[slot.id]);
    request[slot.operator] = operator;
    request[slot.value] = WITHOUT_VALUE.includes(operator) ? '' : v[slot.value];
  }
  return request;
}

interface ProductFormFieldsProps {
  values: FormLinkValues;
  setValues: (values: Partial<FormLinkValues>) => void;
  inputProps: (field: keyof FormLinkValues) => GetInputPropsReturnType & { error: string | undefined };
  /** A new product: with a single live form, that form is picked (spec 002 section 3). */
  isNew: boolean;
}

export function ProductFormFields({ values: v, setValues, inputProps, isNew }: ProductFormFieldsProps) {
  const { t } = useTranslation();
  const forms = useVerticals();
  const formId = idOf(v.vertical_id);
  const chosen = useVertical(formId, { staleTime: 60_000 });

  const picked = useRef(false);
  useEffect(() => {
    if (!isNew || picked.current || !forms.data) return;
    picked.current = true;
    const only = forms.data.length === 1 ? forms.data[0] : undefined;
    if (only && v.vertical_id === NONE) setValues({ vertical_id: String(only.id) });
  }, [isNew, forms.data, v.vertical_id, setValues]);

  const none = { value: NONE, label: t('common.none') };
  const formOptions = [none, ...(forms.data ?? []).map((f) => ({ value: String(f.id), label: f.name }))];
  const detail = chosen.data && chosen.data.id === formId ? chosen.data : undefined;
  // A form archived after it was linked still shows by its name.
  if (detail && !formOptions.some((o) => o.value === v.vertical_id))
    formOptions.push({
      value: v.vertical_id,
      label: detail.archived ? t('products.archivedForm', { name: detail.name }) : detail.name,
    });

  const current = new Set(FIELD_IDS.map((key) => v[key]));
  const fields = (detail?.verticaldatafields ?? []).filter(
    (f) => f.selectable_in_products || current.has(String(f.id)),
  );
  const fieldOptions = (list: VerticalDataField[]) => [
    none,
    ...list.map((f) => ({ value: String(f.id), label: f.field_label })),
  ];
  const numberFirst = [
    ...fields.filter((f) => NUMBER_TYPES.includes(f.field_type)),
    ...fields.filter((f) => !NUMBER_TYPES.includes(f.field_type)),
  ];
  const operatorOptions = TOGGLE_OPERATORS.map((o) => ({ value: o, label: SHOW_RULE_OPERATOR_LABELS[o] }));
  const showFields =
    formId !== null && (v.data_origin === 'fromobject' || FIELD_IDS.some((k) => v[k] !== NONE));
  // A toggle slot shows once the one before it has a field (or it has one itself).
  const shownSlots = SLOTS.filter(
    (slot, i) => i === 0 || v[slot.id] !== NONE || v[SLOTS[i - 1]!.id] !== NONE,
  );

  // Another form: the old form's fields do not belong to it.
  const onForm = (value: string | null) => {
    if ((value ?? NONE) === v.vertical_id) return;
    setValues({ vertical_id: value ?? NONE, ...Object.fromEntries(FIELD_IDS.map((key) => [key, NONE])) });
  };

  return (
    <Fieldset legend={t('common.form')}>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {t('products.formHelp')}
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <Select
            label={t('products.dataOrigin')}
            data={DATA_ORIGINS.map((o) => ({
              value: o,
              label: o === 'manual' ? t('products.originManual') : t('products.originFromObject'),
            }))}
            allowDeselect={false}
            {...inputProps('data_origin')}
          />
          <Select
            label={t('common.form')}
            data={formOptions}
            allowDeselect={false}
            searchable={formOptions.length > 8}
            {...inputProps('vertical_id')}
            onChange={onForm}
          />
          {showFields && (
            <Select
              label={t('products.amountField')}
              data={fieldOptions(numberFirst)}
              allowDeselect={false}
              {...inputProps('alternativeamount_id')}
            />
          )}
        </SimpleGrid>
        {showFields &&
          shownSlots.map((slot, i) => {
            const field = fields.find((f) => String(f.id) === v[slot.id]);
            const hasValue = !WITHOUT_VALUE.includes(v[slot.operator] as ToggleOperator);
            return (
              <Group key={slot.id} grow gap="xs" align="flex-start" data-testid={`toggle.${i + 1}`}>
                <Select
                  label={t('products.toggleField', { n: i + 1 })}
                  data={fieldOptions(fields)}
                  allowDeselect={false}
                  {...inputProps(slot.id)}
                />
                {v[slot.id] !== NONE && (
                  <Select
                    label={t('common.condition')}
                    data={operatorOptions}
                    allowDeselect={false}
                    {...inputProps(slot.operator)}
                  />
                )}
                {v[slot.id] !== NONE && hasValue && field?.field_type === 'selectbox' && (
                  <Select
                    label={t('common.value')}
                    data={[...new Set([...field.options, ...(v[slot.value] ? [v[slot.value]] : [])])]}
                    {...inputProps(slot.value)}
                    onChange={(value) => setValues({ [slot.value]: value ?? '' })}
                  />
                )}
                {v[slot.id] !== NONE && hasValue && field?.field_type !== 'selectbox' && (
                  <TextInput label={t('common.value')} {...inputProps(slot.value)} />
                )}
              </Group>
            );
          })}
      </Stack>
    </Fieldset>
  );
}
