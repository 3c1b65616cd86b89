import {
  CALC_BASES,
  CALC_METHOD_LABELS,
  CALC_METHODS,
  DEFAULT_VAT_RATE,
  followingDescription,
  isValidSplit,
  PRODUCT_STATUS_LABELS,
  PRODUCT_STATUSES,
  PRODUCT_TYPES,
  type Product,
  type RequestOf,
  VAT_RATES,
  VAT_SPLIT_NOT_100,
  vatRatesFor,
  type zCreateProduct,
  zPercentage,
  zSignedRate,
} from '@im/domain';
import { Group, Select, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FormActions } from '../../../ui/form/form-actions';
import { FormError } from '../../../ui/form/form-error';
import { schemaError } from '../../../ui/form/schema-error';
import { useAppForm } from '../../../ui/form/use-app-form';
import { required } from '../../../ui/form/validators';
import {
  type FormLinkValues,
  formLinksRequest,
  initialFormLinks,
  ProductFormFields,
} from './product-form-fields';

export const PRODUCT_TYPE_LABELS: Record<(typeof PRODUCT_TYPES)[number], string> = {
  standard: 'Standaard',
  manual: 'Handmatig',
  header: 'Kop',
  combination: 'Combinatie',
  sub: 'Subproduct',
  derivative: 'Afgeleid',
  subderivative: 'Afgeleid subproduct',
};

type Values = FormLinkValues & {
  item_name: string;
  description: string;
  status: string;
  type: string;
  calc_base: string;
  calc_method: string;
  unit_of_measurement: string;
  vat: string;
  percentage_vat_0: string;
  percentage_vat_6: string;
  percentage_vat_9: string;
  percentage_vat_21: string;
  start_amount: string;
  external_reference: string;
  gl_reference: string;
  gl_description: string;
  kpi_value: string;
  kpi_unit: string;
};

const text = (n: number | null | undefined) =>
  n === null || n === undefined ? '' : String(n).replace('.', ',');

function initial(p?: Product): Values {
  const single = p ? VAT_RATES.find((r) => p[`percentage_vat_${r}`] === 100) : DEFAULT_VAT_RATE;
  return {
    item_name: p?.item_name ?? '',
    description: p?.description ?? '',
    status: p?.status ?? 'approved',
    type: p?.type ?? 'standard',
    calc_base: p?.calc_base ?? 'exc',
    calc_method: p?.calc_method ?? 'fixed',
    unit_of_measurement: p?.unit_of_measurement ?? 'stuks',
    vat: single === undefined ? 'split' : String(single),
    percentage_vat_0: text(p?.percentage_vat_0 ?? 0),
    percentage_vat_6: text(p?.percentage_vat_6 ?? 0),
    percentage_vat_9: text(p?.percentage_vat_9 ?? 0),
    percentage_vat_21: text(p?.percentage_vat_21 ?? 100),
    start_amount: text(p ? (p.calc_base === 'exc' ? p.start_amount_exc : p.start_amount_inc) : 0),
    external_reference: p?.external_reference ?? '',
    gl_reference: p?.gl_reference ?? '',
    gl_description: p?.gl_description ?? '',
    kpi_value: text(p?.kpi_value),
    kpi_unit: p?.kpi_unit ?? '',
    ...initialFormLinks(p),
  };
}

const splitOf = (v: Values) =>
  v.vat === 'split'
    ? {
        percentage_vat_0: v.percentage_vat_0,
        percentage_vat_6: v.percentage_vat_6,
        percentage_vat_9: v.percentage_vat_9,
        percentage_vat_21: v.percentage_vat_21,
      }
    : {
        percentage_vat_0: v.vat === '0' ? '100' : '0',
        percentage_vat_6: v.vat === '6' ? '100' : '0',
        percentage_vat_9: v.vat === '9' ? '100' : '0',
        percentage_vat_21: v.vat === '21' ? '100' : '0',
      };

function validate(v: Values) {
  const split = splitOf(v);
  const parsed = Object.values(split).map((s) => zPercentage.safeParse(s));
  const splitOk =
    parsed.every((p) => p.success) &&
    isValidSplit({ 0: parsed[0]!.data!, 6: parsed[1]!.data!, 9: parsed[2]!.data!, 21: parsed[3]!.data! });
  return {
    item_name: required(v.item_name),
    unit_of_measurement: required(v.unit_of_measurement),
    start_amount: schemaError(zSignedRate, v.start_amount),
    kpi_value: v.kpi_value.trim() ? schemaError(zSignedRate, v.kpi_value) : undefined,
    percentage_vat_21: v.vat === 'split' && !splitOk ? VAT_SPLIT_NOT_100 : undefined,
  };
}

export function toProductRequest(v: Values): RequestOf<typeof zCreateProduct> {
  return {
    item_name: v.item_name.trim(),
    description: v.description,
    status: v.status as Product['status'],
    type: v.type as Product['type'],
    calc_base: v.calc_base as Product['calc_base'],
    calc_method: v.calc_method as Product['calc_method'],
    unit_of_measurement: v.unit_of_measurement.trim(),
    ...splitOf(v),
    [`start_amount_${v.calc_base}`]: v.start_amount,
    external_reference: v.external_reference,
    gl_reference: v.gl_reference,
    gl_description: v.gl_description,
    kpi_value: v.kpi_value.trim() ? v.kpi_value : null,
    kpi_unit: v.kpi_unit,
    ...formLinksRequest(v),
  };
}

interface ProductFormProps {
  product?: Product;
  isPending: boolean;
  onCancel: () => void;
  onSave: (request: RequestOf<typeof zCreateProduct>, showServerError: (error: unknown) => void) => void;
}

/** Create and edit of a product; the description follows the name while the two were equal. */
export function ProductForm({ product, isPending, onCancel, onSave }: ProductFormProps) {
  const { t } = useTranslation();
  const { form, inputProps, onSubmit, formError, showServerError } = useAppForm<Values>({
    initialValues: initial(product),
    validate,
  });
  const v = form.values;
  // 6 % is offered only for a product that has it already (decision 038).
  const rates = vatRatesFor(product ?? null);
  const nameProps = inputProps('item_name');
  const onName = (event: React.ChangeEvent<HTMLInputElement>) => {
    const next = event.currentTarget.value;
    form.setValues({
      item_name: next,
      description: followingDescription(
        { item_name: v.item_name, description: v.description },
        { item_name: next },
      ),
    });
  };
  const options = <T extends string>(values: readonly T[], label: (value: T) => string) =>
    values.map((value) => ({ value, label: label(value) }));

  return (
    <form noValidate onSubmit={onSubmit((values) => onSave(toProductRequest(values), showServerError))}>
      <FormError message={formError} />
      <Stack gap="sm">
        <TextInput label={t('products.itemName')} required {...nameProps} onChange={onName} />
        <Textarea
          label={t('common.description')}
          description={t('products.descriptionHint')}
          autosize
          minRows={2}
          {...inputProps('description')}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <Select
            label={t('common.status')}
            data={options(PRODUCT_STATUSES, (s) => PRODUCT_STATUS_LABELS[s])}
            allowDeselect={false}
            {...inputProps('status')}
          />
          <Select
            label={t('products.type')}
            data={options(PRODUCT_TYPES, (s) => PRODUCT_TYPE_LABELS[s])}
            allowDeselect={false}
            {...inputProps('type')}
          />
          <Select
            label={t('products.calcBase')}
            data={options(CALC_BASES, (b) => (b === 'exc' ? t('products.rateExc') : t('products.rateInc')))}
            allowDeselect={false}
            {...inputProps('calc_base')}
          />
          <Select
            label={t('products.calcMethod')}
            data={options(CALC_METHODS, (m) => CALC_METHOD_LABELS[m])}
            allowDeselect={false}
            {...inputProps('calc_method')}
          />
          <TextInput label={t('common.unit')} required {...inputProps('unit_of_measurement')} />
          <TextInput label={t('products.startAmount')} inputMode="decimal" {...inputProps('start_amount')} />
          <Select
            label={t('common.vat')}
            data={[...rates.map(String), 'split'].map((o) => ({
              value: o,
              label: o === 'split' ? t('products.customSplit') : `${o}%`,
            }))}
            allowDeselect={false}
            {...inputProps('vat')}
          />
        </SimpleGrid>
        {v.vat === 'split' && (
          <Group grow gap="xs" align="flex-start">
            {rates.map((rate) => (
              <TextInput
                key={rate}
                label={`${rate}%`}
                inputMode="decimal"
                rightSection="%"
                {...inputProps(`percentage_vat_${rate}`)}
              />
            ))}
          </Group>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput label={t('products.externalReference')} {...inputProps('external_reference')} />
          <TextInput label={t('products.glReference')} {...inputProps('gl_reference')} />
          <TextInput label={t('products.glDescription')} {...inputProps('gl_description')} />
          <Group grow gap="xs" align="flex-start">
            <TextInput label={t('products.kpiValue')} inputMode="decimal" {...inputProps('kpi_value')} />
            <TextInput label={t('products.kpiUnit')} {...inputProps('kpi_unit')} />
          </Group>
        </SimpleGrid>
        <ProductFormFields values={v} setValues={form.setValues} inputProps={inputProps} isNew={!product} />
        <FormActions onCancel={onCancel} isPending={isPending} mt="sm" />
      </Stack>
    </form>
  );
}
