import { type CustomerLocation, parseCustomerHash } from './location';
import { enablePreview, isPreview, PREVIEW_HEADER } from './preview';

// The first read of a customer page starts before the page's code has loaded: customer.html carries
// `early.ts` as an inline script (build/inline-scripts.ts), which asks the API for the page's dossier or
// document while the browser still downloads the scripts; the page takes that answer instead of asking
// again (docs/decisions/076). On slow 4G that is the API's round trip off the first frame.

/** The headers of every call of the customer pages. */
export function customerHeaders(): Record<string, string> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (isPreview()) headers[PREVIEW_HEADER] = '1';
  return headers;
}

/** The read a page shows first: the dossier (dossier and communicator) or the document by its hash. */
export function firstReadPath(location: Pick<CustomerLocation, 'route' | 'hash'>): string {
  const kind = location.route === 'flow' || location.route === 'communicator' ? 'flow' : location.route;
  return `/api/${kind}/${encodeURIComponent(location.hash)}/getbycustomer`;
}

interface Early {
  path: string;
  response: Promise<Response>;
}

declare global {
  interface Window {
    __imFirstRead?: Early;
  }
}

/** Starts the current hash's first read (customer.html's inline script); nothing for an unknown hash. */
export function startFirstRead(): void {
  const location = parseCustomerHash(window.location.hash);
  if (!location) return;
  // Before the call: a staff preview's first call says so too (app.tsx does the same on render).
  if (location.preview) enablePreview();
  const path = firstReadPath(location);
  const response = fetch(path, { headers: customerHeaders() });
  // A failure is the page's to show when it takes the answer; none is unhandled meanwhile.
  response.catch(() => undefined);
  window.__imFirstRead = { path, response };
}

/** The answer started early for a GET of `path`, once; null when none was (or it was taken). */
export function takeFirstRead(path: string): Promise<Response> | null {
  const early = window.__imFirstRead;
  if (!early || early.path !== path) return null;
  window.__imFirstRead = undefined;
  return early.response;
}
