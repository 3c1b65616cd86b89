import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCrmCompany, createTestRelation } from '../../../test/crm-factories';
import { startTestServer, type TestServer } from '../../../test/test-server';

let t: TestServer;
let a: { companyId: number; token: string };
let b: { companyId: number; token: string };
const ids: Record<string, number> = {};

const PEOPLE: [string, string, string, string, string][] = [
  // full name, e-mail, street, postcode, city
  ['Jan de Vries', 'jan@devries.nl', 'Dorpsstraat', '8011 AB', 'Zwolle'],
  ['Janneke Bakker', 'janneke@bakker.nl', 'Kerkstraat', '9711 CD', 'Groningen'],
  ['Piet Jansen', 'piet@jansen.nl', 'Molenweg', '8911 EF', 'Leeuwarden'],
  ['Anna van der Berg', 'anna@berg.nl', 'Stationsweg', '9401 GH', 'Assen'],
  ['Kees Mulder', 'kees@mulder.nl', 'Brink', '7411 JK', 'Deventer'],
  ['Sanne Visser', 'sanne@visser.nl', 'Hoofdweg', '8021 LM', 'Zwolle'],
  ['Bram 100% Smit', 'bram@smit.nl', 'Esdoornlaan', '7511 NP', 'Enschede'],
];

beforeAll(async () => {
  t = await startTestServer({ work: false });
  a = await createCrmCompany(t, { name: 'Zoek A' });
  b = await createCrmCompany(t, { name: 'Zoek B' });
  for (const [fullname, email, address, postcode, city] of PEOPLE) {
    const rel = await createTestRelation(t, a.token, {
      fullname,
      email,
      location: { address, number: '1', postcode, city },
    });
    ids[fullname] = rel.id;
  }
  // Company B has look-alikes that must never show up for A.
  for (const [fullname, email, address, postcode, city] of PEOPLE.slice(0, 3))
    await createTestRelation(t, b.token, {
      fullname,
      email,
      location: { address, number: '1', postcode, city },
    });
});
afterAll(async () => t?.close());

const names = (body: { data?: { fullname: string }[] } | { fullname: string }[]) =>
  (Array.isArray(body) ? body : body.data!).map((r) => r.fullname);

describe('querypaginated', () => {
  it('pages, counts and sorts on the whitelisted columns (default created_at ascending)', async () => {
    const res = await t.api('GET', '/api/relation/querypaginated?limit=3', { token: a.token });
    expect(res.status).toBe(200);
    expect(res.body.pagination).toEqual({ total: PEOPLE.length, offset: 0, limit: 3 });
    expect(names(res.body)).toEqual(PEOPLE.slice(0, 3).map((p) => p[0]));
    expect(res.body.data[0]).toMatchObject({
      address: 'Dorpsstraat 1, 8011 AB Zwolle',
      email: 'jan@devries.nl',
    });
    const page2 = await t.api('GET', '/api/relation/querypaginated?limit=3&offset=3', { token: a.token });
    expect(names(page2.body)).toEqual(PEOPLE.slice(3, 6).map((p) => p[0]));

    const byName = await t.api('GET', '/api/relation/querypaginated?sort=fullname', { token: a.token });
    expect(names(byName.body)).toEqual(PEOPLE.map((p) => p[0]).sort());
    const byCity = await t.api('GET', '/api/relation/querypaginated?sort=-city', { token: a.token });
    expect(byCity.body.data.map((r: { address: string }) => r.address.split(' ').at(-1))).toEqual(
      PEOPLE.map((p) => p[4])
        .sort()
        .reverse(),
    );
    for (const sort of ['id', 'surname', 'email', 'created_at', '-updated_at', 'lead_source'])
      expect(
        (await t.api('GET', `/api/relation/querypaginated?sort=${sort}`, { token: a.token })).status,
      ).toBe(200);
    for (const q of ['sort=password', 'sort=deleted_at', 'limit=0', 'limit=501', 'offset=-1'])
      expect((await t.api('GET', `/api/relation/querypaginated?${q}`, { token: a.token })).status).toBe(422);
  });

  it('every sort in both directions pages like a plain ORDER BY (the static statements of the unsearched list)', async () => {
    const columns = {
      id: 'id',
      fullname: 'fullname',
      surname: 'surname',
      email: 'email',
      city: 'main_city',
      created_at: 'created_at',
      updated_at: 'updated_at',
      lead_source: 'lead_source',
    };
    for (const [key, column] of Object.entries(columns))
      for (const dir of ['asc', 'desc']) {
        const expected = await t.server.deps.db.platform(async (tx) =>
          (
            await tx.execute<{ id: number }>(
              sql.raw(`select id from relation where company_id = ${a.companyId} and deleted_at is null
                order by ${column} ${dir}, id ${dir}`),
            )
          ).rows.map((r) => r.id),
        );
        for (const offset of [0, 3, 6]) {
          const sort = `${dir === 'desc' ? '-' : ''}${key}`;
          const res = await t.api(
            'GET',
            `/api/relation/querypaginated?sort=${sort}&limit=3&offset=${offset}`,
            {
              token: a.token,
            },
          );
          expect({ sort, offset, ids: res.body.data.map((r: { id: number }) => r.id) }).toEqual({
            sort,
            offset,
            ids: expected.slice(offset, offset + 3),
          });
          expect(res.body.pagination.total).toBe(PEOPLE.length);
        }
      }
  });

  it('searches name, e-mail, street, postcode and city; every word must match', async () => {
    const search = async (query: string) =>
      (
        await t.api('GET', `/api/relation/querypaginated?query=${encodeURIComponent(query)}&sort=fullname`, {
          token: a.token,
        })
      ).body;
    expect(names(await search('zwolle'))).toEqual(['Jan de Vries', 'Sanne Visser']);
    expect(names(await search('JAN'))).toEqual(['Jan de Vries', 'Janneke Bakker', 'Piet Jansen']);
    expect(names(await search('jan zwolle'))).toEqual(['Jan de Vries']);
    expect(names(await search('9711 cd'))).toEqual(['Janneke Bakker']);
    expect(names(await search('9711cd'))).toEqual(['Janneke Bakker']);
    expect(names(await search('mulder.nl'))).toEqual(['Kees Mulder']);
    expect(names(await search('molenweg'))).toEqual(['Piet Jansen']);
    expect(names(await search('100%'))).toEqual(['Bram 100% Smit']);
    expect(names(await search('_'))).toEqual([]);
    const counted = await search('jan');
    expect(counted.pagination.total).toBe(3);
  });

  it('querytrashed lists and searches only trashed relations; the live list no longer has them', async () => {
    await t.api('DELETE', `/api/relation/${ids['Kees Mulder']}`, { token: a.token });
    const trashed = await t.api('GET', '/api/relation/querytrashed', { token: a.token });
    expect(names(trashed.body)).toEqual(['Kees Mulder']);
    expect(trashed.body.data[0].deleted_at).not.toBeNull();
    expect(
      names((await t.api('GET', '/api/relation/querytrashed?query=deventer', { token: a.token })).body),
    ).toEqual(['Kees Mulder']);
    const live = await t.api('GET', '/api/relation/querypaginated?query=kees', { token: a.token });
    expect(live.body.pagination.total).toBe(0);
    await t.api('POST', `/api/relation/${ids['Kees Mulder']}/restore`, { token: a.token });
    expect((await t.api('GET', '/api/relation/querytrashed', { token: a.token })).body.pagination.total).toBe(
      0,
    );
  });

  it('filters on partnerId: relations with a live flow of that partner', async () => {
    const rel = await createTestRelation(t, a.token, { fullname: 'Partner Klant', createnewflow: true });
    await t.server.deps.db.platform((tx) =>
      tx.execute(sql`update flow set partner_id = 4242 where relation_id = ${rel.id}`),
    );
    const res = await t.api('GET', '/api/relation/querypaginated?partnerId=4242', { token: a.token });
    expect(names(res.body)).toEqual(['Partner Klant']);
    expect(res.body.pagination.total).toBe(1);
    await t.api('DELETE', `/api/relation/${rel.id}`, { token: a.token });
  });

  it('never shows another company’s relations', async () => {
    const mine = await t.api('GET', '/api/relation/querypaginated?limit=500', { token: a.token });
    const theirs = await t.api('GET', '/api/relation/querypaginated?limit=500', { token: b.token });
    expect(theirs.body.pagination.total).toBe(3);
    const mineIds = new Set(mine.body.data.map((r: { id: number }) => r.id));
    for (const r of theirs.body.data) expect(mineIds.has(r.id)).toBe(false);
    expect(
      (await t.api('GET', '/api/relation/querypaginated?query=zwolle', { token: b.token })).body.pagination
        .total,
    ).toBe(1);
  });
});

describe('search (typeahead)', () => {
  it('needs 3 characters: fewer answer 422', async () => {
    for (const query of ['', 'ja', ' j a ', 'ja '])
      expect(
        (await t.api('GET', `/api/relation/search?query=${encodeURIComponent(query)}`, { token: a.token }))
          .status,
      ).toBe(422);
    expect((await t.api('GET', '/api/relation/search', { token: a.token })).status).toBe(422);
  });

  it('matches word starts in name, e-mail and address, full-name prefixes first, at most 10', async () => {
    const res = await t.api('GET', '/api/relation/search?query=jan', { token: a.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      {
        id: ids['Jan de Vries'],
        fullname: 'Jan de Vries',
        address: 'Dorpsstraat 1, 8011 AB Zwolle',
        email: 'jan@devries.nl',
      },
      expect.objectContaining({ fullname: 'Janneke Bakker' }),
      expect.objectContaining({ fullname: 'Piet Jansen' }),
    ]);
    // Word starts only: 'ries' is inside 'Vries', not the start of a word.
    expect(
      await t.api('GET', '/api/relation/search?query=ries', { token: a.token }).then((r) => r.body),
    ).toEqual([]);
    expect(
      names((await t.api('GET', '/api/relation/search?query=zwol%20san', { token: a.token })).body),
    ).toEqual(['Sanne Visser']);
    for (let i = 0; i < 12; i++) await createTestRelation(t, a.token, { fullname: `Veel Zoekmans ${i}` });
    expect((await t.api('GET', '/api/relation/search?query=zoekm', { token: a.token })).body).toHaveLength(
      10,
    );
    // Company B's Jan de Vries is not A's.
    const theirs = await t.api('GET', '/api/relation/search?query=jan', { token: b.token });
    expect(theirs.body.map((r: { id: number }) => r.id)).not.toContain(ids['Jan de Vries']);
    expect(theirs.body).toHaveLength(3);
  });
});

describe('checkfordoublerelations', () => {
  it('finds the same e-mail address (any case) or the same surname at the same address, in the own company only', async () => {
    const byEmail = await t.api('POST', '/api/relation/checkfordoublerelations', {
      token: a.token,
      body: { surname: 'Anders', email: 'JAN@devries.nl' },
    });
    expect(names(byEmail.body)).toEqual(['Jan de Vries']);
    const byAddress = await t.api('POST', '/api/relation/checkfordoublerelations', {
      token: a.token,
      body: { surname: 'bakker', postcode: '9711cd', number: '1' },
    });
    expect(names(byAddress.body)).toEqual(['Janneke Bakker']);
    const otherNumber = await t.api('POST', '/api/relation/checkfordoublerelations', {
      token: a.token,
      body: { surname: 'Bakker', postcode: '9711 CD', number: '2' },
    });
    expect(otherNumber.body).toEqual([]);
    const nothing = await t.api('POST', '/api/relation/checkfordoublerelations', {
      token: a.token,
      body: { surname: 'Bakker' },
    });
    expect(nothing.body).toEqual([]);
    const theirs = await t.api('POST', '/api/relation/checkfordoublerelations', {
      token: b.token,
      body: { email: 'sanne@visser.nl' },
    });
    expect(theirs.body).toEqual([]);
    expect(
      (await t.api('POST', '/api/relation/checkfordoublerelations', { token: a.token, body: { surname: 5 } }))
        .status,
    ).toBe(422);
  });
});
