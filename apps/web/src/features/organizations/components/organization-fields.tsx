import { IDENTIFIER_ERRORS, isValidOin } from '@im/domain';
import { Grid, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { email, required } from '../../../ui/form/validators';

export interface OrganizationFieldValues {
  name: string;
  email: string;
  phone: string;
  coc_number: string;
  vat_number: string;
  oin: string;
  buyer_reference: string;
  order_reference: string;
  [key: string]: unknown;
}

type InputProps = (field: keyof OrganizationFieldValues & string) => Record<string, unknown>;

export function validateOrganizationFields(v: OrganizationFieldValues) {
  return {
    name: required(v.name),
    email: v.email.trim() ? email(v.email) : undefined,
    oin: v.oin.trim() && !isValidOin(v.oin) ? IDENTIFIER_ERRORS.oin : undefined,
  };
}

export function OrganizationFields({ inputProps }: { inputProps: InputProps }) {
  const { t } = useTranslation();
  return (
    <Grid gap="sm">
      <Grid.Col span={12}>
        <TextInput label={t('common.name')} required data-autofocus {...inputProps('name')} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <TextInput label={t('organizations.emailAddress')} type="email" {...inputProps('email')} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <TextInput label={t('common.phone')} type="tel" {...inputProps('phone')} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <TextInput label={t('organizations.cocNumber')} {...inputProps('coc_number')} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <TextInput label={t('organizations.vatNumber')} {...inputProps('vat_number')} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <TextInput
          label={t('organizations.oin')}
          description={t('organizations.oinHint')}
          inputMode="numeric"
          {...inputProps('oin')}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <TextInput
          label={t('organizations.buyerReference')}
          description={t('organizations.referenceHint')}
          {...inputProps('buyer_reference')}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <TextInput label={t('organizations.orderReference')} {...inputProps('order_reference')} />
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
    oin: v.oin.trim(),
    buyer_reference: v.buyer_reference.trim(),
    order_reference: v.order_reference.trim(),
  };
}
