import { useMediaQuery } from '@mantine/hooks';

/**
 * Below 600 px a screen is laid out for a phone (issue "staff app in the field"): lists show one
 * card per row, dialogs are full-screen sheets (app/touch.css), filters fold into one button and the
 * top bar's search becomes an icon.
 */
export const PHONE_QUERY = '(max-width: 599.98px)';

/** True on a phone-width screen (false before the first measurement). */
export function useIsPhone(): boolean {
  return useMediaQuery(PHONE_QUERY, false, { getInitialValueInEffect: false }) === true;
}
