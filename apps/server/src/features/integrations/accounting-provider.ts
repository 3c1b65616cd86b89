// What an accounting package offers the app (decision 065): one interface, one implementation per package.
import type { AccountingLookup, AccountingOption, AccountingService, AccountingVatSlot } from '@im/domain';
import type { Config } from '../../platform/config';
import type { OAuthEndpoints } from '../../platform/integrations/oauth';
import type { InvoiceForBooking } from '../invoices';
import type { ProviderHttp } from './provider-http';

/** The customer of an invoice as the package keeps it (its code: 'R12' for relation 12, 'O5' for organization 5). */
export type AccountingCustomer = InvoiceForBooking['customer'];

/** One line of a sales entry: a ledger, a VAT code and amounts as decimal strings (negative on credit). */
export interface AccountingLine {
  ledger: string;
  /** The VAT rate's slot (21 % high, 9 % low, 0 %, reverse-charged): a package without VAT codes books by it. */
  slot: AccountingVatSlot;
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
  /** The lines' amounts include VAT (the settings' VAT type 'inclusief BTW'). */
  vatIncluded: boolean;
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

/**
 * How the app gets a token of the package: the OAuth 2.0 code flow with a consent window (Exact Online), or a
 * key the customer makes in the package and pastes here, exchanged for a token (SnelStart's koppelsleutel,
 * decision 068). `keyPageUrl`: where the customer makes the key (the link window opens it).
 */
export type ProviderAuth =
  | { kind: 'oauth'; endpoints: Omit<OAuthEndpoints, 'redirectUri'> }
  | { kind: 'clientkey'; tokenUrl: string; keyPageUrl: string };

export interface AccountingProvider {
  service: AccountingService;
  /** null when the server has no app registered with the package. */
  auth(config: Config): ProviderAuth | null;
  apiBase(config: Config): string;
  /** Headers every API call carries besides the token. */
  apiHeaders(config: Config): Record<string, string>;
  errorText(body: unknown): string | null;
  /** The settings an entry needs besides the ledgers: a sales journal, VAT codes per rate. */
  needs: { journal: boolean; vatCodes: boolean };
  /** After the link: what it reaches (label) and what the provider keeps (the administration). */
  describeLink(http: ProviderHttp): Promise<{ accountLabel: string; state: Record<string, unknown> }>;
  client(http: ProviderHttp, state: Record<string, unknown>, division: string): AccountingClient;
}
