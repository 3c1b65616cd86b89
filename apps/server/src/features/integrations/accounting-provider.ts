// What an accounting package offers the app (decision 065): one interface, one implementation per package.
import type { AccountingLookup, AccountingOption, AccountingService } from '@im/domain';
import type { Config } from '../../platform/config';
import type { OAuthEndpoints } from '../../platform/integrations/oauth';
import type { InvoiceForBooking } from '../invoices';
import type { ProviderHttp } from './provider-http';

/** The customer of an invoice as the package keeps it (its code: 'R12' for relation 12, 'O5' for organization 5). */
export type AccountingCustomer = InvoiceForBooking['customer'];

/** One line of a sales entry: a ledger, a VAT code and amounts as decimal strings (negative on credit). */
export interface AccountingLine {
  ledger: string;
  vatCode: string;
  amount: string;
  vat: string;
  description: string;
}

export interface AccountingEntry {
  /** The invoice number: the entry's own reference, also how a repeated push finds its earlier booking. */
  reference: string;
  date: string;
  dueDate: string;
  description: string;
  credit: boolean;
  journal: string;
  customer: AccountingCustomer;
  lines: AccountingLine[];
}

export interface BookedEntry {
  id: string;
  number: string;
}

export interface AccountingClient {
  lookup(kind: AccountingLookup): Promise<AccountingOption[]>;
  /** The entry booked earlier with this reference, if any. */
  findEntry(reference: string, journal: string): Promise<BookedEntry | null>;
  book(entry: AccountingEntry): Promise<BookedEntry>;
  /** Whether the package holds the entry as fully paid. */
  isPaid(entry: BookedEntry): Promise<boolean>;
}

export interface AccountingProvider {
  service: AccountingService;
  /** null when the server has no app registered with the package. */
  oauth(config: Config): Omit<OAuthEndpoints, 'redirectUri'> | null;
  apiBase(config: Config): string;
  errorText(body: unknown): string | null;
  /** After the link: what it reaches (label) and what the provider keeps (the administration). */
  describeLink(http: ProviderHttp): Promise<{ accountLabel: string; state: Record<string, unknown> }>;
  client(http: ProviderHttp, state: Record<string, unknown>, division: string): AccountingClient;
}
