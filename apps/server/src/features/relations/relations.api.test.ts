import { Readable } from 'node:stream';
import { RELATION_DELETE_BLOCKED } from '@im/domain';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  addSentInvoice,
  createCrmCompany,
  createTestRelation,
  logCount,
  removeInvoices,
} from '../../../test/crm-factories';
import { startTestServer, type TestServer } from '../../../test/test-server';
import { storedFile } from '../../platform/db/tables/files.schema';
import { createFlow } from '../flows/create-flow';

let t: TestServer;
let a: { companyId: number; token: string };
let b: { companyId: number; token: string };

beforeAll(async () => {
  t = await startTestServer({ work: false });
  a = await createCrmCompany(t, { name: 'Zon & Co' });
  b = await createCrmCompany(t, { name: 'Ander Bedrijf' });
});
afterAll(async () => t?.close());
afterEach(() => removeInvoices(t, a.companyId));

const sqlRows = async <T extends Record<string, unknown>>(query: ReturnType<typeof sql>) =>
  (await t.server.deps.db.platform((tx) => tx.execute<T>(query))).rows;

const addFlow = (companyId: number, relationId: number, description = '') =>
  t.server.deps.db.tenant({ companyId }, (tx) => createFlow(tx, { relationId, description }));

describe('relation save', () => {
  it('applies the defaults and creates a flow with the standard request profile', async () => {
    const res = await t.api('POST', '/api/relation', {
      token: a.token,
      body: {
        name: 'Jan',
        nameprefix: 'de',
        surname: 'Vries',
        email: ' Jan.DeVries@Example.NL ',
        flow_description: '12 zonnepanelen',
      },
    });
    expect(res.status).toBe(201);
    const settings = await t.api('GET', '/api/company/getcurrentflowsettings', { token: a.token });
    expect(res.body).toMatchObject({
      name: 'Jan',
      nameprefix: 'de',
      surname: 'Vries',
      fullname: 'Jan de Vries',
      email: 'jan.devries@example.nl',
      country: 'Nederland',
      lead_source: 'Eigen website',
      organization: null,
      address: '',
      deleted_at: null,
      flow_status: 'new',
      locations: [],
      files: [],
      trashed_flows: [],
    });
    expect(res.body.flows).toHaveLength(1);
    expect(res.body.flows[0]).toMatchObject({
      description: '12 zonnepanelen',
      flow_status: 'new',
      flowprofile_id: settings.body.standard_flowprofile_id,
      relation_fullname: 'Jan de Vries',
      lead_source: 'Eigen website',
    });
    expect(res.body.flow_id).toBe(res.body.flows[0].id);
    expect(await logCount(t, 'relation', res.body.id, 'create')).toBe(1);
    expect(await logCount(t, 'flow', res.body.flows[0].id, 'create')).toBe(1);
    const get = await t.api('GET', `/api/relation/${res.body.id}`, { token: a.token });
    expect(get.body).toEqual(res.body);
  });

  it('splits a typed full name, takes a location, a profile and no flow when asked', async () => {
    const profile = await t.api('POST', '/api/flowprofile', {
      token: a.token,
      body: { name: 'Warmtepompen' },
    });
    const res = await t.api('POST', '/api/relation', {
      token: a.token,
      body: {
        fullname: 'Piet van der Berg',
        lead_source: 'Beurs',
        flowprofile_id: profile.body.id,
        location: {
          address: 'Dorpsstraat',
          number: '12',
          number_addition: 'a',
          postcode: '8011ab',
          city: 'Zwolle',
        },
      },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      name: 'Piet',
      nameprefix: 'van der',
      surname: 'Berg',
      lead_source: 'Beurs',
      flowprofile_id: profile.body.id,
      address: 'Dorpsstraat 12a, 8011 AB Zwolle',
    });
    expect(res.body.locations).toEqual([
      expect.objectContaining({
        postcode: '8011 AB',
        is_main: true,
        fullAddress: 'Dorpsstraat 12a, 8011 AB Zwolle',
        lat: null,
      }),
    ]);
    expect(res.body.flows[0]).toMatchObject({ flowprofile_id: profile.body.id, lead_source: 'Beurs' });
    // The flow's search text holds the address, so the flow overview finds it by city.
    const [flow] = await sqlRows<{ search_text: string }>(
      sql`select search_text from flow where id = ${res.body.flows[0].id}`,
    );
    expect(flow!.search_text).toContain('zwolle');
    expect(flow!.search_text).toContain('piet van der berg');

    const none = await t.api('POST', '/api/relation', {
      token: a.token,
      body: { surname: 'Zonder', createnewflow: false },
    });
    expect(none.body.flows).toEqual([]);
    expect(none.body.flow_status).toBeNull();
  });

  it('answers a create with exactly the detail a read of the new relation answers', async () => {
    // The create reads only the sections a new relation can have (createdRelationPlan).
    const bodies = [
      { surname: 'Kaal', createnewflow: 0 },
      { surname: 'Met Dossier', flow_description: 'warmtepomp' },
      {
        surname: 'Met Adres',
        createnewflow: 0,
        location: { address: 'Kerkstraat', number: '3', city: 'Kampen' },
      },
      {
        surname: 'Alles',
        neworganizationname: 'Installatie Alles BV',
        location: { address: 'Markt', number: '1', postcode: '8011aa', city: 'Zwolle' },
      },
    ];
    for (const body of bodies) {
      const created = await t.api('POST', '/api/relation', { token: a.token, body });
      expect(created.status).toBe(201);
      const read = await t.api('GET', `/api/relation/${created.body.id}`, { token: a.token });
      expect(created.body, body.surname).toEqual(read.body);
    }
  });

  it('links an existing organization or creates one by name', async () => {
    const org = await t.api('POST', '/api/organization', { token: a.token, body: { name: 'VvE De Linde' } });
    const linked = await createTestRelation(t, a.token, { organization_id: org.body.id });
    expect(linked.organization).toEqual({ id: org.body.id, name: 'VvE De Linde' });
    const created = await createTestRelation(t, a.token, { neworganizationname: 'Bakkerij Smit' });
    expect(created.organization.name).toBe('Bakkerij Smit');
    expect(await logCount(t, 'organization', created.organization_id, 'create')).toBe(1);
  });

  it('takes the spec’s flags as 1/0, "1"/"0" or true/false, and refuses anything else', async () => {
    for (const [flag, makesFlow] of [
      [1, true],
      ['1', true],
      [true, true],
      [0, false],
      ['0', false],
      [false, false],
    ] as const) {
      const res = await t.api('POST', '/api/relation', {
        token: a.token,
        body: { surname: `Vlag ${String(flag)} ${typeof flag}`, createnewflow: flag },
      });
      expect(res.status).toBe(201);
      expect(res.body.flow_id !== null).toBe(makesFlow);
    }
    for (const bad of [2, 'ja', null, 'TRUE']) {
      const res = await t.api('POST', '/api/relation', {
        token: a.token,
        body: { surname: 'Vlag fout', createnewflow: bad },
      });
      expect(res.status).toBe(422);
      expect(res.body.errors.createnewflow).toBeTruthy();
    }
  });

  it('refuses invalid input with 422 and field errors, writing nothing', async () => {
    const otherProfile = (await t.api('GET', '/api/flowprofile', { token: b.token })).body[0].id;
    const otherOrg = (
      await t.api('POST', '/api/organization', { token: b.token, body: { name: 'Niet van A' } })
    ).body.id;
    const before = await sqlRows<{ n: number }>(sql`select count(*)::int as n from relation`);
    const cases: [Record<string, unknown>, string][] = [
      [{}, 'surname'],
      [{ surname: '' }, 'surname'],
      [{ fullname: '   ' }, 'surname'],
      [{ surname: 'X', email: 'geen-mail' }, 'email'],
      [{ surname: 'X', location: { address: 'Straat', postcode: '12345' } }, 'location.postcode'],
      [{ surname: 'X', location: { number: '1' } }, 'location.address'],
      [{ surname: 'X', lat: 52.1 }, 'lat'],
      [{ surname: 'X', flowprofile_id: otherProfile }, 'flowprofile_id'],
      [{ surname: 'X', organization_id: otherOrg }, 'organization_id'],
      [{ surname: 'x'.repeat(151) }, 'surname'],
      [{ surname: 'X', buyer_reference: 'x'.repeat(101) }, 'buyer_reference'],
      [{ surname: 'X', order_reference: 'x'.repeat(101) }, 'order_reference'],
    ];
    for (const [body, field] of cases) {
      const res = await t.api('POST', '/api/relation', { token: a.token, body });
      expect({ body, status: res.status }).toEqual({ body, status: 422 });
      expect(Object.keys(res.body.errors), JSON.stringify(body)).toContain(field);
    }
    expect(await sqlRows(sql`select count(*)::int as n from relation`)).toEqual(before);
  });
});

describe('relation update', () => {
  it('changes fields, refreshes the flows’ search text and logs the changes', async () => {
    const rel = await createTestRelation(t, a.token, { surname: 'Oud', createnewflow: true });
    const res = await t.api('PATCH', `/api/relation/${rel.id}`, {
      token: a.token,
      body: {
        name: 'Anna',
        surname: 'Nieuw',
        phone: '06 12345678',
        location: { address: 'Brink', number: '3', city: 'Assen' },
      },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      fullname: 'Anna Nieuw',
      phone: '06 12345678',
      address: 'Brink 3, Assen',
    });
    const [flow] = await sqlRows<{ search_text: string }>(
      sql`select search_text from flow where relation_id = ${rel.id}`,
    );
    expect(flow!.search_text).toContain('anna nieuw');
    expect(flow!.search_text).toContain('assen');
    const [log] = await sqlRows<{ changes: Record<string, unknown> }>(
      sql`select changes from log_item where loggable_type = 'relation' and loggable_id = ${rel.id} and action = 'update'`,
    );
    expect(log!.changes).toMatchObject({ name: 'Anna', surname: 'Nieuw', phone: '06 12345678' });
    // Changing the address again updates the main location rather than adding one.
    const again = await t.api('PATCH', `/api/relation/${rel.id}`, {
      token: a.token,
      body: { location: { address: 'Brink', number: '5', city: 'Assen' } },
    });
    expect(again.body.locations).toHaveLength(1);
    expect(again.body.address).toBe('Brink 5, Assen');
    const bad = await t.api('PATCH', `/api/relation/${rel.id}`, { token: a.token, body: { surname: '' } });
    expect(bad.status).toBe(422);
  });

  it("keeps the person's invoice references: saved, changed, logged, trimmed, 422 when too long, 404 for another company", async () => {
    const rel = await createTestRelation(t, a.token, {
      surname: 'Referent',
      buyer_reference: '  Verbouwing zolder ',
      order_reference: 'PO-1',
    });
    expect(rel).toMatchObject({ buyer_reference: 'Verbouwing zolder', order_reference: 'PO-1' });
    const read = await t.api('GET', `/api/relation/${rel.id}`, { token: a.token });
    expect(read.body).toMatchObject({ buyer_reference: 'Verbouwing zolder', order_reference: 'PO-1' });
    const res = await t.api('PATCH', `/api/relation/${rel.id}`, {
      token: a.token,
      body: { order_reference: 'PO-2' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ buyer_reference: 'Verbouwing zolder', order_reference: 'PO-2' });
    const [log] = await sqlRows<{ changes: Record<string, unknown> }>(
      sql`select changes from log_item where loggable_type = 'relation' and loggable_id = ${rel.id} and action = 'update'`,
    );
    expect(log!.changes).toEqual({ orderReference: 'PO-2' });
    const long = await t.api('PATCH', `/api/relation/${rel.id}`, {
      token: a.token,
      body: { buyer_reference: 'x'.repeat(101) },
    });
    expect(long.status).toBe(422);
    expect(long.body.errors.buyer_reference).toBeDefined();
    const other = await t.api('PATCH', `/api/relation/${rel.id}`, {
      token: b.token,
      body: { buyer_reference: 'Niet van B' },
    });
    expect(other.status).toBe(404);
    const after = await t.api('GET', `/api/relation/${rel.id}`, { token: a.token });
    expect(after.body).toMatchObject({ buyer_reference: 'Verbouwing zolder', order_reference: 'PO-2' });
  });

  it('flowchange makes the given flow the main flow', async () => {
    const rel = await createTestRelation(t, a.token, { createnewflow: true });
    const older = rel.flows[0];
    const newer = await addFlow(a.companyId, rel.id, 'Thuisbatterij');
    await t.server.deps.db.platform((tx) =>
      tx.execute(sql`update flow set flow_status = 'quotation' where id = ${older.id}`),
    );
    expect((await t.api('GET', `/api/relation/${rel.id}`, { token: a.token })).body).toMatchObject({
      flow_id: newer.id,
      flow_status: 'new',
    });
    // The overview reads the main flows of a whole page at once (relationsOfIdsSql): the same choice.
    const listed = async () =>
      (
        await t.api('GET', '/api/relation/querypaginated?limit=10&sort=-id', { token: a.token })
      ).body.data.find((r: { id: number }) => r.id === rel.id);
    expect(await listed()).toMatchObject({ flow_id: newer.id, flow_status: 'new' });
    const res = await t.api('PATCH', `/api/relation/${rel.id}`, {
      token: a.token,
      body: { update_reason: 'flowchange', flow_id: older.id },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ flow_id: older.id, flow_status: 'quotation' });
    expect(await listed()).toMatchObject({ flow_id: older.id, flow_status: 'quotation' });
    const other = await createTestRelation(t, a.token, { createnewflow: true });
    const foreign = await t.api('PATCH', `/api/relation/${rel.id}`, {
      token: a.token,
      body: { update_reason: 'flowchange', flow_id: other.flows[0].id },
    });
    expect(foreign.status).toBe(422);
    expect(foreign.body.errors.flow_id).toBeDefined();
    const missing = await t.api('PATCH', `/api/relation/${rel.id}`, {
      token: a.token,
      body: { update_reason: 'flowchange' },
    });
    expect(missing.status).toBe(422);
  });

  it('changeorganization links and unlinks; neworganization creates and links', async () => {
    const rel = await createTestRelation(t, a.token);
    const org = (
      await t.api('POST', '/api/organization', { token: a.token, body: { name: 'Installatie Noord' } })
    ).body;
    const linked = await t.api('PATCH', `/api/relation/${rel.id}`, {
      token: a.token,
      body: { update_reason: 'changeorganization', organization_id: org.id },
    });
    expect(linked.body.organization).toEqual({ id: org.id, name: 'Installatie Noord' });
    const unlinked = await t.api('PATCH', `/api/relation/${rel.id}`, {
      token: a.token,
      body: { update_reason: 'changeorganization', organization_id: null },
    });
    expect(unlinked.body.organization).toBeNull();
    const otherOrg = (await t.api('POST', '/api/organization', { token: b.token, body: { name: 'Van B' } }))
      .body;
    const foreign = await t.api('PATCH', `/api/relation/${rel.id}`, {
      token: a.token,
      body: { update_reason: 'changeorganization', organization_id: otherOrg.id },
    });
    expect(foreign.status).toBe(422);
    const fresh = await t.api('PATCH', `/api/relation/${rel.id}`, {
      token: a.token,
      body: { update_reason: 'neworganization', neworganizationname: 'VvE Zonnehof' },
    });
    expect(fresh.status).toBe(200);
    expect(fresh.body.organization.name).toBe('VvE Zonnehof');
    const orgDetail = await t.api('GET', `/api/organization/${fresh.body.organization_id}`, {
      token: a.token,
    });
    expect(orgDetail.body.relations.map((r: { id: number }) => r.id)).toEqual([rel.id]);
    const noName = await t.api('PATCH', `/api/relation/${rel.id}`, {
      token: a.token,
      body: { update_reason: 'neworganization' },
    });
    expect(noName.status).toBe(422);
    const [log] = await sqlRows<{ n: number }>(
      sql`select count(*)::int as n from log_item where loggable_type = 'relation' and loggable_id = ${rel.id}
        and action = 'update' and changes->>'update_reason' in ('changeorganization', 'neworganization')`,
    );
    expect(log!.n).toBe(3);
  });
});

describe('relation trash, restore and force delete', () => {
  it('trashes the relation with its live flows and restores exactly those', async () => {
    const rel = await createTestRelation(t, a.token, { createnewflow: true, flow_description: 'Warmtepomp' });
    const second = await addFlow(a.companyId, rel.id, 'Laadpaal');
    const earlier = await addFlow(a.companyId, rel.id, 'Al weg');
    await t.server.deps.db.platform((tx) =>
      tx.execute(sql`update flow set deleted_at = now() - interval '1 day' where id = ${earlier.id}`),
    );
    const del = await t.api('DELETE', `/api/relation/${rel.id}`, { token: a.token });
    expect(del.status).toBe(200);
    const trashed = await t.api('GET', `/api/relation/${rel.id}`, { token: a.token });
    expect(trashed.body.deleted_at).not.toBeNull();
    expect(trashed.body.flows).toEqual([]);
    expect(trashed.body.trashed_flows.map((f: { id: number }) => f.id).sort()).toEqual(
      [rel.flows[0].id, second.id, earlier.id].sort(),
    );
    expect(await logCount(t, 'relation', rel.id, 'delete')).toBe(1);
    expect(await logCount(t, 'flow', second.id, 'delete')).toBe(1);
    expect((await t.api('DELETE', `/api/relation/${rel.id}`, { token: a.token })).status).toBe(404);

    const restored = await t.api('POST', `/api/relation/${rel.id}/restore`, { token: a.token });
    expect(restored.status).toBe(200);
    expect(restored.body.deleted_at).toBeNull();
    expect(restored.body.flows.map((f: { id: number }) => f.id).sort()).toEqual(
      [rel.flows[0].id, second.id].sort(),
    );
    expect(restored.body.trashed_flows.map((f: { id: number }) => f.id)).toEqual([earlier.id]);
    expect(await logCount(t, 'relation', rel.id, 'restore')).toBe(1);
    expect((await t.api('POST', `/api/relation/${rel.id}/restore`, { token: a.token })).status).toBe(404);
  });

  it('refuses to trash a relation with sent invoices (409, the spec’s text)', async () => {
    const rel = await createTestRelation(t, a.token, { createnewflow: true });
    // An invoice of its flow was sent.
    await addSentInvoice(t, a.companyId, { flowId: rel.flows[0].id });
    const res = await t.api('DELETE', `/api/relation/${rel.id}`, { token: a.token });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(RELATION_DELETE_BLOCKED);
    expect((await t.api('GET', `/api/relation/${rel.id}`, { token: a.token })).body).toMatchObject({
      deleted_at: null,
      flows: [expect.objectContaining({ deleted_at: null })],
    });
    expect(await logCount(t, 'relation', rel.id, 'delete')).toBe(0);
  });

  it('force-deletes only trashed relations, with flows, locations, files and contact person links', async () => {
    const org = (await t.api('POST', '/api/organization', { token: a.token, body: { name: 'Contact BV' } }))
      .body;
    const rel = await createTestRelation(t, a.token, {
      createnewflow: true,
      organization_id: org.id,
      location: { address: 'Weg', number: '1', postcode: '9711 AA', city: 'Groningen' },
    });
    await t.api('PATCH', `/api/organization/${org.id}`, {
      token: a.token,
      body: { contactperson_id: rel.id },
    });
    const key = `companies/${a.companyId}/relation-test-${rel.id}`;
    await t.server.deps.storage.put(key, Readable.from(Buffer.from('%PDF-1.4')));
    await t.server.deps.db.tenant({ companyId: a.companyId }, (tx) =>
      tx.insert(storedFile).values({
        storageKey: key,
        filename: 'offerte.pdf',
        mimeType: 'application/pdf',
        size: 8,
        purpose: 'assistfile',
        ownerType: 'relation',
        ownerId: rel.id,
      }),
    );
    const detail = await t.api('GET', `/api/relation/${rel.id}`, { token: a.token });
    expect(detail.body.files).toEqual([
      expect.objectContaining({
        filename: 'offerte.pdf',
        mime_type: 'application/pdf',
        size: 8,
        url: expect.stringMatching(/^\/api\/assistfile\/\d+$/),
      }),
    ]);

    const live = await t.api('POST', `/api/relation/${rel.id}/forcedelete`, { token: a.token });
    expect(live.status).toBe(409);
    await t.api('DELETE', `/api/relation/${rel.id}`, { token: a.token });
    const res = await t.api('POST', `/api/relation/${rel.id}/forcedelete`, { token: a.token });
    expect(res.status).toBe(200);
    expect((await t.api('GET', `/api/relation/${rel.id}`, { token: a.token })).status).toBe(404);
    const [left] = await sqlRows<{ flows: number; locations: number; files: number }>(sql`
      select (select count(*)::int from flow where relation_id = ${rel.id}) as flows,
        (select count(*)::int from location where relation_id = ${rel.id}) as locations,
        (select count(*)::int from stored_file where owner_type = 'relation' and owner_id = ${rel.id}) as files`);
    expect(left).toEqual({ flows: 0, locations: 0, files: 0 });
    expect(await t.server.deps.storage.exists(key)).toBe(false);
    expect(
      (await t.api('GET', `/api/organization/${org.id}`, { token: a.token })).body.contactperson_id,
    ).toBeNull();
    expect(await logCount(t, 'relation', rel.id, 'forcedelete')).toBe(1);
  });
});

describe('tenancy', () => {
  it('answers 404 for every relation id of another company', async () => {
    const theirs = await createTestRelation(t, b.token, { createnewflow: true });
    await t.api('DELETE', `/api/relation/${(await createTestRelation(t, b.token)).id}`, { token: b.token });
    const calls: [string, string, unknown?][] = [
      ['GET', `/api/relation/${theirs.id}`],
      ['GET', `/api/relation/${theirs.id}/getlocations`],
      ['PATCH', `/api/relation/${theirs.id}`, { phone: '1' }],
      ['DELETE', `/api/relation/${theirs.id}`],
      ['POST', `/api/relation/${theirs.id}/restore`],
      ['POST', `/api/relation/${theirs.id}/forcedelete`],
    ];
    for (const [method, path, body] of calls) {
      const res = await t.api(method, path, { token: a.token, body });
      expect({ path, method, status: res.status }).toEqual({ path, method, status: 404 });
    }
    const still = await t.api('GET', `/api/relation/${theirs.id}`, { token: b.token });
    expect(still.body).toMatchObject({ deleted_at: null, phone: '' });
  });

  it('getlocations lists the relation’s locations, main first', async () => {
    const rel = await createTestRelation(t, a.token, {
      location: { address: 'Hoofdweg', number: '1', city: 'Emmen' },
    });
    await t.api('POST', '/api/location', {
      token: a.token,
      body: { relation_id: rel.id, address: 'Werkweg', number: '9', city: 'Emmen', description: 'Werkadres' },
    });
    const res = await t.api('GET', `/api/relation/${rel.id}/getlocations`, { token: a.token });
    expect(res.body.map((l: { address: string; is_main: boolean }) => [l.address, l.is_main])).toEqual([
      ['Hoofdweg', true],
      ['Werkweg', false],
    ]);
  });
});
