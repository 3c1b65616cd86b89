import { INCIDENT_MESSAGES } from '@im/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCrmCompany, createTestRelation, logCount } from '../../../test/crm-factories';
import { startTestServer, type TestServer } from '../../../test/test-server';
import { FLOW_IN_TRASH } from '../flows/flow-access';
import { customerVisibleIncidents, reportIncidentByCustomer, resolveIncidentByCustomer } from './routes';

let t: TestServer;
/** Company A, its manager (role 1000) and a role-100 colleague; company B. */
let a: { companyId: number; token: string; userId: number };
let b: { companyId: number; token: string; userId: number };
let staff: { id: number; token: string };
let flowId: number;
let storing: { id: number };
let klacht: { id: number };

async function newIncident(body: Record<string, unknown>, token = a.token) {
  const res = await t.api('POST', '/api/incident', {
    token,
    body: { flow_id: flowId, incident_type_id: storing.id, content: 'Omvormer geeft foutcode', ...body },
  });
  if (res.status !== 201) throw new Error(`incident failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

async function notificationsFor(userId: number, incidentId: number) {
  const r = await t.server.deps.db.platform((tx) =>
    tx.execute<{ content: string }>(
      sql`select content from notification where user_id = ${userId} and notifiable_type = 'incident' and notifiable_id = ${incidentId}`,
    ),
  );
  return r.rows.map((row) => row.content);
}

const ids = (res: { body: { data: { id: number }[] } }) => res.body.data.map((i) => i.id);

beforeAll(async () => {
  t = await startTestServer({ work: false });
  a = await createCrmCompany(t, { name: 'Incidenten A' });
  b = await createCrmCompany(t, { name: 'Incidenten B' });
  const u = await t.createTestUser({ companyId: a.companyId, role: 100 });
  staff = { id: u.id, token: await t.login(u.email) };
  flowId = (await createTestRelation(t, a.token, { createnewflow: true })).flow_id;
  storing = (await t.api('POST', '/api/incidenttype', { token: a.token, body: { name: 'Storing' } })).body;
  klacht = (
    await t.api('POST', '/api/incidenttype', {
      token: a.token,
      body: { name: 'Klacht', showable_months: '3' },
    })
  ).body;
});
afterAll(async () => t?.close());

describe('incident types', () => {
  it('are kept in the settings: name required, showable_months 0..120 (default 12)', async () => {
    expect(storing).toMatchObject({ name: 'Storing', showable_months: 12, incidents_count: 0 });
    expect(klacht).toMatchObject({ name: 'Klacht', showable_months: 3 });
    const list = await t.api('GET', '/api/incidenttype', { token: a.token });
    expect(list.body.map((x: { name: string }) => x.name)).toEqual(['Klacht', 'Storing']);
    for (const body of [
      { name: '' },
      { name: 'x', showable_months: -1 },
      { name: 'x', showable_months: 121 },
      { name: 'x', showable_months: 'twaalf' },
      { name: 'x', showable_months: 2.5 },
    ]) {
      const res = await t.api('POST', '/api/incidenttype', { token: a.token, body });
      expect(res.status).toBe(422);
      expect(res.body.message).toBeTruthy();
    }
    const bad = await t.api('POST', '/api/incidenttype', {
      token: a.token,
      body: { name: 'x', showable_months: 200 },
    });
    expect(bad.body.errors.showable_months).toEqual([INCIDENT_MESSAGES.showableMonths]);
    const tmp = await t.api('POST', '/api/incidenttype', { token: a.token, body: { name: 'Lekkage' } });
    const renamed = await t.api('PATCH', `/api/incidenttype/${tmp.body.id}`, {
      token: a.token,
      body: { name: 'Lekkage dak', showable_months: 0 },
    });
    expect(renamed.body).toMatchObject({ name: 'Lekkage dak', showable_months: 0 });
    expect(await logCount(t, 'incidenttype', tmp.body.id, 'update')).toBe(1);
    expect((await t.api('DELETE', `/api/incidenttype/${tmp.body.id}`, { token: a.token })).status).toBe(200);
    expect((await t.api('GET', `/api/incidenttype/${tmp.body.id}`, { token: a.token })).status).toBe(404);
  });

  it('are read with CRM and changed only with SETTINGS', async () => {
    const companyId = await t.createTestCompany({ modules: ['BASIS', 'CRM'] });
    const crmOnly = await t.createTestUser({ companyId, role: 1000 });
    const token = await t.login(crmOnly.email);
    expect((await t.api('GET', '/api/incidenttype', { token })).status).toBe(200);
    expect((await t.api('POST', '/api/incidenttype', { token, body: { name: 'x' } })).status).toBe(403);
  });

  it('deleting a type in use keeps its incidents, without type', async () => {
    const type = (await t.api('POST', '/api/incidenttype', { token: a.token, body: { name: 'Tijdelijk' } }))
      .body;
    const inc = await newIncident({ incident_type_id: type.id, content: 'Blijft bestaan' });
    expect(
      (await t.api('GET', `/api/incidenttype/${type.id}`, { token: a.token })).body.incidents_count,
    ).toBe(1);
    expect((await t.api('DELETE', `/api/incidenttype/${type.id}`, { token: a.token })).status).toBe(200);
    const after = await t.api('GET', `/api/incident/${inc.id}`, { token: a.token });
    expect(after.body).toMatchObject({
      content: 'Blijft bestaan',
      incident_type_id: null,
      incident_type: null,
    });
  });
});

describe('incidents', () => {
  it('creates an open incident on a flow with a type, logged, with a customer hash', async () => {
    const inc = await newIncident({ content: '  Lekkage bij de buitenunit  ', classification: 'B' });
    expect(inc).toMatchObject({
      flow_id: flowId,
      incident_type_id: storing.id,
      incident_type: { id: storing.id, name: 'Storing', showable_months: 12 },
      status: 'open',
      content: 'Lekkage bij de buitenunit',
      classification: 'B',
      response: '',
      remarks: '',
      user_id: null,
      user_fullname: '',
      reported_by: 'user',
      resolved_at: null,
    });
    expect(inc.hash).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(inc.flow_number).toBeGreaterThan(0);
    expect(await logCount(t, 'incident', inc.id, 'create')).toBe(1);
    const list = await t.api('GET', `/api/incident?flow_id=${flowId}`, { token: staff.token });
    expect(list.body.map((i: { id: number }) => i.id)).toContain(inc.id);
  });

  it('refuses bad input with 422, never 5xx', async () => {
    const cases: [string, string, unknown][] = [
      ['POST', '/api/incident', { flow_id: flowId, content: 'x' }],
      ['POST', '/api/incident', { flow_id: flowId, incident_type_id: storing.id, content: ' ' }],
      ['POST', '/api/incident', { flow_id: 'abc', incident_type_id: storing.id, content: 'x' }],
      ['POST', '/api/incident', { flow_id: 99_999_999_999, incident_type_id: storing.id, content: 'x' }],
      ['POST', '/api/incident', { flow_id: flowId, incident_type_id: storing.id, content: 'x', user_id: -3 }],
      ['POST', '/api/incident', 'geen json'],
      ['GET', '/api/incident/querypaginated?status=weg', undefined],
      ['GET', '/api/incident/querypaginated?scope=iedereen', undefined],
      ['GET', '/api/incident/querypaginated?limit=0', undefined],
      ['GET', '/api/incident/querypaginated?sort=content', undefined],
      ['GET', '/api/incident?flow_id=x', undefined],
      ['GET', '/api/incident', undefined],
      ['GET', '/api/incident/abc', undefined],
    ];
    for (const [method, path, body] of cases) {
      const res = await t.api(method, path, { token: a.token, body });
      expect([400, 415, 422], `${method} ${path} ${JSON.stringify(body)}`).toContain(res.status);
    }
    const unknownType = await t.api('POST', '/api/incident', {
      token: a.token,
      body: { flow_id: flowId, incident_type_id: 999_999, content: 'x' },
    });
    expect(unknownType.status).toBe(422);
    expect(unknownType.body.errors.incident_type_id).toEqual([INCIDENT_MESSAGES.unknownType]);
    const unknownUser = await t.api('POST', '/api/incident', {
      token: a.token,
      body: { flow_id: flowId, incident_type_id: storing.id, content: 'x', user_id: b.userId },
    });
    expect(unknownUser.status).toBe(422);
    expect(unknownUser.body.errors.user_id).toEqual([INCIDENT_MESSAGES.unknownUser]);
  });

  it('edits texts and type, and edituser assigns (notifying the new handler) or unassigns', async () => {
    const inc = await newIncident({});
    const edited = await t.api('PATCH', `/api/incident/${inc.id}`, {
      token: a.token,
      body: {
        content: 'Omvormer uit',
        response: 'Monteur komt dinsdag',
        remarks: 'Garantie',
        incident_type_id: klacht.id,
      },
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({
      content: 'Omvormer uit',
      response: 'Monteur komt dinsdag',
      remarks: 'Garantie',
      incident_type: { name: 'Klacht' },
    });
    const assigned = await t.api('PATCH', `/api/incident/${inc.id}`, {
      token: a.token,
      body: { user_id: staff.id },
    });
    expect(assigned.body.user_id).toBe(staff.id);
    expect(assigned.body.user_fullname).toContain('Test');
    expect(await notificationsFor(staff.id, inc.id)).toEqual(['Incident toegewezen: Klacht: Omvormer uit']);
    const unassigned = await t.api('PATCH', `/api/incident/${inc.id}`, {
      token: a.token,
      body: { user_id: '0' },
    });
    expect(unassigned.body.user_id).toBeNull();
    // Assigning to oneself notifies nobody.
    await t.api('PATCH', `/api/incident/${inc.id}`, { token: a.token, body: { user_id: a.userId } });
    expect(await notificationsFor(a.userId, inc.id)).toEqual([]);
    // Created for another user: that user is told.
    const forStaff = await newIncident({ user_id: staff.id, content: 'x'.repeat(300) });
    expect(await notificationsFor(staff.id, forStaff.id)).toEqual([
      `Incident toegewezen: Storing: ${'x'.repeat(128)}…`,
    ]);
  });

  it('resolves, reopens to ongoing and marks ongoing; a change that does not apply is 409', async () => {
    const inc = await newIncident({});
    const resolved = await t.api('POST', `/api/incident/${inc.id}/resolve`, { token: staff.token });
    expect(resolved.status).toBe(200);
    expect(resolved.body.status).toBe('resolved');
    expect(Date.now() - new Date(resolved.body.resolved_at).getTime()).toBeLessThan(60_000);
    const again = await t.api('POST', `/api/incident/${inc.id}/resolve`, { token: staff.token });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(INCIDENT_MESSAGES.notAllowed.resolve);
    const reopened = await t.api('POST', `/api/incident/${inc.id}/reopen`, { token: staff.token });
    expect(reopened.body).toMatchObject({ status: 'ongoing', resolved_at: null });
    expect((await t.api('POST', `/api/incident/${inc.id}/markongoing`, { token: staff.token })).status).toBe(
      409,
    );
    expect((await t.api('POST', `/api/incident/${inc.id}/reopen`, { token: staff.token })).status).toBe(409);
    const fresh = await newIncident({});
    const ongoing = await t.api('POST', `/api/incident/${fresh.id}/markongoing`, { token: staff.token });
    expect(ongoing.body.status).toBe('ongoing');
    expect(await logCount(t, 'incident', inc.id, 'status')).toBe(2);
    expect((await t.api('POST', '/api/incident/99999999/resolve', { token: a.token })).status).toBe(404);
  });

  it('PATCH with status follows the same rules as resolve, reopen and markongoing (decision 041)', async () => {
    const inc = await newIncident({});
    const patch = (body: Record<string, unknown>) =>
      t.api('PATCH', `/api/incident/${inc.id}`, { token: staff.token, body });
    const resolved = await patch({ status: 'resolved' });
    expect(resolved.status).toBe(200);
    expect(resolved.body.status).toBe('resolved');
    expect(resolved.body.resolved_at).not.toBeNull();
    expect((await t.api('GET', `/api/incident/${inc.id}`, { token: a.token })).body.status).toBe('resolved');
    // The same status again changes nothing; open is not reachable from resolved (reopen is ongoing).
    expect((await patch({ status: 'resolved' })).body.status).toBe('resolved');
    const backToOpen = await patch({ status: 'open', content: 'Mag niet half geschreven worden' });
    expect(backToOpen.status).toBe(409);
    expect(backToOpen.body.message).toBe(INCIDENT_MESSAGES.notBackToOpen);
    const unchanged = await t.api('GET', `/api/incident/${inc.id}`, { token: a.token });
    expect(unchanged.body).toMatchObject({ status: 'resolved', content: 'Omvormer geeft foutcode' });
    const reopened = await patch({ status: 'ongoing', remarks: 'Monteur gaat terug' });
    expect(reopened.body).toMatchObject({
      status: 'ongoing',
      resolved_at: null,
      remarks: 'Monteur gaat terug',
    });
    expect(await logCount(t, 'incident', inc.id, 'status')).toBe(2);
    const fresh = await newIncident({});
    const ongoing = await t.api('PATCH', `/api/incident/${fresh.id}`, {
      token: staff.token,
      body: { status: 'ongoing' },
    });
    expect(ongoing.body.status).toBe('ongoing');
    const bad = await t.api('PATCH', `/api/incident/${fresh.id}`, {
      token: staff.token,
      body: { status: 'gesloten' },
    });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors)).toEqual(['status']);
    // A field the edit does not take is named, and nothing changes.
    const unknown = await t.api('PATCH', `/api/incident/${fresh.id}`, {
      token: staff.token,
      body: { remarks: 'x', resolved_at: '2026-12-01T10:00:00Z' },
    });
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors).toEqual({ resolved_at: ['Onbekend veld: resolved_at.'] });
    expect((await t.api('GET', `/api/incident/${fresh.id}`, { token: a.token })).body.remarks).toBe('');
  });

  it('deletes an incident', async () => {
    const inc = await newIncident({});
    expect((await t.api('DELETE', `/api/incident/${inc.id}`, { token: a.token })).status).toBe(200);
    expect((await t.api('GET', `/api/incident/${inc.id}`, { token: a.token })).status).toBe(404);
    expect(await logCount(t, 'incident', inc.id, 'delete')).toBe(1);
  });
});

describe('incident overview', () => {
  let own: number;
  let others: number;
  let unassigned: number;
  let resolved: number;
  let otherFlow: number;

  beforeAll(async () => {
    otherFlow = (await createTestRelation(t, a.token, { createnewflow: true })).flow_id;
    own = (await newIncident({ user_id: staff.id, content: 'Van de monteur' })).id;
    others = (
      await newIncident({ user_id: a.userId, content: 'Van de manager', incident_type_id: klacht.id })
    ).id;
    unassigned = (await newIncident({ content: 'Van niemand', flow_id: otherFlow })).id;
    resolved = (await newIncident({ user_id: staff.id, content: 'Al opgelost' })).id;
    await t.api('POST', `/api/incident/${resolved}/resolve`, { token: a.token });
  });

  const page = (query: string, token = a.token) =>
    t.api('GET', `/api/incident/querypaginated${query ? `?${query}` : ''}`, { token });

  it('below role 1000: own by default, "all" is own plus unassigned, never another user’s', async () => {
    const byDefault = await page('status=all', staff.token);
    expect(ids(byDefault)).toContain(own);
    expect(ids(byDefault)).toContain(resolved);
    expect(ids(byDefault)).not.toContain(unassigned);
    expect(ids(byDefault)).not.toContain(others);
    const all = await page('status=all&scope=all', staff.token);
    expect(ids(all)).toContain(own);
    expect(ids(all)).toContain(unassigned);
    expect(ids(all)).not.toContain(others);
  });

  it('from role 1000: all by default; own on request', async () => {
    const byDefault = await page('status=all');
    for (const id of [own, others, unassigned, resolved]) expect(ids(byDefault)).toContain(id);
    const mine = await page('status=all&scope=own');
    expect(ids(mine)).toContain(others);
    expect(ids(mine)).not.toContain(own);
  });

  it('defaults to open, newest first, 25 a page, with filters and the total', async () => {
    const open = await page('');
    expect(open.body.pagination).toMatchObject({ offset: 0, limit: 25 });
    expect(open.body.data.every((i: { status: string }) => i.status === 'open')).toBe(true);
    expect(ids(open)).not.toContain(resolved);
    const created = open.body.data.map((i: { created_at: string }) => new Date(i.created_at).getTime());
    expect(created).toEqual([...created].sort((x, y) => y - x));
    expect(ids(await page('status=resolved'))).toEqual([resolved]);
    expect(ids(await page(`status=all&incident_type_id=${klacht.id}`))).toContain(others);
    expect(ids(await page(`status=all&incident_type_id=${klacht.id}`))).not.toContain(own);
    expect(ids(await page(`status=all&flow_id=${otherFlow}`))).toEqual([unassigned]);
    expect(ids(await page('status=all&query=monteur'))).toEqual([own]);
    const all = await page('status=all');
    const first = await page('status=all&limit=2');
    const second = await page('status=all&limit=2&offset=2');
    expect(first.body.pagination.total).toBe(all.body.pagination.total);
    expect([...ids(first), ...ids(second)]).toEqual(ids(all).slice(0, 4));
    // Empty filters are no filters.
    expect((await page('status=&scope=&incident_type_id=&flow_id=')).status).toBe(200);
  });
});

describe('tenancy', () => {
  it('another company gets 404 for every id of this feature', async () => {
    const inc = await newIncident({});
    for (const [method, path, body] of [
      ['GET', `/api/incident/${inc.id}`, undefined],
      ['PATCH', `/api/incident/${inc.id}`, { content: 'x' }],
      ['DELETE', `/api/incident/${inc.id}`, undefined],
      ['POST', `/api/incident/${inc.id}/resolve`, undefined],
      ['POST', `/api/incident/${inc.id}/reopen`, undefined],
      ['POST', `/api/incident/${inc.id}/markongoing`, undefined],
      ['GET', `/api/incident?flow_id=${flowId}`, undefined],
      ['GET', `/api/incidenttype/${storing.id}`, undefined],
      ['PATCH', `/api/incidenttype/${storing.id}`, { name: 'x' }],
      ['DELETE', `/api/incidenttype/${storing.id}`, undefined],
    ] as const)
      expect((await t.api(method, path, { token: b.token, body })).status, `${method} ${path}`).toBe(404);
    const foreignFlow = await t.api('POST', '/api/incident', {
      token: b.token,
      body: { flow_id: flowId, incident_type_id: storing.id, content: 'x' },
    });
    expect(foreignFlow.status).toBe(404);
    const bType = (await t.api('POST', '/api/incidenttype', { token: b.token, body: { name: 'B' } })).body;
    const foreignType = await t.api('PATCH', `/api/incident/${inc.id}`, {
      token: a.token,
      body: { incident_type_id: bType.id },
    });
    expect(foreignType.status).toBe(422);
    const bList = await t.api('GET', '/api/incident/querypaginated?status=all', { token: b.token });
    expect(bList.body.pagination.total).toBe(0);
    expect((await t.api('GET', '/api/incidenttype', { token: b.token })).body).toHaveLength(1);
    // Nothing changed in A.
    expect((await t.api('GET', `/api/incident/${inc.id}`, { token: a.token })).body.content).toBe(
      'Omvormer geeft foutcode',
    );
  });
});

describe('flows', () => {
  it('a merge moves the incidents to the target; a trashed flow keeps them read-only', async () => {
    const rel = await createTestRelation(t, a.token, { createnewflow: true });
    const second = await t.api('POST', '/api/flow', { token: a.token, body: { relation_id: rel.id } });
    const inc = await newIncident({ flow_id: second.body.id });
    const merged = await t.api('POST', `/api/flow/${second.body.id}/mergeflow`, {
      token: a.token,
      body: { targetflow_id: rel.flow_id },
    });
    expect(merged.status).toBe(200);
    expect((await t.api('GET', `/api/incident/${inc.id}`, { token: a.token })).body.flow_id).toBe(
      rel.flow_id,
    );
    expect((await t.api('GET', `/api/incident?flow_id=${second.body.id}`, { token: a.token })).status).toBe(
      404,
    );

    expect((await t.api('DELETE', `/api/flow/${rel.flow_id}`, { token: a.token })).status).toBe(200);
    const list = await t.api('GET', `/api/incident?flow_id=${rel.flow_id}`, { token: a.token });
    expect(list.body.map((i: { id: number }) => i.id)).toEqual([inc.id]);
    const create = await t.api('POST', '/api/incident', {
      token: a.token,
      body: { flow_id: rel.flow_id, incident_type_id: storing.id, content: 'x' },
    });
    expect(create.status).toBe(409);
    expect(create.body.message).toBe(FLOW_IN_TRASH);
    expect((await t.api('POST', `/api/incident/${inc.id}/resolve`, { token: a.token })).status).toBe(409);
    const overview = await t.api('GET', '/api/incident/querypaginated?status=all', { token: a.token });
    expect(ids(overview)).not.toContain(inc.id);
  });
});

describe('the customer side (model functions for the customer pages)', () => {
  const asCustomer = <T>(fn: Parameters<TestServer['server']['deps']['db']['tenant']>[1]) =>
    t.server.deps.db.tenant({ companyId: a.companyId }, fn) as Promise<T>;

  it('reports an open, unassigned incident, notifies the handler, and resolves it by its hash', async () => {
    await t.api('PATCH', `/api/flow/${flowId}`, { token: a.token, body: { user_id: staff.id } });
    const reported = await asCustomer<{ hash: string; status: string }>((tx) =>
      reportIncidentByCustomer(tx, flowId, {
        incident_type_id: klacht.id,
        content: 'De warmtepomp maakt lawaai',
      }),
    );
    expect(reported).toMatchObject({ status: 'open', incident_type_name: 'Klacht', user_fullname: '' });
    const staffView = await t.api('GET', `/api/incident?flow_id=${flowId}`, { token: a.token });
    const row = staffView.body.find((i: { hash: string }) => i.hash === reported.hash);
    expect(row).toMatchObject({ reported_by: 'customer', user_id: null, status: 'open' });
    expect(await notificationsFor(staff.id, row.id)).toEqual([
      'Nieuw incident van de klant: Klacht: De warmtepomp maakt lawaai',
    ]);

    const done = await asCustomer<{ status: string; resolved_at: string }>((tx) =>
      resolveIncidentByCustomer(tx, reported.hash),
    );
    expect(done.status).toBe('resolved');
    expect(done.resolved_at).toBeTruthy();
    // Twice is fine; an unknown or malformed hash is null (the route answers 404).
    expect(await asCustomer((tx) => resolveIncidentByCustomer(tx, reported.hash))).toMatchObject({
      status: 'resolved',
    });
    expect(await asCustomer((tx) => resolveIncidentByCustomer(tx, 'AAAAAAAAAAAAAAAAAAAAAA'))).toBeNull();
    expect(await asCustomer((tx) => resolveIncidentByCustomer(tx, '../x'))).toBeNull();
    // Another company's hash is unknown there.
    const other = await t.server.deps.db.tenant({ companyId: b.companyId }, (tx) =>
      resolveIncidentByCustomer(tx, reported.hash),
    );
    expect(other).toBeNull();
  });

  it('hides resolved incidents older than their type’s showable_months', async () => {
    const recent = await newIncident({ incident_type_id: klacht.id, content: 'Onlangs opgelost' });
    const old = await newIncident({ incident_type_id: klacht.id, content: 'Lang geleden opgelost' });
    const open = await newIncident({ incident_type_id: klacht.id, content: 'Nog open' });
    for (const id of [recent.id, old.id])
      await t.api('POST', `/api/incident/${id}/resolve`, { token: a.token });
    // Klacht shows resolved incidents 3 months; this one was resolved 4 months ago.
    await t.server.deps.db.platform((tx) =>
      tx.execute(sql`update incident set resolved_at = now() - interval '4 months' where id = ${old.id}`),
    );
    const visible = await asCustomer<{ content: string }[]>((tx) => customerVisibleIncidents(tx, flowId));
    const texts = visible.map((i) => i.content);
    expect(texts).toContain('Onlangs opgelost');
    expect(texts).toContain('Nog open');
    expect(texts).not.toContain('Lang geleden opgelost');
    expect(visible[0]).not.toHaveProperty('id');
    // Longer showable_months brings it back.
    await t.api('PATCH', `/api/incidenttype/${klacht.id}`, { token: a.token, body: { showable_months: 6 } });
    const later = await asCustomer<{ content: string }[]>((tx) => customerVisibleIncidents(tx, flowId));
    expect(later.map((i) => i.content)).toContain('Lang geleden opgelost');
    expect(open.status).toBe('open');
  });
});
