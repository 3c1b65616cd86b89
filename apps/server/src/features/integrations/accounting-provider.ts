// What an accounting package offers the app (decision 065): one interface, one implementation per package.
import type { AccountingLookup, AccountingOption, AccountingService, AccountingVatSlot } from '@im/domain';
import type { InvoiceForBooking } from '../invoices';
import type { LinkedProvider, ProviderAuth } from './linked-provider';
import type { ProviderHttp } from './provider-http';

export type { ProviderAuth };

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

export interface AccountingProvider extends LinkedProvider {
  service: AccountingService;
  /** The settings an entry needs besides the ledgers: a sales journal, VAT codes per rate. */
  needs: { journal: boolean; vatCodes: boolean };
  /** After the link: what it reaches (label) and what the provider keeps (the administration). */
  describeLink(http: ProviderHttp): Promise<{ accountLabel: string; state: Record<string, unknown> }>;
  client(http: ProviderHttp, state: Record<string, unknown>, division: string): AccountingClient;
}
