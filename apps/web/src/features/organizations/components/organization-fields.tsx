import { Grid, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { email, required } from '../../../ui/form/validators';

export interface OrganizationFieldValues {
  name: string;
  email: string;
  phone: string;
  coc_number: string;
  vat_number: string;
  [key: string]: unknown;
}

type InputProps = (field: keyof OrganizationFieldValues & string) => Record<string, unknown>;

export function validateOrganizationFields(v: OrganizationFieldValues) {
  return { name: required(v.name), email: v.email.trim() ? email(v.email) : undefined };
}

export function OrganizationFields({ inputProps }: { inputProps: InputProps }) {
  const { t } = useTranslation();
  return (
    <Grid gap="sm">
      <Grid.Col span={12}>
        <TextInput label={t('organizations.name')} required data-autofocus {...inputProps('name')} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <TextInput label={t('organizations.emailAddress')} type="email" {...inputProps('email')} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <TextInput label={t('organizations.phone')} type="tel" {...inputProps('phone')} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <TextInput label={t('organizations.cocNumber')} {...inputProps('coc_number')} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <TextInput label={t('organizations.vatNumber')} {...inputProps('vat_number')} />
      </Grid.Col>
    </Grid>
  );
}

export function toOrganizationRequest(v: OrganizationFieldValues) {
  return {
    name: v.name.trim(),
    email: v.email.trim(),
    phone: v.phone.trim(),
    coc_number: v.coc_number.trim(),
    vat_number: v.vat_number.trim(),
  };
}
