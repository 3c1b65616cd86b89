import { randomBytes, randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

// A local imitation of the parts of SnelStart's B2B API v2 the accounting link uses (decision 068): the token
// endpoint of auth.snelstart.nl (`grant_type=clientkey` with the koppelsleutel), the subscription key header
// (Ocp-Apim-Subscription-Key) on every API call, companyInfo, grootboeken, relaties, verkoopboekingen and
// verkoopfacturen with their openstaandSaldo, in SnelStart's JSON shapes (lists as plain arrays, OData
// $filter, errors as [{ errorCode, message, propertyName }]). No test reaches the real service.

export interface FakeSnelstartBoeking {
  id: string;
  factuurnummer: string;
  klant: { id: string };
  factuurdatum: string;
  vervaldatum: string;
  omschrijving: string;
  factuurbedrag: number;
  boekingsregels: { omschrijving: string; grootboek: { id: string }; bedrag: number; btwSoort: string }[];
  btw: { btwSoort: string; btwBedrag: number }[];
  openstaandSaldo: number;
}

export interface FakeSnelstartRelatie {
  id: string;
  relatiecode: number;
  relatiesoort: string[];
  naam: string;
  email?: string | null;
  kvkNummer?: string | null;
  btwNummer?: string | null;
}

export interface FakeSnelstart {
  baseUrl: string;
  subscriptionKey: string;
  /** The koppelsleutel a customer would copy from SnelStart Web. */
  clientKey: string;
  administratie: string;
  env: Record<string, string>;
  boekingen: FakeSnelstartBoeking[];
  relaties: FakeSnelstartRelatie[];
  grootboeken: { id: string; nummer: number; omschrijving: string; nonactief: boolean }[];
  requests: { method: string; path: string; headers: http.IncomingHttpHeaders; body: string }[];
  /** Marks the invoice paid in full (its open item closed), as a bank reconciliation in SnelStart would. */
  markPaid(factuurnummer: string): void;
  /** The next `n` API calls answer 503. */
  failNext(n: number): void;
  /** Every token stops working and the key is withdrawn (the customer ended the link in SnelStart Web). */
  revokeAll(): void;
  /** Access tokens expire at once (the key gets a new one). */
  expireAccessTokens(): void;
  close(): Promise<void>;
}

/** `field eq 'value'` or `field eq 12` as a pair. */
function parseFilter(f: string | null): [string, string] | null {
  if (!f) return null;
  const m = /^(\w+) eq (?:'((?:[^']|'')*)'|(-?\d+))$/.exec(f.trim());
  if (!m) return null;
  return [m[1]!, m[2] !== undefined ? m[2].replace(/''/g, "'") : m[3]!];
}

export async function startFakeSnelstart(): Promise<FakeSnelstart> {
  const subscriptionKey = randomBytes(16).toString('hex');
  let clientKey = randomBytes(32).toString('base64url');
  const administratie = randomUUID();
  const access = new Map<string, number>();
  const boekingen: FakeSnelstartBoeking[] = [];
  const relaties: FakeSnelstartRelatie[] = [];
  const requests: FakeSnelstart['requests'] = [];
  const grootboeken = [
    { id: randomUUID(), nummer: 8000, omschrijving: 'Omzet hoog', nonactief: false },
    { id: randomUUID(), nummer: 8010, omschrijving: 'Omzet laag', nonactief: false },
    { id: randomUUID(), nummer: 8020, omschrijving: 'Omzet verlegd', nonactief: false },
    { id: randomUUID(), nummer: 8030, omschrijving: 'Omzet 0%', nonactief: false },
    { id: randomUUID(), nummer: 8900, omschrijving: 'Kortingen', nonactief: false },
    { id: randomUUID(), nummer: 8999, omschrijving: 'Oude omzet', nonactief: true },
  ];
  let failing = 0;
  let nextRelatie = 1;

  const server = http.createServer((req, res) => {
    const url = new URL(req.url!, 'http://snelstart.test');
    const chunks: Buffer[] = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      requests.push({
        method: req.method!,
        path: url.pathname + url.search,
        headers: req.headers,
        body: raw,
      });
      const json = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
        res.end(JSON.stringify(body));
      };
      const errors = (status: number, message: string, propertyName: string | null = null) =>
        json(status, [{ errorCode: `E-${status}`, message, propertyName, value: null }]);
      // auth.snelstart.nl
      if (url.pathname === '/b2b/token' && req.method === 'POST') {
        const form = new URLSearchParams(raw);
        if (form.get('grant_type') !== 'clientkey') return json(400, { error: 'unsupported_grant_type' });
        if (form.get('clientkey') !== clientKey) return json(400, { error: 'invalid_grant' });
        const token = randomBytes(24).toString('hex');
        access.set(token, Date.now() + 3_599_000);
        return json(200, { access_token: token, token_type: 'bearer', expires_in: 3599 });
      }
      // SnelStart Web's 'Koppelingen' page, where the customer makes and copies the koppelsleutel.
      if (url.pathname === '/web/koppelingen' && req.method === 'GET') {
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        return res.end(
          `<!doctype html><html lang="nl"><head><title>SnelStart Web - Koppelingen</title></head><body><h1>Koppelingen</h1><p>Uw koppelsleutel:</p><code id="koppelsleutel">${clientKey}</code></body></html>`,
        );
      }
      // The API gateway: the subscription key first, then the token.
      if (req.headers['ocp-apim-subscription-key'] !== subscriptionKey)
        return json(401, {
          statusCode: 401,
          message: 'Access denied due to invalid subscription key. Make sure to provide a valid key.',
        });
      const token = (req.headers.authorization ?? '').replace(/^Bearer /, '');
      const until = access.get(token);
      if (!until || until < Date.now()) return errors(401, 'Authorization has been denied for this request.');
      if (failing > 0) {
        failing--;
        return errors(503, 'Service Unavailable');
      }
      const pair = parseFilter(url.searchParams.get('$filter'));
      const list = <T extends object>(rows: T[]) =>
        json(
          200,
          pair ? rows.filter((r) => String((r as Record<string, unknown>)[pair[0]] ?? '') === pair[1]) : rows,
        );
      const path = url.pathname;
      if (req.method === 'GET') {
        if (path === '/v2/companyInfo')
          return json(200, {
            administratieIdentifier: administratie,
            administratieNaam: 'Installatiebedrijf Test BV',
          });
        if (path === '/v2/grootboeken') return list(grootboeken);
        if (path === '/v2/relaties') return list(relaties);
        if (path === '/v2/verkoopfacturen')
          return list(
            boekingen.map((b) => ({
              id: randomUUID(),
              factuurnummer: b.factuurnummer,
              factuurBedrag: b.factuurbedrag,
              openstaandSaldo: b.openstaandSaldo,
              relatie: { id: b.klant.id },
              verkoopBoeking: { id: b.id, uri: `/v2/verkoopboekingen/${b.id}` },
            })),
          );
        return errors(404, 'De opgevraagde resource bestaat niet.');
      }
      let body: Record<string, unknown>;
      try {
        body = JSON.parse(raw) as Record<string, unknown>;
      } catch {
        return errors(400, 'Ongeldige JSON.');
      }
      if (req.method === 'POST' && path === '/v2/relaties') {
        if (!body.naam) return errors(400, 'Naam is verplicht.', 'naam');
        const r: FakeSnelstartRelatie = {
          id: randomUUID(),
          relatiecode: nextRelatie++,
          relatiesoort: (body.relatiesoort as string[]) ?? ['Klant'],
          naam: String(body.naam),
          email: (body.email as string | null) ?? null,
          kvkNummer: (body.kvkNummer as string | null) ?? null,
          btwNummer: (body.btwNummer as string | null) ?? null,
        };
        relaties.push(r);
        return json(201, r);
      }
      if (req.method === 'POST' && path === '/v2/verkoopboekingen') {
        const b = body as unknown as FakeSnelstartBoeking;
        if (!relaties.some((r) => r.id === b.klant?.id))
          return errors(400, 'De opgegeven klant bestaat niet.', 'klant');
        if (!b.factuurnummer) return errors(400, 'Factuurnummer is verplicht.', 'factuurnummer');
        if (boekingen.some((x) => x.factuurnummer === b.factuurnummer))
          return errors(400, `Factuurnummer ${b.factuurnummer} is al in gebruik.`, 'factuurnummer');
        if (!Array.isArray(b.boekingsregels) || b.boekingsregels.length === 0)
          return errors(400, 'Een verkoopboeking heeft minstens één boekingsregel.', 'boekingsregels');
        for (const l of b.boekingsregels) {
          const g = grootboeken.find((x) => x.id === l.grootboek?.id);
          if (!g) return errors(400, 'Het opgegeven grootboek bestaat niet.', 'boekingsregels.grootboek');
          if (g.nonactief)
            return errors(
              400,
              `Grootboek ${g.nummer} is non-actief en kan niet worden geboekt.`,
              'boekingsregels.grootboek',
            );
          if (!['Geen', 'Laag', 'Hoog', 'Overig'].includes(l.btwSoort))
            return errors(400, `Onbekende btwSoort ${l.btwSoort}.`, 'boekingsregels.btwSoort');
        }
        // The booking is in balance: the invoice amount is the lines plus their VAT.
        const cents = (n: number) => Math.round(n * 100);
        const sum =
          b.boekingsregels.reduce((a, l) => a + cents(l.bedrag), 0) +
          (b.btw ?? []).reduce((a, l) => a + cents(l.btwBedrag), 0);
        if (sum !== cents(b.factuurbedrag))
          return errors(
            400,
            'De boeking is niet in balans: factuurbedrag wijkt af van de regels.',
            'factuurbedrag',
          );
        const made: FakeSnelstartBoeking = {
          ...b,
          id: randomUUID(),
          btw: b.btw ?? [],
          openstaandSaldo: b.factuurbedrag,
        };
        boekingen.push(made);
        return json(201, { ...made, boekstuk: made.factuurnummer });
      }
      return errors(404, 'De opgevraagde resource bestaat niet.');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const baseUrl = `http://127.0.0.1:${port}`;
  return {
    baseUrl,
    subscriptionKey,
    get clientKey() {
      return clientKey;
    },
    administratie,
    env: {
      SNELSTART_SUBSCRIPTION_KEY: subscriptionKey,
      SNELSTART_API_URL: baseUrl,
      SNELSTART_AUTH_URL: baseUrl,
      SNELSTART_WEB_URL: `${baseUrl}/web/koppelingen`,
    },
    boekingen,
    relaties,
    grootboeken,
    requests,
    markPaid(factuurnummer) {
      const b = boekingen.find((x) => x.factuurnummer === factuurnummer);
      if (b) b.openstaandSaldo = 0;
    },
    failNext(n) {
      failing = n;
    },
    revokeAll() {
      access.clear();
      clientKey = randomBytes(32).toString('base64url');
    },
    expireAccessTokens() {
      for (const k of access.keys()) access.set(k, 0);
    },
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
