import { createHash, randomBytes, randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

// A local imitation of the parts of Exact Online the accounting link uses (decision 065): OAuth 2.0 with PKCE
// (the consent screen approves at once), Me, the lookups, Accounts, SalesEntries and Receivables, in Exact's
// OData v2 JSON shapes ({ d: { results: [...] } }, errors as { error: { message: { value } } }). No test
// reaches the real service.

export interface FakeExactEntry {
  EntryID: string;
  EntryNumber: number;
  Journal: string;
  Customer: string;
  YourRef: string;
  EntryDate: string;
  Description: string;
  Type: number;
  SalesEntryLines: {
    GLAccount: string;
    VATCode: string;
    AmountFC: number;
    VATAmountFC: number;
    Description: string;
  }[];
  paid: boolean;
}

export interface FakeExactAccount {
  ID: string;
  Code: string;
  Name: string;
  Email?: string;
  ChamberOfCommerce?: string;
  VATNumber?: string;
}

export interface FakeExact {
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  division: number;
  /** Server settings that point the app at this fake. */
  env: Record<string, string>;
  entries: FakeExactEntry[];
  accounts: FakeExactAccount[];
  requests: { method: string; path: string }[];
  /** Marks the entry paid in full, as a bank reconciliation in Exact would. */
  markPaid(entryNumber: number): void;
  /** The next `n` API calls (not OAuth) answer 503. */
  failNext(n: number): void;
  /** Bookings are kept but answered never (a process killed while waiting is what follows). */
  hangAfterBooking(on: boolean): void;
  /** Tokens as the token endpoint would give them after a consent (for tests that link without a browser). */
  issueTokens(): { access_token: string; refresh_token: string };
  /** Every token stops working; refreshes answer invalid_grant. */
  revokeAll(): void;
  /** Access tokens expire at once (a refresh is needed). */
  expireAccessTokens(): void;
  close(): Promise<void>;
}

const GL_ACCOUNTS = [
  { ID: randomUUID(), Code: '8000', Description: 'Omzet hoog tarief' },
  { ID: randomUUID(), Code: '8010', Description: 'Omzet laag tarief' },
  { ID: randomUUID(), Code: '8020', Description: 'Omzet verlegd' },
  { ID: randomUUID(), Code: '8030', Description: 'Omzet 0%' },
  { ID: randomUUID(), Code: '8900', Description: 'Kortingen' },
];
const VAT_CODES = [
  { Code: '2  ', Description: 'BTW hoog 21%', Percentage: 0.21 },
  { Code: '1  ', Description: 'BTW laag 9%', Percentage: 0.09 },
  { Code: '5  ', Description: 'BTW verlegd', Percentage: 0 },
  { Code: '0  ', Description: 'Geen BTW', Percentage: 0 },
];
const JOURNALS = [{ Code: '70', Description: 'Verkoopboek', Type: 20 }];
const WAREHOUSES = [{ ID: randomUUID(), Code: '1', Description: 'Hoofdmagazijn' }];
const ITEMS = [{ ID: randomUUID(), Code: 'KORTING', Description: 'Korting' }];

/** `Field eq 'value' and Other eq 12` as pairs. */
function filters(filter: string | null): [string, string][] {
  if (!filter) return [];
  const out: [string, string][] = [];
  const re = /(\w+) eq (?:'((?:[^']|'')*)'|(-?\d+))/g;
  for (let m = re.exec(filter); m; m = re.exec(filter))
    out.push([m[1]!, m[2] !== undefined ? m[2].replace(/''/g, "'") : m[3]!]);
  return out;
}

const matches = (row: Record<string, unknown>, pairs: [string, string][]) =>
  pairs.every(([k, v]) => String(row[k] ?? '').trim() === v.trim());

export async function startFakeExact(): Promise<FakeExact> {
  const clientId = randomUUID();
  const clientSecret = randomBytes(16).toString('hex');
  const division = 123456;
  const codes = new Map<string, { challenge: string; redirectUri: string }>();
  const access = new Map<string, number>();
  const refresh = new Set<string>();
  const entries: FakeExactEntry[] = [];
  const accounts: FakeExactAccount[] = [];
  const requests: { method: string; path: string }[] = [];
  let failing = 0;
  let hang = false;
  let nextEntry = 1;
  const hanging: http.ServerResponse[] = [];

  const issue = () => {
    const a = randomBytes(24).toString('hex');
    const r = randomBytes(24).toString('hex');
    access.set(a, Date.now() + 600_000);
    refresh.add(r);
    return { access_token: a, token_type: 'bearer', expires_in: '600', refresh_token: r };
  };

  const server = http.createServer((req, res) => {
    const url = new URL(req.url!, 'http://exact.test');
    requests.push({ method: req.method!, path: url.pathname + url.search });
    const chunks: Buffer[] = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const json = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      const error = (status: number, message: string) =>
        json(status, { error: { code: '', message: { lang: 'nl-NL', value: message } } });
      // OAuth
      if (url.pathname === '/api/oauth2/auth') {
        const redirect = url.searchParams.get('redirect_uri') ?? '';
        if (url.searchParams.get('client_id') !== clientId || !redirect) return error(400, 'invalid client');
        const challenge = url.searchParams.get('code_challenge') ?? '';
        const code = randomBytes(16).toString('hex');
        codes.set(code, { challenge, redirectUri: redirect });
        const back = new URL(redirect);
        back.searchParams.set('code', code);
        back.searchParams.set('state', url.searchParams.get('state') ?? '');
        res.writeHead(302, { location: back.toString() });
        return res.end();
      }
      if (url.pathname === '/api/oauth2/token' && req.method === 'POST') {
        const form = new URLSearchParams(raw);
        if (form.get('client_id') !== clientId || form.get('client_secret') !== clientSecret)
          return json(401, { error: 'invalid_client' });
        if (form.get('grant_type') === 'authorization_code') {
          const c = codes.get(form.get('code') ?? '');
          codes.delete(form.get('code') ?? '');
          const verifier = form.get('code_verifier') ?? '';
          const ok =
            c &&
            c.redirectUri === form.get('redirect_uri') &&
            createHash('sha256').update(verifier).digest('base64url') === c.challenge;
          if (!ok) return json(400, { error: 'invalid_grant', error_description: 'code or verifier wrong' });
          return json(200, issue());
        }
        if (form.get('grant_type') === 'refresh_token') {
          const r = form.get('refresh_token') ?? '';
          if (!refresh.has(r))
            return json(400, { error: 'invalid_grant', error_description: 'refresh token unknown' });
          refresh.delete(r);
          return json(200, issue());
        }
        return json(400, { error: 'unsupported_grant_type' });
      }
      // API
      const token = (req.headers.authorization ?? '').replace(/^Bearer /, '');
      const until = access.get(token);
      if (!until || until < Date.now()) return error(401, 'Unauthorized');
      if (failing > 0) {
        failing--;
        return error(503, 'Service Unavailable');
      }
      if (url.pathname === '/api/v1/current/Me')
        return json(200, {
          d: {
            results: [
              {
                CurrentDivision: division,
                FullName: 'Installatiebedrijf Test',
                DivisionCustomerName: 'Installatiebedrijf Test BV',
              },
            ],
          },
        });
      const m = /^\/api\/v1\/(\d+)\/(.+)$/.exec(url.pathname);
      if (!m || Number(m[1]) !== division) return error(403, 'Geen toegang tot deze administratie');
      const path = m[2]!;
      const pairs = filters(url.searchParams.get('$filter'));
      const list = (rows: Record<string, unknown>[]) =>
        json(200, { d: { results: rows.filter((r) => matches(r, pairs)) } });
      if (req.method === 'GET') {
        if (path === 'hrm/Divisions')
          return list([{ Code: division, Description: 'Installatiebedrijf Test BV' }]);
        if (path === 'financial/GLAccounts') return list(GL_ACCOUNTS);
        if (path === 'vat/VATCodes') return list(VAT_CODES);
        if (path === 'financial/Journals') return list(JOURNALS);
        if (path === 'inventory/Warehouses') return list(WAREHOUSES);
        if (path === 'logistics/Items') return list(ITEMS);
        if (path === 'crm/Accounts') return list(accounts as unknown as Record<string, unknown>[]);
        if (path === 'salesentry/SalesEntries') return list(entries as unknown as Record<string, unknown>[]);
        if (path === 'cashflow/Receivables')
          return list(entries.map((e) => ({ EntryNumber: e.EntryNumber, IsFullyPaid: e.paid })));
        return error(404, 'Onbekende resource');
      }
      let body: Record<string, unknown>;
      try {
        body = JSON.parse(raw) as Record<string, unknown>;
      } catch {
        return error(400, 'Ongeldige JSON');
      }
      if (path === 'crm/Accounts') {
        if (!body.Name) return error(400, 'Naam is verplicht');
        const a = { ...(body as unknown as FakeExactAccount), ID: randomUUID() };
        accounts.push(a);
        return json(201, { d: a });
      }
      if (path === 'salesentry/SalesEntries') {
        if (!JOURNALS.some((j) => j.Code === body.Journal))
          return error(400, `Dagboek ${String(body.Journal)} bestaat niet`);
        if (!accounts.some((a) => a.ID === body.Customer)) return error(400, 'Klant bestaat niet');
        const lines = body.SalesEntryLines as FakeExactEntry['SalesEntryLines'];
        if (!Array.isArray(lines) || lines.length === 0) return error(400, 'Geen regels');
        for (const l of lines) {
          if (!GL_ACCOUNTS.some((g) => g.ID === l.GLAccount)) return error(400, 'Grootboekrekening onbekend');
          if (!VAT_CODES.some((v) => v.Code.trim() === String(l.VATCode).trim()))
            return error(400, `Btw-code ${l.VATCode} onbekend`);
        }
        const e: FakeExactEntry = {
          EntryID: randomUUID(),
          EntryNumber: 26700000 + nextEntry++,
          Journal: String(body.Journal),
          Customer: String(body.Customer),
          YourRef: String(body.YourRef ?? ''),
          EntryDate: String(body.EntryDate ?? ''),
          Description: String(body.Description ?? ''),
          Type: Number(body.Type ?? 20),
          SalesEntryLines: lines,
          paid: false,
        };
        entries.push(e);
        if (hang) {
          hanging.push(res);
          return;
        }
        return json(201, { d: { EntryID: e.EntryID, EntryNumber: e.EntryNumber } });
      }
      return error(404, 'Onbekende resource');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const baseUrl = `http://127.0.0.1:${port}`;
  return {
    baseUrl,
    clientId,
    clientSecret,
    division,
    env: { EXACT_BASE_URL: baseUrl, EXACT_CLIENT_ID: clientId, EXACT_CLIENT_SECRET: clientSecret },
    entries,
    accounts,
    requests,
    markPaid(n) {
      const e = entries.find((x) => x.EntryNumber === n);
      if (e) e.paid = true;
    },
    failNext(n) {
      failing = n;
    },
    hangAfterBooking(on) {
      hang = on;
    },
    issueTokens: () => issue(),
    revokeAll() {
      access.clear();
      refresh.clear();
    },
    expireAccessTokens() {
      for (const k of access.keys()) access.set(k, 0);
    },
    async close() {
      for (const r of hanging) r.destroy();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
