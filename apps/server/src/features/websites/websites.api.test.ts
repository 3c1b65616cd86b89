import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCrmCompany, createTestRelation } from '../../../test/crm-factories';
import { startTestServer, type TestServer } from '../../../test/test-server';

let t: TestServer;
let a: { companyId: number; token: string; userId: number };
let b: { companyId: number; token: string; userId: number };
let salesUserId: number;

const MAPPING = [
  { fieldkey: 'naam', fieldvalue: 'fullname' },
  { fieldkey: 'email', fieldvalue: 'email' },
  { fieldkey: 'telefoon', fieldvalue: 'phone' },
  { fieldkey: 'postcode', fieldvalue: 'postcode' },
  { fieldkey: 'huisnummer', fieldvalue: 'number' },
  { fieldkey: 'opmerking', fieldvalue: 'note' },
  { fieldkey: 'subsidie', fieldvalue: 'flow_tags', valuemapping: 'ja=Subsidie, nee=' },
  { fieldkey: 'soort', fieldvalue: 'flow_description', nullvalue: 'Zonnepanelen' },
];

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  const r = await t.server.deps.db.platform((tx) => tx.execute(query));
  return r.rows as T[];
}

async function liveWebsite(token: string, body: Record<string, unknown> = {}) {
  const created = await t.api('POST', '/api/website', {
    token,
    body: { name: 'Offerteaanvraag', user_id: salesUserId, mapping: MAPPING, ...body },
  });
  expect(created.status).toBe(201);
  const live = await t.api('POST', `/api/website/${created.body.id}/golive`, { token });
  expect(live.status).toBe(200);
  return live.body as { id: number; key: string; endpoint_url: string };
}

function postForm(
  path: string,
  fields: Record<string, string | string[]>,
  headers: Record<string, string> = {},
) {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(fields)) for (const one of [v].flat()) params.append(k, one);
  return fetch(t.baseUrl + path, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: params.toString(),
    redirect: 'manual',
  });
}

beforeAll(async () => {
  t = await startTestServer({ work: false });
  a = await createCrmCompany(t, { name: 'Zon A' });
  b = await createCrmCompany(t, { name: 'Zon B' });
  salesUserId = (await t.createTestUser({ companyId: a.companyId, userType: 'sales' })).id;
});
afterAll(async () => t?.close());

describe('websites: staff calls', () => {
  it('creates with defaults, lists, gets, updates, duplicates and deletes', async () => {
    const created = await t.api('POST', '/api/website', {
      token: a.token,
      body: {
        name: 'Zonnepanelen landingspagina',
        user_id: salesUserId,
        siteurl: 'https://zon-a.nl/offerte',
      },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: 'Zonnepanelen landingspagina',
      lead_source: 'Eigen website',
      status: 'concept',
      user_id: salesUserId,
      flowprofile_id: null,
      mapping: [],
      leads_count: 0,
    });
    expect(created.body.key).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(created.body.endpoint_url).toBe(`/api/website/${created.body.key}/lead`);
    const id = created.body.id;

    const profiles = await rows<{ id: number }>(
      sql`select id from flow_profile where company_id = ${a.companyId} order by id limit 1`,
    );
    const updated = await t.api('PATCH', `/api/website/${id}`, {
      token: a.token,
      body: {
        name: 'Landingspagina',
        flowprofile_id: profiles[0]!.id,
        lead_source: 'beurs',
        mapping: MAPPING,
      },
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({
      name: 'Landingspagina',
      lead_source: 'Beurs',
      mapping: expect.any(Array),
    });
    expect(updated.body.flowprofile).toMatchObject({ id: profiles[0]!.id });
    expect(updated.body.mapping[0]).toEqual({
      fieldkey: 'naam',
      fieldvalue: 'fullname',
      nullvalue: '',
      valuemapping: '',
    });

    const list = await t.api('GET', '/api/website', { token: a.token });
    expect(list.body.map((w: { id: number }) => w.id)).toContain(id);

    const copy = await t.api('POST', `/api/website/${id}/duplicate`, { token: a.token });
    expect(copy.status).toBe(201);
    expect(copy.body).toMatchObject({ name: 'Landingspagina (kopie)', status: 'concept', leads_count: 0 });
    expect(copy.body.key).not.toBe(created.body.key);

    const reset = await t.api('POST', `/api/website/${id}/resetkey`, { token: a.token });
    expect(reset.body.key).not.toBe(created.body.key);

    expect((await t.api('DELETE', `/api/website/${copy.body.id}`, { token: a.token })).status).toBe(200);
    expect((await t.api('GET', `/api/website/${copy.body.id}`, { token: a.token })).status).toBe(404);
    const logged = await rows<{ action: string }>(
      sql`select action from log_item where loggable_type = 'website' and loggable_id = ${id} order by id`,
    );
    expect(logged.map((l) => l.action)).toEqual(['create', 'update', 'resethash']);
  });

  it('answers 422 for bad input, in Dutch, never 500', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ name: 'X' }, 'user_id'],
      [{ name: '', user_id: salesUserId }, 'name'],
      [{ name: 'X', user_id: b.userId }, 'user_id'],
      [{ name: 'X', user_id: salesUserId, lead_source: 'Onbekende bron' }, 'lead_source'],
      [{ name: 'X', user_id: salesUserId, siteurl: 'ftp://zon.nl' }, 'siteurl'],
      [{ name: 'X', user_id: salesUserId, flowprofile_id: 999999 }, 'flowprofile_id'],
      [
        { name: 'X', user_id: salesUserId, mapping: [{ fieldkey: 'a', fieldvalue: 'nope' }] },
        'mapping.0.fieldvalue',
      ],
      [
        {
          name: 'X',
          user_id: salesUserId,
          mapping: [{ fieldkey: 'a', fieldvalue: 'note', valuemapping: 'ja' }],
        },
        'mapping.0.valuemapping',
      ],
      [{ name: 'X', user_id: 'abc' }, 'user_id'],
    ];
    for (const [body, field] of cases) {
      const res = await t.api('POST', '/api/website', { token: a.token, body });
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(Object.keys(res.body.errors), JSON.stringify(body)).toContain(field);
    }
    const missingUser = await t.api('POST', '/api/website', { token: a.token, body: { name: 'X' } });
    expect(missingUser.body.errors.user_id).toEqual(['Kies een gebruiker.']);
  });

  it('goes live only with a user and a mapping of an e-mail address or phone number', async () => {
    const bare = await t.api('POST', '/api/website', {
      token: a.token,
      body: {
        name: 'Zonder koppeling',
        user_id: salesUserId,
        mapping: [{ fieldkey: 'x', fieldvalue: 'note' }],
      },
    });
    const refused = await t.api('POST', `/api/website/${bare.body.id}/golive`, { token: a.token });
    expect(refused.status).toBe(422);
    expect(refused.body.errors.mapping).toBeTruthy();
    await t.api('PATCH', `/api/website/${bare.body.id}`, {
      token: a.token,
      body: { mapping: [{ fieldkey: 'tel', fieldvalue: 'mobile' }] },
    });
    const live = await t.api('POST', `/api/website/${bare.body.id}/golive`, { token: a.token });
    expect(live.status).toBe(200);
    expect(live.body.status).toBe('live');
    expect((await t.api('POST', `/api/website/${bare.body.id}/golive`, { token: a.token })).status).toBe(422);
  });

  it("keeps every company's websites to itself: 404 for another company's ids", async () => {
    const site = await liveWebsite(a.token);
    for (const [method, path, body] of [
      ['GET', `/api/website/${site.id}`, undefined],
      ['PATCH', `/api/website/${site.id}`, { name: 'Overgenomen' }],
      ['DELETE', `/api/website/${site.id}`, undefined],
      ['POST', `/api/website/${site.id}/duplicate`, undefined],
      ['POST', `/api/website/${site.id}/golive`, undefined],
      ['POST', `/api/website/${site.id}/resetkey`, undefined],
    ] as const) {
      const res = await t.api(method, path, { token: b.token, body });
      expect(res.status, `${method} ${path}`).toBe(404);
    }
    const list = await t.api('GET', '/api/website', { token: b.token });
    expect(list.body).toEqual([]);
  });
});

describe('websites: the public lead endpoint', () => {
  it('turns a JSON post into a relation and a flow with the website lead source, profile and user', async () => {
    const profiles = await rows<{ id: number }>(
      sql`select id from flow_profile where company_id = ${a.companyId} order by id limit 1`,
    );
    const site = await liveWebsite(a.token, { lead_source: 'Beurs', flowprofile_id: profiles[0]!.id });
    const res = await t.api('POST', site.endpoint_url, {
      body: {
        naam: 'Jan van der Berg',
        email: 'Jan.Berg@Example.nl',
        telefoon: '0612345678',
        postcode: '1234ab',
        huisnummer: '5',
        opmerking: 'Graag na 17:00 bellen',
        subsidie: 'ja',
        dak: 'plat',
      },
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ message: 'Bedankt! Uw aanvraag is ontvangen.' });

    const [rel] = await rows<{
      id: number;
      name: string;
      nameprefix: string;
      surname: string;
      email: string;
      lead_source: string;
    }>(
      sql`select id, name, nameprefix, surname, email, lead_source from relation where company_id = ${a.companyId} and email = 'jan.berg@example.nl'`,
    );
    expect(rel).toMatchObject({ name: 'Jan', nameprefix: 'van der', surname: 'Berg', lead_source: 'Beurs' });
    const flows = await rows<{
      id: number;
      lead_source: string;
      flowprofile_id: number;
      user_id: number;
      description: string;
      tags: string[];
      location_id: number | null;
    }>(
      sql`select id, lead_source, flowprofile_id, user_id, description, tags, location_id from flow where relation_id = ${rel!.id}`,
    );
    expect(flows).toHaveLength(1);
    expect(flows[0]).toMatchObject({
      lead_source: 'Beurs',
      flowprofile_id: profiles[0]!.id,
      user_id: salesUserId,
      description: 'Zonnepanelen',
      tags: ['Subsidie'],
    });
    expect(flows[0]!.location_id).not.toBeNull();
    const [event] = await rows<{ changes: Record<string, unknown>; actor_user_id: number | null }>(
      sql`select changes, actor_user_id from domain_event where kind = 'flow.create' and entity_id = ${flows[0]!.id}`,
    );
    expect(event!.changes).toEqual({ website_id: site.id });
    expect(event!.actor_user_id).toBeNull();
    const [log] = await rows<{ description: string; changes: Record<string, unknown> }>(
      sql`select description, changes from log_item where loggable_type = 'flow' and loggable_id = ${flows[0]!.id} and action = 'create'`,
    );
    expect(log!.description).toContain('websiteformulier');
    expect(log!.changes).toEqual({ website_id: site.id });
    const notes = await rows<{ content: string }>(
      sql`select content from note where flow_id = ${flows[0]!.id}`,
    );
    expect(notes[0]!.content).toBe('Websiteformulier:\nGraag na 17:00 bellen\ndak: plat');

    const after = await t.api('GET', `/api/website/${site.id}`, { token: a.token });
    expect(after.body.leads_count).toBe(1);
  });

  it('reads urlencoded posts and reuses the relation by e-mail address: a second post adds a flow', async () => {
    const site = await liveWebsite(a.token);
    const first = await postForm(site.endpoint_url, {
      naam: 'Ria Smit',
      email: 'ria@example.nl',
      soort: 'Warmtepomp',
    });
    expect(first.status).toBe(201);
    const second = await postForm(site.endpoint_url, {
      naam: 'R. Smit',
      email: ' RIA@example.nl ',
      telefoon: '0201234567',
    });
    expect(second.status).toBe(201);
    const rels = await rows<{ id: number }>(
      sql`select id from relation where company_id = ${a.companyId} and email = 'ria@example.nl'`,
    );
    expect(rels).toHaveLength(1);
    const flows = await rows<{ id: number; description: string }>(
      sql`select id, description from flow where relation_id = ${rels[0]!.id} order by id`,
    );
    expect(flows.map((f) => f.description)).toEqual(['Warmtepomp', 'Zonnepanelen']);
    // What the reused relation's second lead said is kept in its note.
    const [n] = await rows<{ content: string }>(
      sql`select content from note where flow_id = ${flows[1]!.id}`,
    );
    expect(n!.content).toContain('Telefoonnummer: 0201234567');
  });

  it('reuses the relation by postcode and house number of its main location', async () => {
    const existing = await createTestRelation(t, a.token, {
      surname: 'Bakker',
      location: {
        address: 'Dorpsstraat',
        number: '12',
        number_addition: 'a',
        postcode: '9711 AB',
        city: 'Groningen',
      },
    });
    const site = await liveWebsite(a.token, {
      mapping: [...MAPPING, { fieldkey: 'toevoeging', fieldvalue: 'number_addition' }],
    });
    const res = await t.api('POST', site.endpoint_url, {
      body: { naam: 'Bakker', telefoon: '0501234567', postcode: '9711ab', huisnummer: '12', toevoeging: 'A' },
    });
    expect(res.status).toBe(201);
    const flows = await rows<{ id: number }>(sql`select id from flow where relation_id = ${existing.id}`);
    expect(flows).toHaveLength(1);
    // Another house number is another relation.
    await t.api('POST', site.endpoint_url, {
      body: { naam: 'Buur', telefoon: '0501234568', postcode: '9711 AB', huisnummer: '14' },
    });
    const neighbours = await rows<{ id: number }>(
      sql`select id from relation where company_id = ${a.companyId} and surname = 'Buur'`,
    );
    expect(neighbours).toHaveLength(1);
  });

  it('thanks a bot that filled the honeypot and creates nothing', async () => {
    const site = await liveWebsite(a.token);
    const before = await rows<{ n: number }>(
      sql`select count(*)::int as n from flow where company_id = ${a.companyId}`,
    );
    const res = await t.api('POST', site.endpoint_url, {
      body: { naam: 'Bot', email: 'bot@spam.example', website_url_hp: 'http://spam.example' },
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Bedankt! Uw aanvraag is ontvangen.');
    const after = await rows<{ n: number }>(
      sql`select count(*)::int as n from flow where company_id = ${a.companyId}`,
    );
    expect(after[0]!.n).toBe(before[0]!.n);
  });

  it('answers 404 for an unknown key and a concept website', async () => {
    const concept = await t.api('POST', '/api/website', {
      token: a.token,
      body: { name: 'Concept', user_id: salesUserId, mapping: MAPPING },
    });
    const res = await t.api('POST', concept.body.endpoint_url, { body: { email: 'x@example.nl' } });
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('Dit formulier is niet (meer) in gebruik.');
    expect(
      (await t.api('POST', '/api/website/AAAAAAAAAAAAAAAAAAAAAA/lead', { body: { a: 'b' } })).status,
    ).toBe(404);
    expect((await t.api('POST', '/api/website/kort/lead', { body: { a: 'b' } })).status).toBe(404);
  });

  it('answers 422 for a lead that cannot be reached or has bad values, 413 and 415 for bodies it will not read', async () => {
    const site = await liveWebsite(a.token);
    const noContact = await t.api('POST', site.endpoint_url, { body: { naam: 'Anoniem' } });
    expect(noContact.status).toBe(422);
    expect(noContact.body.errors.email).toEqual(['Vul een e-mailadres of telefoonnummer in.']);
    const badMail = await t.api('POST', site.endpoint_url, { body: { email: 'geen mail', postcode: '12' } });
    expect(badMail.status).toBe(422);
    expect(Object.keys(badMail.body.errors).sort()).toEqual(['email', 'postcode']);
    const nested = await t.api('POST', site.endpoint_url, { body: { email: { x: 1 } } });
    expect(nested.status).toBe(422);
    const list = await t.api('POST', site.endpoint_url, { body: ['a'] });
    expect(list.status).toBe(422);
    const empty = await t.api('POST', site.endpoint_url, { body: '' });
    expect(empty.status).toBe(422);
    const broken = await t.api('POST', site.endpoint_url, { body: '{"email":' });
    expect(broken.status).toBe(400);
    const nul = await postForm(site.endpoint_url, { email: 'a@b.nl', opmerking: 'a\u0000b' });
    expect(nul.status).toBe(422);
    const nulJson = await t.api('POST', site.endpoint_url, { body: { email: 'a@b.nl', 'x\u0000': 'b' } });
    expect(nulJson.status).toBe(422);
    const proto = await postForm(site.endpoint_url, {
      email: 'proto@example.nl',
      ['__proto__']: 'x',
      constructor: 'y',
    });
    expect(proto.status).toBe(201);
    const many = Object.fromEntries(Array.from({ length: 101 }, (_, i) => [`veld${i}`, 'x']));
    expect((await t.api('POST', site.endpoint_url, { body: { ...many, email: 'a@b.nl' } })).status).toBe(422);
    const big = await t.api('POST', site.endpoint_url, {
      body: { email: 'a@b.nl', opmerking: 'x'.repeat(40_000) },
    });
    expect(big.status).toBe(413);
    const bigForm = await postForm(site.endpoint_url, { email: 'a@b.nl', opmerking: 'x'.repeat(40_000) });
    expect(bigForm.status).toBe(413);
    const xml = await fetch(t.baseUrl + site.endpoint_url, {
      method: 'POST',
      headers: { 'content-type': 'text/xml' },
      body: '<a/>',
    });
    expect(xml.status).toBe(415);
  });

  it('answers CORS for the website origin only, and the preflight', async () => {
    const site = await liveWebsite(a.token, { siteurl: 'https://www.zon-a.nl/offerte' });
    const pre = await fetch(t.baseUrl + site.endpoint_url, {
      method: 'OPTIONS',
      headers: {
        origin: 'https://www.zon-a.nl',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
      },
    });
    expect(pre.status).toBe(204);
    expect(pre.headers.get('access-control-allow-origin')).toBe('https://www.zon-a.nl');
    expect(pre.headers.get('access-control-allow-methods')).toContain('POST');
    expect(pre.headers.get('access-control-allow-headers')).toContain('content-type');

    const other = await fetch(t.baseUrl + site.endpoint_url, {
      method: 'OPTIONS',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
    });
    expect(other.headers.get('access-control-allow-origin')).toBeNull();

    const post = await t.api('POST', site.endpoint_url, {
      body: { email: 'cors@example.nl' },
      headers: { origin: 'https://www.zon-a.nl' },
    });
    expect(post.status).toBe(201);
    expect(post.headers.get('access-control-allow-origin')).toBe('https://www.zon-a.nl');
    const invalid = await t.api('POST', site.endpoint_url, {
      body: {},
      headers: { origin: 'https://www.zon-a.nl' },
    });
    expect(invalid.status).toBe(422);
    expect(invalid.headers.get('access-control-allow-origin')).toBe('https://www.zon-a.nl');

    const open = await liveWebsite(a.token);
    const any = await fetch(t.baseUrl + open.endpoint_url, {
      method: 'OPTIONS',
      headers: { origin: 'https://x.example' },
    });
    expect(any.headers.get('access-control-allow-origin')).toBe('*');
    expect(
      (await fetch(`${t.baseUrl}/api/website/AAAAAAAAAAAAAAAAAAAAAA/lead`, { method: 'OPTIONS' })).status,
    ).toBe(404);
  });

  it('sends a classic form post back to a page of the website (303), never elsewhere', async () => {
    const site = await liveWebsite(a.token, { siteurl: 'https://zon-a.nl' });
    const back = await postForm(site.endpoint_url, {
      email: 'terug@example.nl',
      redirect: 'https://zon-a.nl/bedankt',
    });
    expect(back.status).toBe(303);
    expect(back.headers.get('location')).toBe('https://zon-a.nl/bedankt');
    const relative = await postForm(site.endpoint_url, { email: 'terug2@example.nl', redirect: '/bedankt' });
    expect(relative.headers.get('location')).toBe('https://zon-a.nl/bedankt');
    const away = await postForm(site.endpoint_url, {
      email: 'weg@example.nl',
      redirect: 'https://evil.example/',
    });
    expect(away.status).toBe(201);
    const json = await t.api('POST', site.endpoint_url, {
      body: { email: 'json@example.nl', redirect: '/bedankt' },
    });
    expect(json.status).toBe(201);
    // The redirect field is no lead data.
    const flows = await rows<{ content: string | null }>(
      sql`select n.content from relation r join flow f on f.relation_id = r.id left join note n on n.flow_id = f.id where r.email = 'terug@example.nl'`,
    );
    expect(flows).toEqual([{ content: null }]);
  });

  it('stops a website past its hourly cap with 429', async () => {
    const site = await liveWebsite(a.token);
    await t.server.deps.db.platform((tx) =>
      tx.execute(
        sql`update website set cap_window_start = now(), cap_window_count = 300 where id = ${site.id}`,
      ),
    );
    const res = await t.api('POST', site.endpoint_url, { body: { email: 'te-veel@example.nl' } });
    expect(res.status).toBe(429);
    const made = await rows<{ id: number }>(sql`select id from relation where email = 'te-veel@example.nl'`);
    expect(made).toEqual([]);
    await t.server.deps.db.platform((tx) =>
      tx.execute(sql`update website set cap_window_start = now() - interval '2 hours' where id = ${site.id}`),
    );
    expect((await t.api('POST', site.endpoint_url, { body: { email: 'te-veel@example.nl' } })).status).toBe(
      201,
    );
  });
});
