import { z } from 'zod';
import {
  PAYMENT_STATUSES,
  type PaymentProvider,
  PaymentProviderError,
  type ProviderPayment,
} from './payment-provider';

/**
 * Mollie's v2 Payments API (https://docs.mollie.com/reference/payments-api): create a payment and
 * fetch it. No `method` is sent, so the customer chooses at Mollie's checkout; for Dutch customers
 * Mollie puts iDEAL first. Tests point `baseUrl` at the local fake (test/fake-mollie.ts).
 */

const DEFAULT_BASE_URL = 'https://api.mollie.com/v2';
/** Mollie's payment ids; an id from outside (a webhook) is checked against this before it goes in a URL. */
const PAYMENT_ID = /^tr_[A-Za-z0-9]+$/;
const API_KEY = /^(test|live)_[A-Za-z0-9]{30,}$/;
/** Mollie wants EUR with exactly two decimals, as a string. */
const AMOUNT = /^\d{1,10}\.\d{2}$/;
const DETAIL_MAX = 300;

const TIMEOUT = 'De betaalprovider reageerde niet op tijd; probeer het later opnieuw.';
const UNREACHABLE = 'De betaalprovider is niet bereikbaar; probeer het later opnieuw.';
const UNEXPECTED = 'De betaalprovider gaf een onverwacht antwoord.';

/** For the company settings: whether a key looks like a Mollie API key (not a profile id or OAuth token). */
export const isMollieApiKey = (s: string): boolean => API_KEY.test(s);

export const isMolliePaymentId = (s: string): boolean => PAYMENT_ID.test(s);

/**
 * The payment id of a webhook call: Mollie posts only `id=tr_...`, form-encoded. Null when absent or
 * malformed. Nothing else may be read from a webhook; the payment is fetched to learn its status.
 */
export function paymentIdFromWebhook(body: string): string | null {
  const id = new URLSearchParams(body).get('id');
  return id !== null && PAYMENT_ID.test(id) ? id : null;
}

/** The parts of Mollie's payment resource we use; the rest (and unknown new fields) is ignored. */
const zMolliePayment = z.object({
  id: z.string().regex(PAYMENT_ID),
  status: z.enum(PAYMENT_STATUSES),
  amount: z.object({ currency: z.literal('EUR'), value: z.string().regex(AMOUNT) }),
  // Any JSON whoever created the payment stored; only string values are kept (see stringEntries).
  metadata: z.unknown().optional(),
  paidAt: z.string().nullish(),
  _links: z
    .object({
      // http(s) only: the link ends up as an href in our pages.
      checkout: z.object({ href: z.url({ protocol: /^https?$/ }) }).nullish(),
    })
    .optional(),
});

/** Mollie's error body (`{ status, title, detail, field?, _links }`); anything else reads as no detail. */
const zMollieError = z.object({ title: z.string().optional(), detail: z.string().optional() });

export interface MollieOptions {
  /** The company's key: test_... or live_... */
  apiKey: string;
  baseUrl?: string;
  fetchImpl?: typeof fetch;
  /** For the whole call, answer body included. */
  timeoutMs?: number;
}

export function createMollieProvider({
  apiKey,
  baseUrl = DEFAULT_BASE_URL,
  fetchImpl = fetch,
  timeoutMs = 10_000,
}: MollieOptions): PaymentProvider {
  const root = baseUrl.replace(/\/+$/, '');

  async function call(method: 'GET' | 'POST', path: string, body?: unknown): Promise<unknown> {
    const signal = AbortSignal.timeout(timeoutMs);
    try {
      return await untilAborted(signal, async () => {
        const res = await fetchImpl(`${root}${path}`, {
          method,
          headers: {
            authorization: `Bearer ${apiKey}`,
            accept: 'application/json',
            ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          },
          body: body === undefined ? undefined : JSON.stringify(body),
          signal,
          redirect: 'error',
        });
        const text = await res.text();
        if (!res.ok) throw errorFromAnswer(res.status, text);
        try {
          return JSON.parse(text) as unknown;
        } catch (err) {
          throw new PaymentProviderError(UNEXPECTED, null, { cause: err });
        }
      });
    } catch (err) {
      if (err instanceof PaymentProviderError) throw err;
      throw new PaymentProviderError(signal.aborted ? TIMEOUT : UNREACHABLE, null, { cause: err });
    }
  }

  return {
    async createPayment(req) {
      if (!AMOUNT.test(req.amountEur) || Number(req.amountEur) <= 0)
        throw new PaymentProviderError(`Ongeldig bedrag voor een betaling: '${req.amountEur}'.`, null);
      const answer = await call('POST', '/payments', {
        amount: { currency: 'EUR', value: req.amountEur },
        description: req.description,
        redirectUrl: req.redirectUrl,
        ...(req.webhookUrl === null ? {} : { webhookUrl: req.webhookUrl }),
        metadata: req.metadata,
      });
      return toPayment(answer);
    },

    async getPayment(id) {
      if (!PAYMENT_ID.test(id)) throw new PaymentProviderError('Ongeldige betalings-id.', null);
      const payment = toPayment(await call('GET', `/payments/${id}`));
      if (payment.id !== id) throw new PaymentProviderError(UNEXPECTED, null);
      return payment;
    },
  };
}

/** Settles with `work`, or rejects once `signal` aborts: also when a fetch ignores its signal. */
function untilAborted<T>(signal: AbortSignal, work: () => Promise<T>): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    if (signal.aborted) return onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    work()
      .then(resolve, reject)
      .finally(() => signal.removeEventListener('abort', onAbort));
  });
}

function errorFromAnswer(status: number, text: string): PaymentProviderError {
  let parsed: z.infer<typeof zMollieError> = {};
  try {
    parsed = zMollieError.catch({}).parse(JSON.parse(text));
  } catch {
    // not JSON (a proxy's HTML page): only the status is known
  }
  const detail = (parsed.detail || parsed.title || `HTTP ${status}`).slice(0, DETAIL_MAX);
  return new PaymentProviderError(`De betaalprovider gaf een fout: ${detail}`, status);
}

function toPayment(answer: unknown): ProviderPayment {
  const parsed = zMolliePayment.safeParse(answer);
  if (!parsed.success) throw new PaymentProviderError(UNEXPECTED, null, { cause: parsed.error });
  const p = parsed.data;
  return {
    id: p.id,
    status: p.status,
    amountEur: p.amount.value,
    checkoutUrl: p._links?.checkout?.href ?? null,
    metadata: stringEntries(p.metadata),
    paidAt: p.paidAt ?? null,
  };
}

function stringEntries(value: unknown): Record<string, string> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return {};
  return Object.fromEntries(
    Object.entries(value).filter((e): e is [string, string] => typeof e[1] === 'string'),
  );
}
