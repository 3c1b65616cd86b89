import { useEffect, useState } from 'react';
import { type CustomerLocation, parseCustomerHash } from './location';

export {
  CUSTOMER_ROUTES,
  type CustomerLocation,
  type CustomerOptionName,
  type CustomerRouteName,
  customerHref,
  customerPath,
  parseCustomerHash,
} from './location';

/** Goes to another customer page; `replace` leaves no step in the history (a redirect). */
export function navigate(path: string, replace = false): void {
  if (replace) window.location.replace(`#${path}`);
  else window.location.hash = path;
}

/** The current location, following hash changes. */
export function useCustomerLocation(): { location: CustomerLocation | null; key: string } {
  const [hash, setHash] = useState(() => window.location.hash);
  useEffect(() => {
    const onChange = () => setHash(window.location.hash);
    window.addEventListener('hashchange', onChange);
    return () => window.removeEventListener('hashchange', onChange);
  }, []);
  return { location: parseCustomerHash(hash), key: hash.split('?')[0] ?? hash };
}

/**
 * The dossier with exactly one visible document goes there at once (spec 002 section 4). Once a tab
 * went there, or the customer asks for the dossier through a link on another page, it shows the
 * dossier itself: a link back must not bounce.
 */
const stayKey = (flowHash: string) => `im.customer.dossier.${flowHash}`;

export function stayOnDossier(flowHash: string): void {
  try {
    window.sessionStorage.setItem(stayKey(flowHash), '1');
  } catch {
    // No storage (private mode): the redirect may happen again.
  }
}

export function staysOnDossier(flowHash: string): boolean {
  try {
    return window.sessionStorage.getItem(stayKey(flowHash)) === '1';
  } catch {
    return false;
  }
}
