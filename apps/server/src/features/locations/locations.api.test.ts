import { createServer as createHttpServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createCrmCompany, createTestRelation, logCount } from '../../../test/crm-factories';
import { startTestServer, type TestServer } from '../../../test/test-server';
import type { GeocodeQuery, GeocodeResult, Geocoder } from '../../platform/geocode';
import { PdokGeocoder } from '../../platform/geocode/pdok';
import { createLogger } from '../../platform/log';

let t: TestServer;
let a: { companyId: number; token: string };
let b: { companyId: number; token: string };
const asked: GeocodeQuery[] = [];
let answer: GeocodeResult = { status: 'OK', lat: 52.5168, lng: 6.083 };

/** Stands in for PDOK (no network in tests): records the question, gives the prepared answer. */
const fakeGeocoder: Geocoder = {
  name: 'fake',
  async geocode(query) {
    asked.push(query);
    return answer;
  },
  lookupAddress: async () => ({ status: 'DISABLED' }),
};

beforeAll(async () => {
  t = await startTestServer({ work: false });
  t.server.deps.geocoder = fakeGeocoder;
  a = await createCrmCompany(t, { name: 'Locatie A' });
  b = await createCrmCompany(t, { name: 'Locatie B' });
});
afterAll(async () => t?.close());
afterEach(() => {
  asked.length = 0;
  answer = { status: 'OK', lat: 52.5168, lng: 6.083 };
});

describe('locations', () => {
  it('saves a location with a normalised postcode, full address, type label and geocoded coordinates', async () => {
    const rel = await createTestRelation(t, a.token, { createnewflow: true });
    const type = await t.api('POST', '/api/locationtype', { token: a.token, body: { label: 'Werkadres' } });
    expect(type.status).toBe(201);
    const res = await t.api('POST', '/api/location', {
      token: a.token,
      body: {
        relation_id: rel.id,
        location_type_id: type.body.id,
        description: 'Schuur',
        address: 'Dorpsstraat',
        number: '12',
        number_addition: 'a',
        postcode: '8011ab',
        city: 'Zwolle',
      },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      description: 'Schuur',
      postcode: '8011 AB',
      country: 'Nederland',
      fullAddress: 'Dorpsstraat 12a, 8011 AB Zwolle',
      typeLabel: 'Werkadres',
      location_type: { id: type.body.id, label: 'Werkadres' },
      relation_id: rel.id,
      organization_id: null,
      is_main: true,
      lat: 52.5168,
      lng: 6.083,
    });
    expect(asked).toEqual([
      expect.objectContaining({
        address: 'Dorpsstraat',
        number: '12',
        numberAddition: 'a',
        postcode: '8011 AB',
        city: 'Zwolle',
      }),
    ]);
    expect(await logCount(t, 'location', res.body.id, 'create')).toBe(1);
    // The relation follows its main location: coordinates, address, and the flow search text.
    const detail = await t.api('GET', `/api/relation/${rel.id}`, { token: a.token });
    expect(detail.body).toMatchObject({
      lat: 52.5168,
      lng: 6.083,
      address: 'Dorpsstraat 12a, 8011 AB Zwolle',
    });
    const [flow] = (
      await t.server.deps.db.platform((tx) =>
        tx.execute<{ s: string }>(sql`select search_text as s from flow where relation_id = ${rel.id}`),
      )
    ).rows;
    expect(flow!.s).toContain('8011ab');
    expect((await t.api('GET', `/api/location/${res.body.id}`, { token: a.token })).body).toEqual(res.body);
  });

  it('keeps coordinates that are given; on geocoder failure saves without them', async () => {
    const rel = await createTestRelation(t, a.token);
    const given = await t.api('POST', '/api/location', {
      token: a.token,
      body: { relation_id: rel.id, address: 'Brink', city: 'Assen', lat: 53.0, lng: 6.56 },
    });
    expect(given.body).toMatchObject({ lat: 53.0, lng: 6.56 });
    expect(asked).toEqual([]);
    answer = { status: 'REQUEST_FAILED' };
    const failed = await t.api('POST', '/api/location', {
      token: a.token,
      body: { relation_id: rel.id, address: 'Nergensweg', city: 'Onbekend' },
    });
    expect(failed.status).toBe(201);
    expect(failed.body).toMatchObject({ lat: null, lng: null, is_main: false });
  });

  it('geocodes again when the address changes, and moves the main flag', async () => {
    const rel = await createTestRelation(t, a.token);
    const first = (
      await t.api('POST', '/api/location', {
        token: a.token,
        body: { relation_id: rel.id, address: 'Eerste', city: 'Sneek' },
      })
    ).body;
    const second = (
      await t.api('POST', '/api/location', {
        token: a.token,
        body: { relation_id: rel.id, address: 'Tweede', city: 'Sneek' },
      })
    ).body;
    asked.length = 0;
    const desc = await t.api('PATCH', `/api/location/${second.id}`, {
      token: a.token,
      body: { description: 'Garage' },
    });
    expect(desc.body.description).toBe('Garage');
    expect(asked).toEqual([]);
    answer = { status: 'OK', lat: 53.03, lng: 5.66 };
    const moved = await t.api('PATCH', `/api/location/${second.id}`, {
      token: a.token,
      body: { postcode: '8601 aa', is_main: true },
    });
    expect(moved.body).toMatchObject({ postcode: '8601 AA', lat: 53.03, lng: 5.66, is_main: true });
    expect(asked).toHaveLength(1);
    const list = await t.api('GET', `/api/location?relation_id=${rel.id}`, { token: a.token });
    expect(list.body.map((l: { id: number; is_main: boolean }) => [l.id, l.is_main])).toEqual([
      [second.id, true],
      [first.id, false],
    ]);
    expect((await t.api('GET', `/api/relation/${rel.id}`, { token: a.token })).body.address).toBe(
      'Tweede, 8601 AA Sneek',
    );
    // Deleting the main location makes the other one main.
    expect((await t.api('DELETE', `/api/location/${second.id}`, { token: a.token })).status).toBe(200);
    expect((await t.api('GET', `/api/location/${first.id}`, { token: a.token })).body.is_main).toBe(true);
    expect((await t.api('GET', `/api/relation/${rel.id}`, { token: a.token })).body.address).toBe(
      'Eerste, Sneek',
    );
    expect(await logCount(t, 'location', second.id, 'delete')).toBe(1);
  });

  it("a flow's row and its relation show the main location, kept by the database on every change (decision 077)", async () => {
    const rel = await createTestRelation(t, a.token);
    const flow = (await t.api('POST', '/api/flow', { token: a.token, body: { relation_id: rel.id } })).body;
    const shown = async () => {
      const page = await t.api('GET', '/api/flow/querypaginated?offset=0&limit=25&status=all', {
        token: a.token,
      });
      const row = page.body.data.find((r: { id: number }) => r.id === flow.id);
      const relation = await t.api('GET', `/api/relation/${rel.id}`, { token: a.token });
      expect(relation.body.address).toBe(row.address);
      return row.address as string;
    };
    expect(await shown()).toBe('');
    const first = (
      await t.api('POST', '/api/location', {
        token: a.token,
        body: { relation_id: rel.id, address: 'Kade', number: '1', city: 'Joure' },
      })
    ).body;
    expect(await shown()).toBe('Kade 1, Joure');
    // Written past the application, as a bulk import writes: the trigger keeps the main location too.
    const run = (query: ReturnType<typeof sql>) =>
      t.server.deps.db.platform((tx) => tx.execute<{ id: number }>(query));
    const [written] = (
      await run(sql`insert into location (company_id, relation_id, address, number, city, is_main)
        values (${a.companyId}, ${rel.id}, 'Werf', '2', 'Joure', true) returning id`)
    ).rows;
    await run(sql`update location set is_main = false where id = ${first.id}`);
    expect(await shown()).toBe('Werf 2, Joure');
    await run(sql`delete from location where id = ${written!.id}`);
    expect(await shown()).toBe('Kade 1, Joure');
    // The flow's own location goes before the relation's.
    const own = (
      await t.api('POST', '/api/location', {
        token: a.token,
        body: { relation_id: rel.id, address: 'Dijk', number: '3', city: 'Joure' },
      })
    ).body;
    await t.api('PATCH', `/api/flow/${flow.id}`, { token: a.token, body: { location_id: own.id } });
    const page = await t.api('GET', '/api/flow/querypaginated?offset=0&limit=25&status=all', {
      token: a.token,
    });
    expect(page.body.data.find((r: { id: number }) => r.id === flow.id).address).toBe('Dijk 3, Joure');
  });

  it('locations of organizations, and 422s for bad input', async () => {
    const org = (
      await t.api('POST', '/api/organization', { token: a.token, body: { name: 'VvE Het Anker' } })
    ).body;
    const res = await t.api('POST', '/api/location', {
      token: a.token,
      body: { organization_id: org.id, address: 'Kade', number: '4', city: 'Harlingen' },
    });
    expect(res.body).toMatchObject({ organization_id: org.id, relation_id: null, is_main: true });
    expect((await t.api('GET', `/api/organization/${org.id}`, { token: a.token })).body.address).toBe(
      'Kade 4, Harlingen',
    );
    const rel = await createTestRelation(t, a.token);
    const foreignRel = await createTestRelation(t, b.token);
    const foreignType = (
      await t.api('POST', '/api/locationtype', { token: b.token, body: { label: 'Van B' } })
    ).body;
    const cases: [Record<string, unknown>, string][] = [
      [{ address: 'X' }, 'relation_id'],
      [{ relation_id: rel.id, organization_id: org.id, address: 'X' }, 'organization_id'],
      [{ relation_id: rel.id, address: 'X', postcode: '123' }, 'postcode'],
      [{ relation_id: rel.id, address: 'X', lat: 52 }, 'lat'],
      [{ relation_id: rel.id, address: 'X', lat: 91, lng: 5 }, 'lat'],
      [{ relation_id: foreignRel.id, address: 'X' }, 'relation_id'],
      [{ relation_id: rel.id, address: 'X', location_type_id: foreignType.id }, 'location_type_id'],
    ];
    for (const [body, field] of cases) {
      const r = await t.api('POST', '/api/location', { token: a.token, body });
      expect({ body, status: r.status }).toEqual({ body, status: 422 });
      expect(Object.keys(r.body.errors), JSON.stringify(body)).toContain(field);
    }
    // A foreign postcode stays as written.
    const abroad = await t.api('POST', '/api/location', {
      token: a.token,
      body: {
        relation_id: rel.id,
        address: 'Hauptstraße',
        number: '1',
        postcode: '48143',
        city: 'Münster',
        country: 'Duitsland',
      },
    });
    expect(abroad.body.fullAddress).toBe('Hauptstraße 1, 48143 Münster, Duitsland');
    expect((await t.api('GET', '/api/location', { token: a.token })).status).toBe(422);
  });

  it('answers 404 for another company’s locations and types, and lists none of them', async () => {
    const rel = await createTestRelation(t, b.token, { location: { address: 'Geheim', city: 'Emmen' } });
    const theirs = rel.locations[0].id;
    const type = (
      await t.api('POST', '/api/locationtype', { token: b.token, body: { label: 'Geheim type' } })
    ).body;
    for (const [method, path, body] of [
      ['GET', `/api/location/${theirs}`],
      ['PATCH', `/api/location/${theirs}`, { description: 'x' }],
      ['DELETE', `/api/location/${theirs}`],
      ['PATCH', `/api/locationtype/${type.id}`, { label: 'x' }],
      ['DELETE', `/api/locationtype/${type.id}`],
    ] as [string, string, unknown?][]) {
      expect({ path, method, status: (await t.api(method, path, { token: a.token, body })).status }).toEqual({
        path,
        method,
        status: 404,
      });
    }
    expect((await t.api('GET', `/api/location?relation_id=${rel.id}`, { token: a.token })).body).toEqual([]);
    const types = (await t.api('GET', '/api/locationtype', { token: a.token })).body;
    expect(types.map((ty: { id: number }) => ty.id)).not.toContain(type.id);
    expect((await t.api('GET', `/api/location/${theirs}`, { token: b.token })).body.description).toBe('');
  });

  it('location types: create, rename, delete (its locations keep existing without a type)', async () => {
    const type = (
      await t.api('POST', '/api/locationtype', { token: a.token, body: { label: ' Vakantiehuis ' } })
    ).body;
    expect(type.label).toBe('Vakantiehuis');
    const rel = await createTestRelation(t, a.token);
    const loc = (
      await t.api('POST', '/api/location', {
        token: a.token,
        body: { relation_id: rel.id, city: 'Ameland', location_type_id: type.id },
      })
    ).body;
    const renamed = await t.api('PATCH', `/api/locationtype/${type.id}`, {
      token: a.token,
      body: { label: 'Tweede huis' },
    });
    expect(renamed.body).toEqual({ id: type.id, label: 'Tweede huis' });
    expect((await t.api('GET', `/api/location/${loc.id}`, { token: a.token })).body.typeLabel).toBe(
      'Tweede huis',
    );
    expect((await t.api('DELETE', `/api/locationtype/${type.id}`, { token: a.token })).status).toBe(200);
    expect((await t.api('GET', `/api/location/${loc.id}`, { token: a.token })).body).toMatchObject({
      typeLabel: '',
      location_type_id: null,
      location_type: null,
    });
    expect((await t.api('POST', '/api/locationtype', { token: a.token, body: { label: '' } })).status).toBe(
      422,
    );
    for (const action of ['create', 'update', 'delete'])
      expect(await logCount(t, 'locationtype', type.id, action)).toBe(1);
  });
});

describe('POST /api/location/geocode', () => {
  it('answers the coordinates, or 422 with the spec’s message and the status', async () => {
    const ok = await t.api('POST', '/api/location/geocode', {
      token: a.token,
      body: { address: 'Dorpsstraat', number: '1', postcode: '8011AB', city: 'Zwolle', country: 'Nederland' },
    });
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ lat: 52.5168, lng: 6.083 });
    expect(asked[0]).toMatchObject({ postcode: '8011 AB' });
    answer = { status: 'ZERO_RESULTS' };
    const none = await t.api('POST', '/api/location/geocode', {
      token: a.token,
      body: { city: 'Nergenshuizen' },
    });
    expect(none.status).toBe(422);
    expect(none.body.message).toBe('Geocode was not successful for the following reason: ZERO_RESULTS');
  });
});

describe('the PDOK geocoder', () => {
  let pdok: Server;
  let url: string;
  const requests: URL[] = [];
  let reply: { status: number; body: unknown } = { status: 200, body: {} };

  beforeAll(async () => {
    pdok = createHttpServer((req, res) => {
      requests.push(new URL(req.url!, 'http://pdok.test'));
      res.writeHead(reply.status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(reply.body));
    });
    await new Promise<void>((resolve) => pdok.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(pdok.address() as AddressInfo).port}/bzk/locatieserver/search/v3_1/free`;
  });
  afterAll(() => new Promise<void>((resolve) => pdok.close(() => resolve())));

  it('asks the Locatieserver free search and reads centroide_ll', async () => {
    const geocoder = new PdokGeocoder(url, createLogger('silent'));
    reply = {
      status: 200,
      body: {
        response: {
          numFound: 1,
          docs: [
            {
              type: 'adres',
              weergavenaam: 'Dorpsstraat 12a, 8011AB Zwolle',
              centroide_ll: 'POINT(6.09365 52.51234)',
            },
          ],
        },
      },
    };
    const result = await geocoder.geocode({
      address: 'Dorpsstraat',
      number: '12',
      numberAddition: 'a',
      postcode: '8011 AB',
      city: 'Zwolle',
    });
    expect(result).toEqual({ status: 'OK', lat: 52.51234, lng: 6.09365 });
    expect(requests.at(-1)!.searchParams.get('q')).toBe('Dorpsstraat 12a 8011 AB Zwolle');
    expect(requests.at(-1)!.searchParams.get('rows')).toBe('1');

    reply = { status: 200, body: { response: { numFound: 0, docs: [] } } };
    expect(await geocoder.geocode({ city: 'Xyz' })).toEqual({ status: 'ZERO_RESULTS' });
    reply = { status: 503, body: { error: 'down' } };
    expect(await geocoder.geocode({ city: 'Zwolle' })).toEqual({ status: 'REQUEST_FAILED' });
    expect(await geocoder.geocode({})).toEqual({ status: 'INVALID_REQUEST' });
    const count = requests.length;
    expect(await geocoder.geocode({ city: 'Münster', country: 'Duitsland' })).toEqual({
      status: 'ZERO_RESULTS',
    });
    expect(requests.length).toBe(count);
    const unreachable = new PdokGeocoder('http://127.0.0.1:1/free', createLogger('silent'));
    expect(await unreachable.geocode({ city: 'Zwolle' })).toEqual({ status: 'REQUEST_FAILED' });
  });

  it('is the server’s geocoder with GEOCODER=pdok and GEOCODER_URL; a failure still saves the location', async () => {
    const s = await startTestServer({ work: false, config: { GEOCODER: 'pdok', GEOCODER_URL: url } });
    try {
      expect(s.server.deps.geocoder.name).toBe('pdok');
      const c = await createCrmCompany(s);
      reply = {
        status: 200,
        body: { response: { numFound: 1, docs: [{ centroide_ll: 'POINT(5.5 52.9)' }] } },
      };
      const rel = await createTestRelation(s, c.token, {
        location: { address: 'Stationsweg', number: '1', city: 'Heerenveen' },
      });
      expect(rel).toMatchObject({ lat: 52.9, lng: 5.5 });
      reply = { status: 500, body: {} };
      const failed = await createTestRelation(s, c.token, {
        location: { address: 'Stationsweg', number: '2', city: 'Heerenveen' },
      });
      expect(failed.locations[0]).toMatchObject({ lat: null, lng: null });
      const geocode = await s.api('POST', '/api/location/geocode', {
        token: c.token,
        body: { city: 'Heerenveen' },
      });
      expect(geocode.body.message).toBe(
        'Geocode was not successful for the following reason: REQUEST_FAILED',
      );
    } finally {
      await s.close();
    }
  });
});
