// The customer entry's own hash router: six routes of spec 002 section 2, each with one hash
// parameter and its options in the query string after the hash path
// (`#/customer_flow_detail/{hash}?questions=1`). An option is on with 1 or true; the older form
// `?options=questions,withOpenForm` is read too.

export const CUSTOMER_ROUTES = {
  flow: { path: '/customer_flow_detail', options: ['questions', 'withOpenForm'] },
  communicator: { path: '/customer_communicator', options: [] },
  quotation: { path: '/customer_quotation_detail', options: ['questions'] },
  confirmation: { path: '/customer_confirmation_detail', options: ['questions'] },
  invoice: { path: '/customer_invoice_detail', options: ['paymentCompleted'] },
  document: { path: '/customer_document_detail', options: [] },
} as const satisfies Record<string, { path: string; options: readonly string[] }>;

export type CustomerRouteName = keyof typeof CUSTOMER_ROUTES;
export type CustomerOptionName = 'questions' | 'withOpenForm' | 'paymentCompleted';

export interface CustomerLocation {
  route: CustomerRouteName;
  hash: string;
  options: Partial<Record<CustomerOptionName, boolean>>;
  /** Staff's "view as customer" (`preview=1`): not recorded as the customer's open. */
  preview: boolean;
}

const ON = new Set(['1', 'true']);

/** `#/customer_quotation_detail/abc?questions=1` → { route: 'quotation', hash: 'abc', options: { questions: true }, preview: false }. */
export function parseCustomerHash(locationHash: string): CustomerLocation | null {
  const raw = locationHash.replace(/^#/, '');
  const q = raw.indexOf('?');
  const pathname = q >= 0 ? raw.slice(0, q) : raw;
  const search = new URLSearchParams(q >= 0 ? raw.slice(q + 1) : '');
  const match = /^(\/[a-z_]+)\/([^/]+)\/?$/.exec(pathname);
  if (!match) return null;
  const entry = Object.entries(CUSTOMER_ROUTES).find(([, r]) => r.path === match[1]);
  if (!entry) return null;
  let hash: string;
  try {
    hash = decodeURIComponent(match[2] ?? '');
  } catch {
    return null;
  }
  const [route, spec] = entry as [CustomerRouteName, (typeof CUSTOMER_ROUTES)[CustomerRouteName]];
  const listed = new Set((search.get('options') ?? '').split(',').map((s) => s.trim()));
  const options: CustomerLocation['options'] = {};
  for (const name of spec.options as readonly CustomerOptionName[]) {
    const value = search.get(name);
    if ((value !== null && ON.has(value.toLowerCase())) || listed.has(name)) options[name] = true;
  }
  const preview = ON.has((search.get('preview') ?? '').toLowerCase());
  return { route, hash, options, preview };
}

/** The hash path of a customer page: `/customer_flow_detail/abc?questions=1`. */
export function customerPath(
  route: CustomerRouteName,
  hash: string,
  options: CustomerLocation['options'] = {},
): string {
  const on = Object.entries(options)
    .filter(([, value]) => value)
    .map(([name]) => `${name}=1`);
  return `${CUSTOMER_ROUTES[route].path}/${encodeURIComponent(hash)}${on.length ? `?${on.join('&')}` : ''}`;
}

/** An href for a link inside the customer entry. */
export const customerHref = (...args: Parameters<typeof customerPath>) => `#${customerPath(...args)}`;
