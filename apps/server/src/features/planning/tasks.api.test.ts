import { TASK_MESSAGES } from '@im/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCrmCompany, createTestRelation, logCount } from '../../../test/crm-factories';
import { startTestServer, type TestServer } from '../../../test/test-server';
import { disabledGeocoder } from '../../platform/geocode';

let t: TestServer;
let a: { companyId: number; token: string; userId: number };
let b: { companyId: number; token: string; userId: number };
let rel: { id: number; flow_id: number };

const filters = (f: Record<string, unknown>) => encodeURIComponent(JSON.stringify(f));

beforeAll(async () => {
  t = await startTestServer({ work: false });
  a = await createCrmCompany(t, { name: 'Taken A' });
  b = await createCrmCompany(t, { name: 'Taken B' });
  rel = await createTestRelation(t, a.token, { createnewflow: true });
});
afterAll(async () => t?.close());

const post = (path: string, body: unknown, token = a.token) => t.api('POST', path, { token, body });

describe('tasks', () => {
  it('a start without an end lasts an hour; moving the start keeps the duration; end before start is refused', async () => {
    const res = await post('/api/task', {
      flow_id: rel.flow_id,
      description: 'Panelen leggen',
      type: 'uitvoering',
      start_date: '2026-12-01T08:00:00+01:00',
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      end_date: '2026-12-01T09:00:00+01:00',
      status: 'open',
      flow_id: rel.flow_id,
      relation_id: rel.id,
      display_color: '#2f9e44',
      amountofpeople: 1,
    });
    const id = res.body.id;
    await t.api('PATCH', `/api/task/${id}`, {
      token: a.token,
      body: { end_date: '2026-12-01T12:00:00+01:00' },
    });
    const moved = await t.api('PATCH', `/api/task/${id}`, {
      token: a.token,
      body: { start_date: '2026-12-03T07:30:00+01:00' },
    });
    expect(moved.body.end_date).toBe('2026-12-03T11:30:00+01:00');
    const bad = await t.api('PATCH', `/api/task/${id}`, {
      token: a.token,
      body: { end_date: '2026-12-03T07:00:00+01:00' },
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.end_date).toEqual([TASK_MESSAGES.endBeforeStart]);
    const done = await t.api('PATCH', `/api/task/${id}`, { token: a.token, body: { status: 'afgerond' } });
    expect(done.body).toMatchObject({ status: 'afgerond', planning_status: 'completed' });
    expect(done.body.completiondate).not.toBeNull();
    expect(await logCount(t, 'task', id, 'status')).toBe(1);
    for (const body of [{ type: 'klus' }, { color: 'rood' }, { amountofpeople: 0 }, { start_date: 'morgen' }])
      expect((await t.api('PATCH', `/api/task/${id}`, { token: a.token, body })).status).toBe(422);
  });

  it('derives the planning status: ongepland, over datum, onhold, upcoming', async () => {
    const mk = async (body: Record<string, unknown>) =>
      (await post('/api/task', { flow_id: rel.flow_id, description: 'x', ...body })).body;
    expect(await mk({})).toMatchObject({ planning_status: 'unplanned', planning_label: 'ongepland' });
    expect(await mk({ start_date: '2020-01-01T08:00:00Z' })).toMatchObject({
      planning_status: 'unfinished',
      planning_label: 'over datum',
    });
    expect(await mk({ status: 'onhold' })).toMatchObject({
      planning_status: 'unfinished',
      planning_label: 'onhold',
    });
    expect(await mk({ start_date: '2099-01-01T08:00:00Z' })).toMatchObject({ planning_status: 'upcoming' });
  });

  it('plans from a template, duplicates, and lets a following user move with the leader', async () => {
    const template = await post('/api/task', {
      description: 'Opname dak en meterkast',
      type: 'opname',
      is_template: 1,
      duration: 90,
      color: '#7048e8',
    });
    expect(template.body.is_template).toBe(true);
    expect((await post('/api/task', { description: 'x', is_template: 1, flow_id: rel.flow_id })).status).toBe(
      422,
    );
    const templates = await t.api('GET', `/api/flow/${rel.flow_id}/gettasktemplates`, { token: a.token });
    expect(templates.body.map((x: { id: number }) => x.id)).toContain(template.body.id);

    const planned = await post('/api/task/storefromtemplate', {
      flow_id: rel.flow_id,
      tasktemplate_id: template.body.id,
    });
    expect(planned.status).toBe(201);
    expect(planned.body).toMatchObject({
      description: 'Opname dak en meterkast',
      type: 'opname',
      duration: 90,
      color: '#7048e8',
      display_color: '#7048e8',
      tasktemplate_id: template.body.id,
      is_template: false,
      planning_label: 'ongepland',
    });
    const notTemplate = await post('/api/task/storefromtemplate', {
      flow_id: rel.flow_id,
      tasktemplate_id: planned.body.id,
    });
    expect(notTemplate.status).toBe(422);
    // A start on a task with a duration lasts that duration.
    const started = await t.api('PATCH', `/api/task/${planned.body.id}`, {
      token: a.token,
      body: { start_date: '2026-12-05T10:00:00+01:00', end_date: '2026-12-05T11:30:00+01:00' },
    });
    expect(started.status).toBe(200);

    const copy = await post(`/api/task/${planned.body.id}/duplicate`, {});
    expect(copy.status).toBe(201);
    expect(copy.body).toMatchObject({
      description: 'Opname dak en meterkast',
      start_date: null,
      flow_id: rel.flow_id,
    });

    const colleague = await t.createTestUser({ companyId: a.companyId, role: 100 });
    const follower = await post('/api/task/addfollowinguser', {
      leading_task_id: planned.body.id,
      user_id: colleague.id,
    });
    expect(follower.status).toBe(201);
    expect(follower.body).toMatchObject({
      leading_task_id: planned.body.id,
      start_date: '2026-12-05T10:00:00+01:00',
    });
    await t.api('PATCH', `/api/task/${planned.body.id}`, {
      token: a.token,
      body: { start_date: '2026-12-06T10:00:00+01:00' },
    });
    const after = await t.api('GET', `/api/task/${follower.body.id}`, { token: a.token });
    expect(after.body).toMatchObject({
      start_date: '2026-12-06T10:00:00+01:00',
      end_date: '2026-12-06T11:30:00+01:00',
    });
    const leader = await t.api('GET', `/api/task/${planned.body.id}`, { token: a.token });
    expect(leader.body.following_tasks).toEqual([
      expect.objectContaining({ id: follower.body.id, user_id: colleague.id }),
    ]);
    const colors = await t.api('GET', '/api/task/getusedtaskcolors', { token: a.token });
    expect(colors.body).toContain('#7048e8');
  });

  it('plans only plannable users: hidden ones, except sales for intake and project for execution', async () => {
    const sales = await t.createTestUser({ companyId: a.companyId, role: 100, userType: 'sales' });
    await t.server.deps.db.platform((tx) =>
      tx.execute(sql`update "user" set hide_from_planning = true where id = ${sales.id}`),
    );
    const intake = await post('/api/task', {
      flow_id: rel.flow_id,
      description: 'Opname',
      type: 'opname',
      user_id: sales.id,
    });
    expect(intake.status).toBe(201);
    const project = await post('/api/task', {
      flow_id: rel.flow_id,
      description: 'Montage',
      type: 'uitvoering',
      user_id: sales.id,
    });
    expect(project.status).toBe(422);
    expect(project.body.errors.user_id).toEqual([TASK_MESSAGES.notPlannable]);
    const forIntake = await t.api('GET', '/api/task/getplannableusers?type=opname', { token: a.token });
    const forProject = await t.api('GET', '/api/task/getplannableusers?type=uitvoering', { token: a.token });
    expect(forIntake.body.map((u: { id: number }) => u.id)).toContain(sales.id);
    expect(forProject.body.map((u: { id: number }) => u.id)).not.toContain(sales.id);
  });

  it('lists open or on-hold tasks by default, filters by JSON, and puts them on the map at their address', async () => {
    const c = await createCrmCompany(t, { name: 'Taken kaart' });
    const r = await createTestRelation(t, c.token, { createnewflow: true });
    const place = await post(
      '/api/location',
      { relation_id: r.id, address: 'Dorpsstraat', number: '1', city: 'Heerenveen', lat: 52.96, lng: 5.92 },
      c.token,
    );
    expect(place.status).toBe(201);
    const mk = (body: Record<string, unknown>) =>
      post(
        '/api/task',
        { flow_id: r.flow_id, description: 'Taak', linked_location: place.body.id, ...body },
        c.token,
      );
    await mk({ type: 'uitvoering' });
    await mk({ type: 'opname', status: 'onhold' });
    await mk({ type: 'service', status: 'afgerond' });
    await post('/api/task', { description: 'Sjabloon', is_template: true }, c.token);

    const page = (f: Record<string, unknown>, extra = '') =>
      t.api('GET', `/api/task/getopentasks?filters=${filters(f)}${extra}`, { token: c.token });
    expect((await page({})).body.pagination.total).toBe(2);
    expect((await page({ status: 'all' })).body.pagination.total).toBe(3);
    expect((await page({ type: 'opname' })).body.data.map((x: { type: string }) => x.type)).toEqual([
      'opname',
    ]);
    expect((await page({}, '&limit=1')).body.data).toHaveLength(1);
    const badJson = await t.api('GET', '/api/task/getopentasks?filters=%7Bstatus', { token: c.token });
    expect(badJson.status).toBe(422);
    expect((await page({ status: 'klaar' })).status).toBe(422);

    const map = await t.api('GET', `/api/task/getopentasksmap?filters=${filters({})}`, { token: c.token });
    expect(map.body).toMatchObject({ center: [52.5, 6.08], zoom: 9, without_coordinates: 0 });
    expect(map.body.points).toHaveLength(2);
    expect(map.body.points.map((p: { color: string }) => p.color).sort()).toEqual(['#2f9e44', '#f59f00']);
    expect(map.body.points[0]).toMatchObject({ lat: 52.96, lng: 5.92 });
    const other = await t.api('GET', `/api/task/getopentasksmap?filters=${filters({ status: 'all' })}`, {
      token: b.token,
    });
    expect(other.body.points).toEqual([]);
  });

  it('answers 404 for another company’s task, flow, location and template', async () => {
    const mine = await post('/api/task', { flow_id: rel.flow_id, description: 'Geheim' });
    for (const method of ['GET', 'PATCH', 'DELETE'])
      expect(
        (
          await t.api(method, `/api/task/${mine.body.id}`, {
            token: b.token,
            body: method === 'PATCH' ? {} : undefined,
          })
        ).status,
      ).toBe(404);
    expect((await post('/api/task', { flow_id: rel.flow_id, description: 'x' }, b.token)).status).toBe(404);
    expect((await post(`/api/task/${mine.body.id}/duplicate`, {}, b.token)).status).toBe(404);
    expect(
      (
        await post(
          '/api/task/addfollowinguser',
          { leading_task_id: mine.body.id, user_id: b.userId },
          b.token,
        )
      ).status,
    ).toBe(404);
    expect((await t.api('DELETE', `/api/task/${mine.body.id}`, { token: a.token })).status).toBe(200);
  });
});

describe('the tasks of a relation', () => {
  it('lists the tasks of all its flows, and none of another relation or company', async () => {
    const r = await createTestRelation(t, a.token, { createnewflow: true });
    const second = await post('/api/flow', { relation_id: r.id, description: 'Tweede dossier' });
    expect(second.status).toBe(201);
    const other = await createTestRelation(t, a.token, { createnewflow: true });
    const ids: number[] = [];
    for (const flow_id of [r.flow_id, second.body.id]) {
      const res = await post('/api/task', { flow_id, description: `Taak op ${flow_id}` });
      ids.push(res.body.id);
    }
    await post('/api/task', { flow_id: other.flow_id, description: 'Elders' });
    const list = await t.api('GET', `/api/task/getopentasks?filters=${filters({ relation_id: r.id })}`, {
      token: a.token,
    });
    expect(list.status).toBe(200);
    expect(list.body.data.map((x: { id: number }) => x.id).sort()).toEqual(ids.sort());
    const foreign = await t.api('GET', `/api/task/getopentasks?filters=${filters({ relation_id: r.id })}`, {
      token: b.token,
    });
    expect(foreign.body.data).toEqual([]);
    const bad = await t.api('GET', `/api/task/getopentasks?filters=${filters({ relation_id: 'x' })}`, {
      token: a.token,
    });
    expect(bad.status).toBe(422);
  });
});

describe('a new sales user of a flow', () => {
  it('takes over the open intake tasks of the previous one when asked', async () => {
    const r = await createTestRelation(t, a.token, { createnewflow: true });
    const before = await t.createTestUser({ companyId: a.companyId, role: 100, userType: 'sales' });
    const after = await t.createTestUser({ companyId: a.companyId, role: 100, userType: 'sales' });
    await t.api('PATCH', `/api/flow/${r.flow_id}`, { token: a.token, body: { user_id: before.id } });
    const intake = await post('/api/task', {
      flow_id: r.flow_id,
      description: 'Opname',
      type: 'opname',
      user_id: before.id,
    });
    const done = await post('/api/task', {
      flow_id: r.flow_id,
      description: 'Oude opname',
      type: 'opname',
      user_id: before.id,
      status: 'afgerond',
    });
    const work = await post('/api/task', {
      flow_id: r.flow_id,
      description: 'Montage',
      type: 'uitvoering',
      user_id: before.id,
    });
    const changed = await t.api('PATCH', `/api/flow/${r.flow_id}`, {
      token: a.token,
      body: { user_id: after.id, move_intake_tasks: 1 },
    });
    expect(changed.status).toBe(200);
    const userOf = async (id: number) =>
      (await t.api('GET', `/api/task/${id}`, { token: a.token })).body.user_id;
    expect(await userOf(intake.body.id)).toBe(after.id);
    expect(await userOf(done.body.id)).toBe(before.id);
    expect(await userOf(work.body.id)).toBe(before.id);
    // Without the flag nothing moves.
    await t.api('PATCH', `/api/flow/${r.flow_id}`, { token: a.token, body: { user_id: before.id } });
    expect(await userOf(intake.body.id)).toBe(after.id);
  });
});

describe('tasks in the agenda', () => {
  it('a new duration moves the end', async () => {
    const res = await post('/api/task', {
      flow_id: rel.flow_id,
      description: 'Warmtepomp plaatsen',
      type: 'uitvoering',
      start_date: '2026-12-08T08:00:00+01:00',
    });
    const longer = await t.api('PATCH', `/api/task/${res.body.id}`, {
      token: a.token,
      body: { duration: 240 },
    });
    expect(longer.status).toBe(200);
    expect(longer.body).toMatchObject({ duration: 240, end_date: '2026-12-08T12:00:00+01:00' });
    // With a new start, the duration counts from there; an end given with it wins.
    const moved = await t.api('PATCH', `/api/task/${res.body.id}`, {
      token: a.token,
      body: { start_date: '2026-12-09T09:00:00+01:00', duration: 90 },
    });
    expect(moved.body.end_date).toBe('2026-12-09T10:30:00+01:00');
    const both = await t.api('PATCH', `/api/task/${res.body.id}`, {
      token: a.token,
      body: { duration: 30, end_date: '2026-12-09T17:00:00+01:00' },
    });
    expect(both.body.end_date).toBe('2026-12-09T17:00:00+01:00');
  });

  it('lists the planned tasks of a range with their colours, own tasks only below role 1000, none of another company', async () => {
    const opname = await post('/api/task', {
      flow_id: rel.flow_id,
      description: 'Opname dak',
      type: 'opname',
      start_date: '2027-01-11T09:00:00+01:00',
      user_id: a.userId,
    });
    const own = await post('/api/task', {
      flow_id: rel.flow_id,
      description: 'Eigen kleur',
      type: 'overig',
      color: '#123456',
      start_date: '2027-01-12T13:00:00+01:00',
      end_date: '2027-01-12T15:00:00+01:00',
    });
    await post('/api/task', { flow_id: rel.flow_id, description: 'Ongepland', type: 'overig' });
    await post('/api/task', {
      flow_id: rel.flow_id,
      description: 'Te laat',
      start_date: '2027-02-20T09:00:00+01:00',
    });
    const range = (token: string, extra = '') =>
      t.api(
        'GET',
        `/api/task/calendar?from=${encodeURIComponent('2027-01-11T00:00:00+01:00')}&to=${encodeURIComponent('2027-01-18T00:00:00+01:00')}${extra}`,
        { token },
      );
    const week = await range(a.token);
    expect(week.status).toBe(200);
    expect(week.body.map((x: { id: number }) => x.id)).toEqual([opname.body.id, own.body.id]);
    expect(week.body[0]).toMatchObject({
      description: 'Opname dak',
      type: 'opname',
      start_date: '2027-01-11T09:00:00+01:00',
      end_date: '2027-01-11T10:00:00+01:00',
      flow_id: rel.flow_id,
      user_id: a.userId,
    });
    expect(week.body[0].display_color).toMatch(/^#[0-9a-f]{6}$/i);
    expect(week.body[1].display_color).toBe('#123456');
    expect((await range(a.token, `&user=${a.userId}`)).body).toHaveLength(1);
    expect((await range(b.token)).body).toEqual([]);

    const low = await createCrmCompany(t, { name: 'Taken C', role: 100 });
    const lowUser = (await t.api('GET', '/api/user/getcurrentuser', { token: low.token })).body;
    expect((await range(low.token, `&user=${lowUser.currentuser_id + 1000}`)).status).toBe(403);
    expect((await range(a.token, '&user=abc')).status).toBe(422);
    const tooLong = await t.api(
      'GET',
      `/api/task/calendar?from=${encodeURIComponent('2027-01-01T00:00:00Z')}&to=${encodeURIComponent('2027-06-01T00:00:00Z')}`,
      { token: a.token },
    );
    expect(tooLong.status).toBe(422);
    expect((await t.api('GET', '/api/task/calendar', { token: a.token })).status).toBe(422);
  });
});

describe('the task map', () => {
  it('geocodes the work address of a task without coordinates, and names the addresses it cannot find', async () => {
    const asked: string[] = [];
    t.server.deps.geocoder = {
      ...disabledGeocoder,
      name: 'fake',
      async geocode(q) {
        asked.push(`${q.address} ${q.number}`);
        return q.address === 'Nergensweg'
          ? { status: 'ZERO_RESULTS' }
          : { status: 'OK', lat: 53.2, lng: 6.56 };
      },
    };
    try {
      const c = await createCrmCompany(t, { name: 'Taken geocode' });
      const r = await createTestRelation(t, c.token, { createnewflow: true });
      // Saved while the geocoder was off (the test server's GEOCODER=none): no coordinates.
      const found = await post(
        '/api/location',
        {
          relation_id: r.id,
          address: 'Oosterstraat',
          number: '14',
          postcode: '9711 NV',
          city: 'Groningen',
          lat: null,
          lng: null,
        },
        c.token,
      );
      const lost = await post(
        '/api/location',
        { relation_id: r.id, address: 'Nergensweg', number: '1', city: 'Nergens', lat: null, lng: null },
        c.token,
      );
      expect(found.body).toMatchObject({ id: expect.any(Number) });
      expect(found.body.lat ?? null).toBeNull();
      for (const place of [found.body.id, lost.body.id])
        await post(
          '/api/task',
          { flow_id: r.flow_id, description: 'Op de kaart', linked_location: place },
          c.token,
        );

      const url = `/api/task/getopentasksmap?filters=${filters({})}`;
      const map = await t.api('GET', url, { token: c.token });
      expect(map.status).toBe(200);
      expect(map.body.points).toHaveLength(1);
      expect(map.body.points[0]).toMatchObject({ lat: 53.2, lng: 6.56 });
      expect(map.body).toMatchObject({ without_coordinates: 1, unfound_addresses: 1 });
      expect(asked.sort()).toEqual(['Nergensweg 1', 'Oosterstraat 14']);
      const stored = await t.api('GET', `/api/location/${found.body.id}`, { token: c.token });
      expect(stored.body).toMatchObject({ lat: 53.2, lng: 6.56 });

      // The found address is stored, the lost one not asked again for a while; the note stays.
      asked.length = 0;
      const again = await t.api('GET', url, { token: c.token });
      expect(again.body).toMatchObject({ without_coordinates: 1, unfound_addresses: 1 });
      expect(asked).toEqual([]);
      // Another company's map neither sees nor geocodes these.
      const other = await t.api('GET', url, { token: b.token });
      expect(other.body).toMatchObject({ points: [], unfound_addresses: 0 });
      expect(asked).toEqual([]);
    } finally {
      t.server.deps.geocoder = disabledGeocoder;
    }
  });
});
