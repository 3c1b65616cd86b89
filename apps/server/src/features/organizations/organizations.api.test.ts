import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCrmCompany, createTestRelation, logCount } from '../../../test/crm-factories';
import { startTestServer, type TestServer } from '../../../test/test-server';

let t: TestServer;
let a: { companyId: number; token: string };
let b: { companyId: number; token: string };

beforeAll(async () => {
  t = await startTestServer({ work: false });
  a = await createCrmCompany(t, { name: 'Org A' });
  b = await createCrmCompany(t, { name: 'Org B' });
});
afterAll(async () => t?.close());

describe('organization save and get', () => {
  it('creates with defaults and a nested contact person whose full name is split; that person gets a flow', async () => {
    const res = await t.api('POST', '/api/organization', {
      token: a.token,
      body: {
        name: 'VvE De Zonnehof',
        email: 'Bestuur@Zonnehof.NL',
        coc_number: '12345678',
        relation: { fullname: 'Gerrit van den Heuvel', email: 'gerrit@zonnehof.nl' },
        flow_description: 'Collectieve zonnepanelen',
        location: { address: 'Zonnehof', number: '1', postcode: '9401aa', city: 'Assen' },
      },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      name: 'VvE De Zonnehof',
      email: 'bestuur@zonnehof.nl',
      coc_number: '12345678',
      country: 'Nederland',
      lead_source: 'Eigen website',
      address: 'Zonnehof 1, 9401 AA Assen',
      relations_count: 1,
      contactperson: { id: expect.any(Number), fullname: 'Gerrit van den Heuvel' },
    });
    expect(res.body.relations).toEqual([
      expect.objectContaining({
        name: 'Gerrit',
        nameprefix: 'van den',
        surname: 'Heuvel',
        organization_id: res.body.id,
      }),
    ]);
    expect(res.body.contactperson_id).toBe(res.body.relations[0].id);
    const person = await t.api('GET', `/api/relation/${res.body.contactperson_id}`, { token: a.token });
    expect(person.body.flows).toEqual([expect.objectContaining({ description: 'Collectieve zonnepanelen' })]);
    expect(await logCount(t, 'organization', res.body.id, 'create')).toBe(1);
    expect((await t.api('GET', `/api/organization/${res.body.id}`, { token: a.token })).body).toEqual(
      res.body,
    );

    const parts = await t.api('POST', '/api/organization', {
      token: a.token,
      body: { name: 'Bakkerij Smit', relation: { name: 'Els', surname: 'Smit' }, createnewflow: false },
    });
    expect(parts.body.contactperson.fullname).toBe('Els Smit');
    expect(
      (await t.api('GET', `/api/relation/${parts.body.contactperson_id}`, { token: a.token })).body.flows,
    ).toEqual([]);
  });

  it('refuses invalid input with 422', async () => {
    const theirs = await createTestRelation(t, b.token);
    for (const body of [
      {},
      { name: '' },
      { name: 'X', email: 'geen' },
      { name: 'X', relation: { name: 'Alleen voornaam' } },
      { name: 'X', contactperson_id: theirs.id },
      { name: 'X', lat: 52 },
      { name: 'x'.repeat(201) },
    ]) {
      const res = await t.api('POST', '/api/organization', { token: a.token, body });
      expect({ body, status: res.status }).toEqual({ body, status: 422 });
    }
  });
});

describe('organization update, contact person and delete', () => {
  it('changes the contact person to a relation of the company only, and logs it', async () => {
    const org = (
      await t.api('POST', '/api/organization', { token: a.token, body: { name: 'Installateurs BV' } })
    ).body;
    const rel = await createTestRelation(t, a.token, { fullname: 'Mark Jansen' });
    const res = await t.api('PATCH', `/api/organization/${org.id}`, {
      token: a.token,
      body: { contactperson_id: rel.id },
    });
    expect(res.status).toBe(200);
    expect(res.body.contactperson).toEqual({ id: rel.id, fullname: 'Mark Jansen' });
    // A contact person without an organization joins this one.
    expect(res.body.relations.map((r: { id: number }) => r.id)).toEqual([rel.id]);
    expect(await logCount(t, 'organization', org.id, 'update')).toBe(1);
    const theirs = await createTestRelation(t, b.token);
    const foreign = await t.api('PATCH', `/api/organization/${org.id}`, {
      token: a.token,
      body: { contactperson_id: theirs.id },
    });
    expect(foreign.status).toBe(422);
    expect(foreign.body.errors.contactperson_id).toBeDefined();
    const trashed = await createTestRelation(t, a.token);
    await t.api('DELETE', `/api/relation/${trashed.id}`, { token: a.token });
    expect(
      (
        await t.api('PATCH', `/api/organization/${org.id}`, {
          token: a.token,
          body: { contactperson_id: trashed.id },
        })
      ).status,
    ).toBe(422);
    const cleared = await t.api('PATCH', `/api/organization/${org.id}`, {
      token: a.token,
      body: {
        contactperson_id: null,
        phone: '050 1234567',
        location: { address: 'Markt', number: '2', city: 'Groningen' },
      },
    });
    expect(cleared.body).toMatchObject({
      contactperson: null,
      phone: '050 1234567',
      address: 'Markt 2, Groningen',
    });
  });

  it('delete keeps the relations, unlinked', async () => {
    const org = (
      await t.api('POST', '/api/organization', {
        token: a.token,
        body: { name: 'Weg BV', relation: { fullname: 'Lid Een' } },
      })
    ).body;
    const member = org.relations[0].id;
    const res = await t.api('DELETE', `/api/organization/${org.id}`, { token: a.token });
    expect(res.status).toBe(200);
    expect((await t.api('GET', `/api/organization/${org.id}`, { token: a.token })).status).toBe(404);
    const rel = await t.api('GET', `/api/relation/${member}`, { token: a.token });
    expect(rel.body).toMatchObject({ deleted_at: null, organization_id: null, organization: null });
    expect(await logCount(t, 'organization', org.id, 'delete')).toBe(1);
    expect((await t.api('DELETE', `/api/organization/${org.id}`, { token: a.token })).status).toBe(404);
  });
});

describe('organization lists', () => {
  it('querypaginated pages, sorts and searches; search needs 3 characters; another company’s never show', async () => {
    for (const name of ['Alfa Warmte', 'Beta Zon', 'Gamma Warmte Techniek'])
      await t.api('POST', '/api/organization', {
        token: a.token,
        body: { name, coc_number: name.length.toString() },
      });
    await t.api('POST', '/api/organization', { token: b.token, body: { name: 'Warmte van B' } });
    const page = await t.api('GET', '/api/organization/querypaginated?query=warmte&sort=-name', {
      token: a.token,
    });
    expect(page.status).toBe(200);
    expect(page.body.data.map((o: { name: string }) => o.name)).toEqual([
      'Gamma Warmte Techniek',
      'Alfa Warmte',
    ]);
    expect(page.body.pagination).toEqual({ total: 2, offset: 0, limit: 25 });
    expect(
      (await t.api('GET', '/api/organization/querypaginated?sort=nope', { token: a.token })).status,
    ).toBe(422);
    const search = await t.api('GET', '/api/organization/search?query=warm', { token: a.token });
    expect(search.body.map((o: { name: string }) => o.name)).toEqual([
      'Alfa Warmte',
      'Gamma Warmte Techniek',
    ]);
    expect(search.body[0]).toEqual({ id: expect.any(Number), name: 'Alfa Warmte', address: '' });
    const gam = await t.api('GET', '/api/organization/search?query=gam', { token: a.token });
    expect(gam.body.map((o: { name: string }) => o.name)).toEqual(['Gamma Warmte Techniek']);
    expect((await t.api('GET', '/api/organization/search?query=wa', { token: a.token })).status).toBe(422);
    const theirs = await t.api('GET', '/api/organization/querypaginated?limit=500', { token: b.token });
    expect(theirs.body.data.map((o: { name: string }) => o.name)).not.toContain('Alfa Warmte');
  });

  it('answers 404 for another company’s organization ids', async () => {
    const theirs = (await t.api('POST', '/api/organization', { token: b.token, body: { name: 'Privé B' } }))
      .body;
    for (const [method, body] of [['GET'], ['PATCH', { name: 'Overgenomen' }], ['DELETE']] as [
      string,
      unknown?,
    ][]) {
      const res = await t.api(method, `/api/organization/${theirs.id}`, { token: a.token, body });
      expect({ method, status: res.status }).toEqual({ method, status: 404 });
    }
    expect((await t.api('GET', `/api/organization/${theirs.id}`, { token: b.token })).body.name).toBe(
      'Privé B',
    );
  });
});
