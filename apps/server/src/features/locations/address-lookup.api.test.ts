// GET /api/address/lookup against a local stand-in for the PDOK Locatieserver (no network in tests).
import { createServer as createHttpServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ADDRESS_LOOKUP_TEXTS, INVALID_POSTCODE } from '@im/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCrmCompany } from '../../../test/crm-factories';
import { startTestServer, type TestServer } from '../../../test/test-server';
import { PdokGeocoder } from '../../platform/geocode/pdok';
import { createLogger } from '../../platform/log';

/** The register of the fake: postcode + number -> its addresses (as PDOK answers them). */
const REGISTER: Record<string, Record<string, unknown>[]> = {
  '8011AB 12': [
    {
      huisletter: 'a',
      straatnaam: 'Dorpsstraat',
      woonplaatsnaam: 'Zwolle',
      centroide_ll: 'POINT(6.09 52.51)',
    },
    { straatnaam: 'Dorpsstraat', woonplaatsnaam: 'Zwolle', centroide_ll: 'POINT(6.08 52.50)' },
  ],
  '9711NV 14': [
    { straatnaam: 'Oosterstraat', woonplaatsnaam: 'Groningen', centroide_ll: 'POINT(6.57 53.21)' },
  ],
};

let pdok: Server;
let t: TestServer;
let token: string;
let down = false;
const requests: URL[] = [];

beforeAll(async () => {
  pdok = createHttpServer((req, res) => {
    const url = new URL(req.url!, 'http://pdok.test');
    requests.push(url);
    if (down) {
      res.writeHead(503, { 'content-type': 'application/json' });
      return res.end('{"error":"onderhoud"}');
    }
    const fq = url.searchParams.getAll('fq');
    const postcode = fq.find((f) => f.startsWith('postcode:'))?.slice(9) ?? '';
    const number = fq.find((f) => f.startsWith('huisnummer:'))?.slice(11) ?? '';
    const docs = (REGISTER[`${postcode} ${number}`] ?? []).map((d) => ({
      ...d,
      postcode,
      huisnummer: Number(number),
      type: 'adres',
    }));
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ response: { numFound: docs.length, start: 0, docs } }));
  });
  await new Promise<void>((resolve) => pdok.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(pdok.address() as AddressInfo).port}/bzk/locatieserver/search/v3_1/free`;
  t = await startTestServer({ work: false, config: { GEOCODER: 'pdok', GEOCODER_URL: url } });
  // A plain role-100 user: any logged-in staff user may look up an address.
  ({ token } = await createCrmCompany(t, { role: 100 }));
});
afterAll(async () => {
  await t?.close();
  await new Promise<void>((resolve) => pdok.close(() => resolve()));
});

const lookup = (query: string, as: string | undefined = token) =>
  t.api('GET', `/api/address/lookup?${query}`, { token: as });

describe('postcode and house number lookup', () => {
  it('answers street, city, the written postcode and coordinates, by the addition when given', async () => {
    const plain = await lookup('postcode=8011ab&number=12');
    expect(plain.status).toBe(200);
    expect(plain.body).toEqual({
      street: 'Dorpsstraat',
      city: 'Zwolle',
      postcode: '8011 AB',
      number: '12',
      addition: '',
      lat: 52.5,
      lng: 6.08,
    });
    const q = requests.at(-1)!;
    expect(q.searchParams.getAll('fq').sort()).toEqual(['huisnummer:12', 'postcode:8011AB', 'type:adres']);

    const lettered = await lookup('postcode=8011%20AB&number=12&addition=A');
    expect(lettered.status).toBe(200);
    expect(lettered.body).toMatchObject({ street: 'Dorpsstraat', addition: 'a', lat: 52.51, lng: 6.09 });
  });

  it('answers 404 with a Dutch message when the register has no such address', async () => {
    const res = await lookup('postcode=1234AB&number=99');
    expect(res.status).toBe(404);
    expect(res.body.message).toBe(ADDRESS_LOOKUP_TEXTS.notFound);
  });

  it('answers 422 for a malformed postcode or house number, without asking PDOK', async () => {
    const before = requests.length;
    const bad = await lookup('postcode=12AB&number=1');
    expect(bad.status).toBe(422);
    expect(bad.body.errors.postcode).toEqual([INVALID_POSTCODE]);
    const letters = await lookup('postcode=9711NV&number=veertien');
    expect(letters.status).toBe(422);
    expect(letters.body.errors.number).toEqual([ADDRESS_LOOKUP_TEXTS.invalidNumber]);
    expect((await lookup('number=14')).status).toBe(422);
    expect(requests.length).toBe(before);
  });

  it('answers 503 with a Dutch message when PDOK is unreachable or failing', async () => {
    down = true;
    try {
      const res = await lookup('postcode=9711NV&number=14');
      expect(res.status).toBe(503);
      expect(res.body.message).toBe(ADDRESS_LOOKUP_TEXTS.unavailable);
    } finally {
      down = false;
    }
    expect((await lookup('postcode=9711NV&number=14')).body.city).toBe('Groningen');

    // Nothing listening at all.
    const configured = t.server.deps.geocoder;
    t.server.deps.geocoder = new PdokGeocoder('http://127.0.0.1:1/free', createLogger('silent'));
    try {
      const res = await lookup('postcode=9711NV&number=14');
      expect(res.status).toBe(503);
      expect(res.body.message).toBe(ADDRESS_LOOKUP_TEXTS.unavailable);
    } finally {
      t.server.deps.geocoder = configured;
    }
  });

  it('needs a login and limits each user to 60 lookups a minute', async () => {
    expect((await t.api('GET', '/api/address/lookup?postcode=9711NV&number=14')).status).toBe(401);
    const other = await createCrmCompany(t, { role: 100 });
    let status = 0;
    let answered = 0;
    for (let i = 0; i < 61 && status !== 429; i++) {
      status = (await lookup('postcode=9711NV&number=14', other.token)).status;
      if (status === 200) answered++;
    }
    expect(status).toBe(429);
    expect(answered).toBe(60);
    // Another user still gets an answer.
    expect((await lookup('postcode=9711NV&number=14')).status).toBe(200);
  });
});
