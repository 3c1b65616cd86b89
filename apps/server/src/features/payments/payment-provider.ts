/**
 * What the invoices need from a payment provider: a checkout link for an amount, and the state of a
 * payment looked up by its id. The provider is configured per company; without one no link is shown.
 * Kept this small so another provider than Mollie can be added without touching the invoices.
 */

/** A payment to open. Amounts are strings with two decimals ('123.45'), never floats. */
export interface PaymentRequest {
  amountEur: string;
  /** Shown to the customer at checkout and on the bank statement. */
  description: string;
  /** Where the customer's browser returns after paying (or giving up). */
  redirectUrl: string;
  /** Called by the provider on a status change; null where the provider cannot reach us (development). */
  webhookUrl: string | null;
  /** Comes back unchanged with the payment, so a webhook can be tied to an invoice after fetching it. */
  metadata: Record<string, string>;
}

/** Mollie's payment statuses; only 'paid' means the money is ours. */
export const PAYMENT_STATUSES = [
  'open',
  'pending',
  'authorized',
  'paid',
  'canceled',
  'expired',
  'failed',
] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export interface ProviderPayment {
  id: string;
  status: PaymentStatus;
  amountEur: string;
  /** The provider's payment page; null once the payment can no longer be paid (paid, expired, ...). */
  checkoutUrl: string | null;
  metadata: Record<string, string>;
  /** ISO 8601 as the provider gave it; null until paid. */
  paidAt: string | null;
}

export interface PaymentProvider {
  createPayment(req: PaymentRequest): Promise<ProviderPayment>;
  /** The one source of truth for a payment's status: a webhook only says *which* payment to fetch. */
  getPayment(id: string): Promise<ProviderPayment>;
}

/**
 * Anything that went wrong talking to the provider, with a Dutch message fit for the user.
 * `status` is the provider's HTTP status when it answered with an error; null when it did not answer
 * (timeout, unreachable), its answer made no sense, or the request was refused before it was sent.
 */
export class PaymentProviderError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'PaymentProviderError';
  }
}
