import { Grid, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { AddressParts } from '../types';
import { type AddressLookupState, useAddressLookup } from './use-address-lookup';

type InputProps = ReturnType<(field: keyof AddressParts) => Record<string, unknown>>;

/** The note's colour per lookup state: a problem stands out, progress stays quiet. */
const NOTE_COLOR: Record<Exclude<AddressLookupState, 'idle'>, string> = {
  searching: 'dimmed',
  found: 'dimmed',
  notFound: 'orange.9',
  failed: 'orange.9',
  offline: 'orange.9',
};

/**
 * Postcode, house number and addition first, then street and city, as the relation and location forms
 * show them. A complete postcode and number fill in street and city (PDOK, decision 036); a note says
 * when that fails or the browser is offline, and every field stays free to type in.
 */
export function AddressFields({
  inputProps,
  values,
  onFill,
}: {
  inputProps: (field: keyof AddressParts) => InputProps;
  values: AddressParts;
  onFill: (fill: Partial<Pick<AddressParts, 'address' | 'city'>>) => void;
}) {
  const { t } = useTranslation();
  const state = useAddressLookup(values, onFill);
  const note = state === 'idle' ? null : state;
  return (
    <Grid gap="sm">
      <Grid.Col span={{ base: 12, sm: 4 }}>
        <TextInput
          label={t('common.postcode')}
          autoComplete="postal-code"
          placeholder="1234 AB"
          {...inputProps('postcode')}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 6, sm: 4 }}>
        <TextInput label={t('common.houseNumber')} inputMode="numeric" {...inputProps('number')} />
      </Grid.Col>
      <Grid.Col span={{ base: 6, sm: 4 }}>
        <TextInput label={t('locations.numberAddition')} {...inputProps('number_addition')} />
      </Grid.Col>
      <Grid.Col span={12} py={0}>
        <Text size="sm" c={note ? NOTE_COLOR[note] : undefined} role="status" aria-live="polite">
          {note ? t(`locations.lookup.${note}` as const) : ''}
        </Text>
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <TextInput label={t('common.street')} autoComplete="address-line1" {...inputProps('address')} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <TextInput label={t('common.city')} autoComplete="address-level2" {...inputProps('city')} />
      </Grid.Col>
    </Grid>
  );
}
