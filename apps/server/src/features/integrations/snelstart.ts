// SnelStart (decision 068): the B2B API v2 (JSON under /v2/..., OData $filter on lists), every call with the
// app's subscription key (Ocp-Apim-Subscription-Key) and a bearer token that the company's koppelsleutel gets
// at auth.snelstart.nl (`grant_type=clientkey`). Field names are SnelStart's own (grootboeken, relaties,
// verkoopboekingen, verkoopfacturen with their openstaandSaldo).
import {
  type AccountingLookup,
  type AccountingOption,
  type AccountingVatSlot,
  Decimal,
  INTEGRATION_TEXTS,
} from '@im/domain';
import type {
  AccountingClient,
  AccountingCustomer,
  AccountingEntry,
  AccountingProvider,
  BookedEntry,
} from './accounting-provider';
import { odataString as lit } from './odata';
import { ProviderError, type ProviderHttp } from './provider-http';

const LABEL = 'SnelStart';

const filter = (f: string) => `$filter=${encodeURIComponent(f)}`;

interface Grootboek {
  id: string;
  nummer: number;
  omschrijving?: string;
  nonactief?: boolean;
}
interface Relatie {
  id: string;
}
interface Verkoopfactuur {
  id: string;
  factuurnummer: string;
  openstaandSaldo?: number;
  verkoopBoeking?: { id: string } | null;
}

/** The boekingsregel's btwSoort and the VAT line's btwSoort of each of our rate slots. */
const BTW_SOORT: Record<AccountingVatSlot, string> = {
  high: 'Hoog',
  low: 'Laag',
  zero: 'Geen',
  shifted: 'Geen',
};
const BTW_REGEL: Partial<Record<AccountingVatSlot, string>> = { high: 'VerkopenHoog', low: 'VerkopenLaag' };

const money = (d: Decimal) => Number(d.toFixed(2));

class SnelstartClient implements AccountingClient {
  private readonly ledgerIds = new Map<string, string>();

  constructor(private readonly http: ProviderHttp) {}

  async lookup(kind: AccountingLookup): Promise<AccountingOption[]> {
    if (kind !== 'ledgeraccounts')
      throw new ProviderError('refused', INTEGRATION_TEXTS.lookupNotOffered(LABEL));
    const found = (await this.http.get<Grootboek[] | null>('/v2/grootboeken')) ?? [];
    return found
      .filter((g) => !g.nonactief)
      .sort((a, b) => a.nummer - b.nummer)
      .map((g) => ({
        id: g.id,
        code: String(g.nummer),
        description: g.omschrijving ?? '',
        percentage: null,
      }));
  }

  private async factuur(factuurnummer: string): Promise<Verkoopfactuur[]> {
    return (
      (await this.http.get<Verkoopfactuur[] | null>(
        `/v2/verkoopfacturen?${filter(`factuurnummer eq ${lit(factuurnummer)}`)}`,
      )) ?? []
    );
  }

  /** SnelStart keys a sales booking by its factuurnummer: our invoice number. The journal is SnelStart's own. */
  async findEntry(reference: string): Promise<BookedEntry | null> {
    const first = (await this.factuur(reference))[0];
    return first ? { id: first.verkoopBoeking?.id ?? first.id, number: first.factuurnummer } : null;
  }

  private async ledgerId(code: string): Promise<string> {
    const known = this.ledgerIds.get(code);
    if (known) return known;
    const nummer = Number(code);
    const found = Number.isInteger(nummer)
      ? ((await this.http.get<Grootboek[] | null>(`/v2/grootboeken?${filter(`nummer eq ${nummer}`)}`)) ?? [])
      : [];
    if (!found[0]) throw new ProviderError('refused', `Grootboekrekening ${code} bestaat niet in SnelStart.`);
    this.ledgerIds.set(code, found[0].id);
    return found[0].id;
  }

  /** The customer (relatie): matched by KvK number, VAT id or e-mail address, in that order; else created. */
  private async relatieId(c: AccountingCustomer): Promise<string> {
    const tries: [string, string][] = [
      ['kvkNummer', c.kvk],
      ['btwNummer', c.vatNumber],
      ['email', c.email],
    ];
    for (const [field, value] of tries) {
      if (!value) continue;
      const found =
        (await this.http.get<Relatie[] | null>(`/v2/relaties?${filter(`${field} eq ${lit(value)}`)}`)) ?? [];
      if (found[0]) return found[0].id;
    }
    const created = await this.http.post<Relatie>('/v2/relaties', {
      relatiesoort: ['Klant'],
      naam: c.name,
      email: c.email || null,
      kvkNummer: c.kvk || null,
      btwNummer: c.vatNumber || null,
      vestigingsAdres: {
        contactpersoon: null,
        straat: c.street || null,
        postcode: c.postcode || null,
        plaats: c.city || null,
      },
    });
    return created.id;
  }

  async book(entry: AccountingEntry): Promise<BookedEntry> {
    const klant = await this.relatieId(entry.customer);
    const boekingsregels = [];
    const btw = new Map<string, Decimal>();
    let total = new Decimal(0);
    for (const line of entry.lines) {
      const vat = new Decimal(line.vat);
      // SnelStart's lines are excl. VAT, the VAT on lines of its own: an amount booked incl. VAT is split.
      const net = entry.vatIncluded ? new Decimal(line.amount).minus(vat) : new Decimal(line.amount);
      boekingsregels.push({
        omschrijving: line.description,
        grootboek: { id: await this.ledgerId(line.ledger) },
        bedrag: money(net),
        btwSoort: BTW_SOORT[line.slot],
      });
      const soort = BTW_REGEL[line.slot];
      if (soort && !vat.isZero()) btw.set(soort, (btw.get(soort) ?? new Decimal(0)).plus(vat));
      total = total.plus(net).plus(vat);
    }
    const created = await this.http.post<{ id: string; factuurnummer?: string }>('/v2/verkoopboekingen', {
      factuurnummer: entry.reference,
      klant: { id: klant },
      factuurdatum: entry.date,
      vervaldatum: entry.dueDate,
      omschrijving: entry.description,
      factuurbedrag: money(total),
      boekingsregels,
      btw: [...btw].map(([btwSoort, amount]) => ({ btwSoort, btwBedrag: money(amount) })),
    });
    return { id: created.id, number: created.factuurnummer ?? entry.reference };
  }

  /** Paid when SnelStart's open item (openstaande post) of the invoice has nothing left open. */
  async isPaid(entry: BookedEntry): Promise<boolean> {
    const found = await this.factuur(entry.number);
    return found.length > 0 && found.every((f) => Number(f.openstaandSaldo ?? 1) === 0);
  }
}

export const snelstart: AccountingProvider = {
  service: 'snelstart',
  auth(config) {
    if (!config.SNELSTART_SUBSCRIPTION_KEY) return null;
    return {
      kind: 'clientkey',
      tokenUrl: `${config.SNELSTART_AUTH_URL.replace(/\/$/, '')}/b2b/token`,
      keyPageUrl: config.SNELSTART_WEB_URL,
    };
  },
  apiBase: (config) => config.SNELSTART_API_URL.replace(/\/$/, ''),
  apiHeaders: (config) => ({ 'Ocp-Apim-Subscription-Key': config.SNELSTART_SUBSCRIPTION_KEY ?? '' }),
  /** Errors come as a list `[{ errorCode, message, propertyName }]`; the gateway's own as `{ message }`. */
  errorText(body) {
    if (Array.isArray(body)) {
      const said = body
        .map((e) => (e && typeof e === 'object' ? (e as { message?: unknown }).message : null))
        .filter((m): m is string => typeof m === 'string' && m !== '');
      return said.length > 0 ? said.join(' ') : null;
    }
    const m = (body as { message?: unknown } | null)?.message;
    return typeof m === 'string' ? m : null;
  },
  needs: { journal: false, vatCodes: false },
  async describeLink(http) {
    const info = await http.get<{ administratieIdentifier?: string; administratieNaam?: string } | null>(
      '/v2/companyInfo',
    );
    if (!info?.administratieIdentifier)
      throw new ProviderError('refused', 'SnelStart gaf geen administratie terug.');
    return {
      accountLabel: info.administratieNaam || 'SnelStart-administratie',
      state: { administratie: info.administratieIdentifier },
    };
  },
  client: (http) => new SnelstartClient(http),
};
