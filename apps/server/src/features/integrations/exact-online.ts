// Exact Online (decision 065): its REST API (OData v2 JSON under /api/v1/{division}/...), OAuth 2.0 at
// /api/oauth2/auth and /api/oauth2/token. Field names are Exact's own (SalesEntries, Accounts, Receivables).
import type { AccountingLookup, AccountingOption } from '@im/domain';
import type {
  AccountingClient,
  AccountingCustomer,
  AccountingEntry,
  AccountingProvider,
  BookedEntry,
} from './accounting-provider';
import { odataString as lit } from './odata';
import { ProviderError, type ProviderHttp } from './provider-http';

interface ODataList<T> {
  d: { results: T[] } | T[];
}
interface ODataOne<T> {
  d: T;
}

const rows = <T>(answer: ODataList<T> | null): T[] => {
  const d = answer?.d;
  if (!d) return [];
  return Array.isArray(d) ? d : (d.results ?? []);
};

const q = (params: Record<string, string>) =>
  Object.entries(params)
    .map(([k, v]) => `${k}=${encodeURIComponent(v)}`)
    .join('&');

const LOOKUP_PATHS: Record<AccountingLookup, { path: string; select: string; filter?: string }> = {
  ledgeraccounts: { path: 'financial/GLAccounts', select: 'ID,Code,Description' },
  warehouses: { path: 'inventory/Warehouses', select: 'ID,Code,Description' },
  divisions: { path: 'hrm/Divisions', select: 'Code,Description' },
  vatcodes: { path: 'vat/VATCodes', select: 'Code,Description,Percentage' },
  // Type 20: sales journals.
  journals: { path: 'financial/Journals', select: 'Code,Description', filter: 'Type eq 20' },
  items: { path: 'logistics/Items', select: 'ID,Code,Description' },
};

interface ExactRow {
  ID?: string;
  Code?: string | number;
  Description?: string;
  Percentage?: number;
}

class ExactClient implements AccountingClient {
  private readonly ledgerIds = new Map<string, string>();

  constructor(
    private readonly http: ProviderHttp,
    private readonly division: string,
  ) {}

  private path(p: string): string {
    return `/api/v1/${encodeURIComponent(this.division)}/${p}`;
  }

  async lookup(kind: AccountingLookup): Promise<AccountingOption[]> {
    const l = LOOKUP_PATHS[kind];
    const params: Record<string, string> = { $select: l.select };
    if (l.filter) params.$filter = l.filter;
    const found = rows(await this.http.get<ODataList<ExactRow>>(`${this.path(l.path)}?${q(params)}`));
    return found.map((r) => ({
      id: String(r.ID ?? r.Code ?? ''),
      code: String(r.Code ?? '').trim(),
      description: r.Description ?? '',
      percentage: typeof r.Percentage === 'number' ? r.Percentage : null,
    }));
  }

  async findEntry(reference: string, journal: string): Promise<BookedEntry | null> {
    const filter = `YourRef eq ${lit(reference)} and Journal eq ${lit(journal)}`;
    const found = rows(
      await this.http.get<ODataList<{ EntryID: string; EntryNumber: number }>>(
        `${this.path('salesentry/SalesEntries')}?${q({ $filter: filter, $select: 'EntryID,EntryNumber' })}`,
      ),
    );
    const first = found[0];
    return first ? { id: first.EntryID, number: String(first.EntryNumber) } : null;
  }

  private async ledgerId(code: string): Promise<string> {
    const known = this.ledgerIds.get(code);
    if (known) return known;
    const found = rows(
      await this.http.get<ODataList<{ ID: string }>>(
        `${this.path('financial/GLAccounts')}?${q({ $filter: `Code eq ${lit(code)}`, $select: 'ID' })}`,
      ),
    );
    if (!found[0])
      throw new ProviderError('refused', `Grootboekrekening ${code} bestaat niet in Exact Online.`);
    this.ledgerIds.set(code, found[0].ID);
    return found[0].ID;
  }

  /** The customer: matched by KvK number, VAT id, e-mail address or our code, in that order; else created. */
  private async customerId(c: AccountingCustomer): Promise<string> {
    const tries: [string, string][] = [
      ['ChamberOfCommerce', c.kvk],
      ['VATNumber', c.vatNumber],
      ['Email', c.email],
      ['Code', c.code],
    ];
    for (const [field, value] of tries) {
      if (!value) continue;
      const found = rows(
        await this.http.get<ODataList<{ ID: string }>>(
          `${this.path('crm/Accounts')}?${q({ $filter: `${field} eq ${lit(value)}`, $select: 'ID' })}`,
        ),
      );
      if (found[0]) return found[0].ID;
    }
    const created = await this.http.post<ODataOne<{ ID: string }>>(this.path('crm/Accounts'), {
      Code: c.code,
      Name: c.name,
      Email: c.email || undefined,
      ChamberOfCommerce: c.kvk || undefined,
      VATNumber: c.vatNumber || undefined,
      AddressLine1: c.street || undefined,
      Postcode: c.postcode || undefined,
      City: c.city || undefined,
      Country: c.country || 'NL',
      Status: 'C',
    });
    return created.d.ID;
  }

  async book(entry: AccountingEntry): Promise<BookedEntry> {
    const customer = await this.customerId(entry.customer);
    const lines = [];
    for (const line of entry.lines) {
      lines.push({
        GLAccount: await this.ledgerId(line.ledger),
        VATCode: line.vatCode,
        AmountFC: Number(line.amount),
        VATAmountFC: Number(line.vat),
        Description: line.description,
      });
    }
    const created = await this.http.post<ODataOne<{ EntryID: string; EntryNumber: number }>>(
      this.path('salesentry/SalesEntries'),
      {
        Journal: entry.journal,
        Customer: customer,
        YourRef: entry.reference,
        EntryDate: entry.date,
        DueDate: entry.dueDate,
        Description: entry.description,
        // 20: sales entry, 21: sales credit note.
        Type: entry.credit ? 21 : 20,
        SalesEntryLines: lines,
      },
    );
    return { id: created.d.EntryID, number: String(created.d.EntryNumber) };
  }

  async isPaid(entry: BookedEntry): Promise<boolean> {
    const found = rows(
      await this.http.get<ODataList<{ IsFullyPaid: boolean }>>(
        `${this.path('cashflow/Receivables')}?${q({
          $filter: `EntryNumber eq ${Number(entry.number) || 0}`,
          $select: 'EntryNumber,IsFullyPaid',
        })}`,
      ),
    );
    return found.length > 0 && found.every((r) => r.IsFullyPaid === true);
  }
}

export const exactOnline: AccountingProvider = {
  service: 'exact',
  auth(config) {
    if (!config.EXACT_CLIENT_ID || !config.EXACT_CLIENT_SECRET) return null;
    const base = config.EXACT_BASE_URL.replace(/\/$/, '');
    return {
      kind: 'oauth',
      endpoints: {
        authorizeUrl: `${base}/api/oauth2/auth`,
        tokenUrl: `${base}/api/oauth2/token`,
        clientId: config.EXACT_CLIENT_ID,
        clientSecret: config.EXACT_CLIENT_SECRET,
      },
    };
  },
  apiBase: (config) => config.EXACT_BASE_URL.replace(/\/$/, ''),
  apiHeaders: () => ({}),
  needs: { journal: true, vatCodes: true },
  errorText(body) {
    const e = (body as { error?: { message?: { value?: unknown } | string } } | null)?.error;
    if (!e) return null;
    if (typeof e.message === 'string') return e.message;
    return typeof e.message?.value === 'string' ? e.message.value : null;
  },
  async describeLink(http) {
    const me = rows(
      await http.get<
        ODataList<{ CurrentDivision: number; FullName?: string; DivisionCustomerName?: string }>
      >(`/api/v1/current/Me?${q({ $select: 'CurrentDivision,FullName,DivisionCustomerName' })}`),
    )[0];
    if (!me) throw new ProviderError('refused', 'Exact Online gaf geen gebruiker terug.');
    const division = String(me.CurrentDivision);
    const who = me.DivisionCustomerName || me.FullName || 'Exact Online';
    return { accountLabel: `${who} (administratie ${division})`, state: { currentDivision: division } };
  },
  client: (http, _state, division) => new ExactClient(http, division),
};
