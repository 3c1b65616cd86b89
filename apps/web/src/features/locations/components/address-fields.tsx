import { Grid, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { AddressParts } from '../types';

type InputProps = ReturnType<(field: keyof AddressParts) => Record<string, unknown>>;

/** Street, number, addition, postcode and city, as the relation and location forms show them. */
export function AddressFields({ inputProps }: { inputProps: (field: keyof AddressParts) => InputProps }) {
  const { t } = useTranslation();
  return (
    <Grid gap="sm">
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <TextInput label={t('locations.address')} autoComplete="address-line1" {...inputProps('address')} />
      </Grid.Col>
      <Grid.Col span={{ base: 6, sm: 3 }}>
        <TextInput label={t('locations.number')} {...inputProps('number')} />
      </Grid.Col>
      <Grid.Col span={{ base: 6, sm: 3 }}>
        <TextInput label={t('locations.numberAddition')} {...inputProps('number_addition')} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 4 }}>
        <TextInput label={t('locations.postcode')} autoComplete="postal-code" {...inputProps('postcode')} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 8 }}>
        <TextInput label={t('locations.city')} autoComplete="address-level2" {...inputProps('city')} />
      </Grid.Col>
    </Grid>
  );
}
