import { type AddressLookup, isAddressLookupReady } from '@im/domain';
import { useEffect, useRef, useState } from 'react';
import { isApiError, NETWORK_ERROR_STATUS } from '../../../api/client';
import { lookupAddress } from '../queries';
import type { AddressParts } from '../types';

/** How long typing must pause before a complete postcode and number are looked up. */
export const LOOKUP_DEBOUNCE_MS = 400;

export type AddressLookupState = 'idle' | 'searching' | 'found' | 'notFound' | 'failed' | 'offline';

function useOnline(): boolean {
  const [online, setOnline] = useState(() => navigator.onLine);
  useEffect(() => {
    const on = () => setOnline(true);
    const off = () => setOnline(false);
    window.addEventListener('online', on);
    window.addEventListener('offline', off);
    return () => {
      window.removeEventListener('online', on);
      window.removeEventListener('offline', off);
    };
  }, []);
  return online;
}

/**
 * Looks up street and city once postcode and house number are both complete (decision 036), after a
 * pause in typing. It fills a field only while it is empty or still holds the previous answer, so
 * what the user typed stays. An address the form opened with is not looked up again. Offline, or when
 * the lookup fails, the state says so and the fields stay free to fill in by hand.
 */
export function useAddressLookup(
  values: AddressParts,
  onFill: (fill: Partial<Pick<AddressParts, 'address' | 'city'>>) => void,
): AddressLookupState {
  const [state, setState] = useState<AddressLookupState>('idle');
  const online = useOnline();
  const ready = isAddressLookupReady(values.postcode, values.number);
  const key = ready
    ? [
        values.postcode.replace(/\s+/g, '').toUpperCase(),
        values.number.trim(),
        values.number_addition.trim(),
      ].join('|')
    : null;
  const openedWith = useRef(values.address.trim() && values.city.trim() ? key : null);
  const filled = useRef<{ address: string; city: string }>({ address: '', city: '' });
  const latest = useRef({ values, onFill });
  latest.current = { values, onFill };

  useEffect(() => {
    if (key === null) {
      setState('idle');
      return;
    }
    if (key === openedWith.current) return;
    openedWith.current = null;
    if (!online) {
      setState('offline');
      return;
    }
    const controller = new AbortController();
    const [postcode, number, addition] = key.split('|') as [string, string, string];
    const timer = setTimeout(() => {
      setState('searching');
      lookupAddress({ postcode, number, addition }, controller.signal).then(
        (found: AddressLookup) => {
          const now = latest.current.values;
          const fill: Partial<Pick<AddressParts, 'address' | 'city'>> = {};
          if (!now.address.trim() || now.address === filled.current.address) fill.address = found.street;
          if (!now.city.trim() || now.city === filled.current.city) fill.city = found.city;
          filled.current = {
            address: fill.address ?? filled.current.address,
            city: fill.city ?? filled.current.city,
          };
          if (fill.address !== undefined || fill.city !== undefined) latest.current.onFill(fill);
          setState('found');
        },
        (error: unknown) => {
          if (controller.signal.aborted) return;
          if (isApiError(error, 404)) setState('notFound');
          else if (isApiError(error, NETWORK_ERROR_STATUS) || !navigator.onLine) setState('offline');
          else setState('failed');
        },
      );
    }, LOOKUP_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [key, online]);

  return state;
}
