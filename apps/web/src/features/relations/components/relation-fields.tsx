import { splitFullName } from '@im/domain';
import { Grid, Select, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { email, required } from '../../../ui/form/validators';
import { useFlowSettings } from '../queries';
import type { SaveRelationRequest } from '../types';

export interface RelationFieldValues {
  fullname: string;
  name: string;
  nameprefix: string;
  surname: string;
  email: string;
  phone: string;
  mobile: string;
  lead_source: string;
  flowprofile_id: string;
  buyer_reference: string;
  order_reference: string;
  [key: string]: unknown;
}

type InputProps = (field: keyof RelationFieldValues & string) => Record<string, unknown>;

/** The relation's own fields of a save request, trimmed; an empty request profile is none. */
export function toRelationRequest(v: RelationFieldValues): SaveRelationRequest {
  return {
    name: v.name.trim(),
    nameprefix: v.nameprefix.trim(),
    surname: v.surname.trim(),
    email: v.email.trim(),
    phone: v.phone.trim(),
    mobile: v.mobile.trim(),
    lead_source: v.lead_source,
    flowprofile_id: v.flowprofile_id ? Number(v.flowprofile_id) : null,
    buyer_reference: v.buyer_reference.trim(),
    order_reference: v.order_reference.trim(),
  };
}

export function validateRelationFields(v: RelationFieldValues) {
  return {
    surname: required(v.surname),
    email: v.email.trim() ? email(v.email) : undefined,
  };
}

/**
 * One full-name input split with splitFullName into first name, prefix and surname, which stay
 * visible (and editable) so the user can check the split.
 */
function RelationNameFields<V extends RelationFieldValues>({
  form,
  inputProps,
}: {
  form: UseFormReturnType<V>;
  inputProps: InputProps;
}) {
  const { t } = useTranslation();
  const fullNameProps = inputProps('fullname');
  return (
    <Grid gap="sm">
      <Grid.Col span={12}>
        <TextInput
          label={t('relations.fullName')}
          description={t('relations.fullNameHint')}
          data-autofocus
          {...fullNameProps}
          onChange={(event) => {
            const value = event.currentTarget.value;
            form.setValues({ fullname: value, ...splitFullName(value) } as Partial<V>);
          }}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 4 }}>
        <TextInput label={t('common.firstName')} {...inputProps('name')} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 3 }}>
        <TextInput label={t('relations.nameprefix')} {...inputProps('nameprefix')} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 5 }}>
        <TextInput label={t('relations.surname')} required {...inputProps('surname')} />
      </Grid.Col>
    </Grid>
  );
}

function RelationContactFields({ inputProps }: { inputProps: InputProps }) {
  const { t } = useTranslation();
  return (
    <Grid gap="sm">
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <TextInput
          label={t('relations.emailAddress')}
          type="email"
          autoComplete="off"
          {...inputProps('email')}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 3 }}>
        <TextInput label={t('common.phone')} type="tel" {...inputProps('phone')} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 3 }}>
        <TextInput label={t('relations.mobile')} type="tel" {...inputProps('mobile')} />
      </Grid.Col>
    </Grid>
  );
}

/** Lead source (default 'Eigen website') and request profile (default the standard one). */
function RelationSourceFields<V extends RelationFieldValues>({
  form,
  inputProps,
}: {
  form: UseFormReturnType<V>;
  inputProps: InputProps;
}) {
  const { t } = useTranslation();
  const settings = useFlowSettings();
  const standardId = settings.data?.standard_flowprofile_id;
  const hasProfile = Boolean(form.values.flowprofile_id);
  // The standard profile is known only once the settings arrive.
  useEffect(() => {
    if (!hasProfile && standardId) form.setFieldValue('flowprofile_id', String(standardId) as never);
  }, [hasProfile, standardId, form]);

  const leadSources = settings.data?.lead_sources ?? [];
  const current = String(form.values.lead_source ?? '');
  const sourceOptions = current && !leadSources.includes(current) ? [current, ...leadSources] : leadSources;
  return (
    <Grid gap="sm">
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <Select
          label={t('common.leadSource')}
          data={sourceOptions}
          allowDeselect={false}
          {...inputProps('lead_source')}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <Select
          label={t('relations.flowprofile')}
          data={(settings.data?.flowprofiles ?? []).map((p) => ({ value: String(p.id), label: p.name }))}
          allowDeselect={false}
          {...inputProps('flowprofile_id')}
        />
      </Grid.Col>
    </Grid>
  );
}

/** The customer's references for its invoices (decision 044), as an organization has them. */
function RelationReferenceFields({ inputProps }: { inputProps: InputProps }) {
  const { t } = useTranslation();
  return (
    <Grid gap="sm">
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <TextInput
          label={t('relations.buyerReference')}
          description={t('relations.referenceHint')}
          maxLength={100}
          {...inputProps('buyer_reference')}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <TextInput label={t('relations.orderReference')} maxLength={100} {...inputProps('order_reference')} />
      </Grid.Col>
    </Grid>
  );
}

/**
 * The relation form: names, contact details, then `addressSection` (create only), then the sources
 * and the invoice references.
 */
export function RelationFields<V extends RelationFieldValues>({
  form,
  inputProps,
  addressSection,
}: {
  form: UseFormReturnType<V>;
  inputProps: InputProps;
  addressSection?: ReactNode;
}) {
  return (
    <>
      <RelationNameFields form={form} inputProps={inputProps} />
      <RelationContactFields inputProps={inputProps} />
      {addressSection}
      <RelationSourceFields form={form} inputProps={inputProps} />
      <RelationReferenceFields inputProps={inputProps} />
    </>
  );
}
