import { PLANNING_MESSAGES, zAgendaItem } from '@im/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCrmCompany, createTestRelation, logCount } from '../../../test/crm-factories';
import { startTestServer, type TestServer } from '../../../test/test-server';
import { OWN_ACTIONS_ONLY } from './actions';
import { OWN_AGENDA_ONLY, TOO_LONG } from './agenda-items';

let t: TestServer;
let a: { companyId: number; token: string; userId: number };
let b: { companyId: number; token: string; userId: number };
/** A role-100 colleague in company A. */
let staff: { id: number; token: string };
let rel: { id: number; flow_id: number };

const iso = (d: Date) => d.toISOString();
const inHours = (h: number) => new Date(Date.now() + h * 3_600_000);

beforeAll(async () => {
  t = await startTestServer({ work: false });
  a = await createCrmCompany(t, { name: 'Planning A' });
  b = await createCrmCompany(t, { name: 'Planning B' });
  const u = await t.createTestUser({ companyId: a.companyId, role: 100 });
  staff = { id: u.id, token: await t.login(u.email) };
  rel = await createTestRelation(t, a.token, { createnewflow: true });
});
afterAll(async () => t?.close());

describe('notes', () => {
  it('keeps notes on a relation and its flows, sticky ones first, and logs them', async () => {
    const plain = await t.api('POST', '/api/note', {
      token: a.token,
      body: { relation_id: rel.id, content: 'Klant belt terug na de vakantie' },
    });
    expect(plain.status).toBe(201);
    expect(plain.body).toMatchObject({ noteable_type: 'relation', relation_id: rel.id, sticky: false });
    const onFlow = await t.api('POST', '/api/note', {
      token: a.token,
      body: { flow_id: rel.flow_id, content: 'Dak op het zuiden', sticky: 1 },
    });
    expect(onFlow.status).toBe(201);
    expect(onFlow.body).toMatchObject({
      noteable_type: 'flow',
      flow_id: rel.flow_id,
      relation_id: rel.id,
      sticky: true,
    });
    expect(onFlow.body.user_fullname).toContain('Test');

    const list = await t.api('GET', `/api/note?relation_id=${rel.id}`, { token: a.token });
    expect(list.body.map((n: { id: number }) => n.id)).toEqual([onFlow.body.id, plain.body.id]);
    const flowNotes = await t.api('GET', `/api/note?flow_id=${rel.flow_id}`, { token: a.token });
    expect(flowNotes.body.map((n: { id: number }) => n.id)).toEqual([onFlow.body.id]);

    const unstick = await t.api('PATCH', `/api/note/${onFlow.body.id}`, {
      token: a.token,
      body: { sticky: '0' },
    });
    expect(unstick.body.sticky).toBe(false);
    expect(await logCount(t, 'note', onFlow.body.id, 'update')).toBe(1);
    expect((await t.api('DELETE', `/api/note/${plain.body.id}`, { token: a.token })).status).toBe(200);
    expect((await t.api('GET', `/api/note/${plain.body.id}`, { token: a.token })).status).toBe(404);
  });

  it('refuses empty notes, two owners, and another company’s records', async () => {
    const empty = await t.api('POST', '/api/note', {
      token: a.token,
      body: { relation_id: rel.id, content: '  ' },
    });
    expect(empty.status).toBe(422);
    const two = await t.api('POST', '/api/note', {
      token: a.token,
      body: { relation_id: rel.id, flow_id: rel.flow_id, content: 'x' },
    });
    expect(two.status).toBe(422);
    expect(two.body.errors.relation_id).toEqual([PLANNING_MESSAGES.oneTarget]);
    const foreign = await t.api('POST', '/api/note', {
      token: b.token,
      body: { relation_id: rel.id, content: 'x' },
    });
    expect(foreign.status).toBe(404);
    const mine = await t.api('POST', '/api/note', {
      token: a.token,
      body: { relation_id: rel.id, content: 'geheim' },
    });
    for (const [method, body] of [
      ['GET', undefined],
      ['PATCH', { content: 'x' }],
      ['DELETE', undefined],
    ] as const)
      expect((await t.api(method, `/api/note/${mine.body.id}`, { token: b.token, body })).status).toBe(404);
    expect((await t.api('GET', `/api/note?relation_id=${rel.id}`, { token: b.token })).status).toBe(404);
  });
});

describe('actions', () => {
  it('a new action is due now (seconds zeroed), overdue 48 hours later, normal priority, for everyone', async () => {
    const before = Date.now();
    const res = await t.api('POST', '/api/action', {
      token: a.token,
      body: { flow_id: rel.flow_id, description: 'Offerte nabellen' },
    });
    expect(res.status).toBe(201);
    const due = new Date(res.body.due_date).getTime();
    expect(due).toBeLessThanOrEqual(before);
    expect(before - due).toBeLessThan(61_000);
    expect(new Date(res.body.due_date).getSeconds()).toBe(0);
    expect(new Date(res.body.overdue_date).getTime() - due).toBe(48 * 3_600_000);
    expect(res.body).toMatchObject({
      priority: 'normal',
      status: 'open',
      list: 'future',
      user_id: 0,
      isdue: true,
      isoverdue: false,
      actionable_type: 'flow',
      flow_id: rel.flow_id,
      relation_id: rel.id,
    });
    expect(await logCount(t, 'action', res.body.id, 'create')).toBe(1);
  });

  it('user 9999999 is the flow’s handler, or the caller when the flow has none', async () => {
    const noHandler = await t.api('POST', '/api/action', {
      token: a.token,
      body: { flow_id: rel.flow_id, description: 'Bellen', user_id: 9999999 },
    });
    expect(noHandler.body.user_id).toBe(a.userId);
    expect(
      (await t.api('PATCH', `/api/flow/${rel.flow_id}`, { token: a.token, body: { user_id: staff.id } }))
        .status,
    ).toBe(200);
    const handler = await t.api('POST', '/api/action', {
      token: a.token,
      body: { flow_id: rel.flow_id, description: 'Bellen', user_id: '9999999' },
    });
    expect(handler.body.user_id).toBe(staff.id);
    const foreignUser = await t.api('POST', '/api/action', {
      token: b.token,
      body: { description: 'x', user_id: staff.id },
    });
    expect(foreignUser.status).toBe(422);
    expect(foreignUser.body.errors.user_id).toEqual([PLANNING_MESSAGES.unknownUser]);
  });

  it('moving the due date moves the overdue date; due after overdue is refused; completing and reopening', async () => {
    const created = await t.api('POST', '/api/action', {
      token: a.token,
      body: {
        relation_id: rel.id,
        description: 'Subsidie aanvragen',
        due_date: '2026-12-01T09:00:00+01:00',
        overdue_date: '2026-12-03T09:00:00+01:00',
      },
    });
    const id = created.body.id;
    const moved = await t.api('PATCH', `/api/action/${id}`, {
      token: a.token,
      body: { due_date: '2026-12-10T11:30:00+01:00' },
    });
    expect(moved.body.overdue_date).toBe('2026-12-12T11:30:00+01:00');
    const bad = await t.api('PATCH', `/api/action/${id}`, {
      token: a.token,
      body: { overdue_date: '2026-12-09T11:30:00+01:00' },
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.due_date).toEqual([PLANNING_MESSAGES.dueAfterOverdue]);
    expect((await t.api('GET', `/api/action/${id}`, { token: a.token })).body.overdue_date).toBe(
      '2026-12-12T11:30:00+01:00',
    );
    const done = await t.api('PATCH', `/api/action/${id}`, { token: a.token, body: { status: 'afgerond' } });
    expect(done.body).toMatchObject({ status: 'afgerond', list: 'past', isdue: false });
    expect(done.body.completion_date).not.toBeNull();
    const reopened = await t.api('PATCH', `/api/action/${id}`, { token: a.token, body: { status: 'open' } });
    expect(reopened.body).toMatchObject({ status: 'open', list: 'future', completion_date: null });
    for (const body of [
      { priority: 'urgent' },
      { due_date: 'morgen' },
      { status: 'klaar' },
      { description: '' },
    ])
      expect((await t.api('PATCH', `/api/action/${id}`, { token: a.token, body })).status).toBe(422);
  });

  it('the overview filters by scope, priority, flow status and status; role 100 sees only own and general', async () => {
    const c = await createCrmCompany(t, { name: 'Planning overview' });
    const u = await t.createTestUser({ companyId: c.companyId, role: 100 });
    const uToken = await t.login(u.email);
    const r = await createTestRelation(t, c.token, { createnewflow: true });
    const mk = (body: Record<string, unknown>) =>
      t.api('POST', '/api/action', { token: c.token, body: { description: 'Actie', ...body } });
    await mk({ user_id: c.userId, priority: 'top', flow_id: r.flow_id });
    await mk({ user_id: u.id, priority: 'high' });
    await mk({ user_id: 0, priority: 'low' });
    const done = await mk({ user_id: c.userId });
    await t.api('PATCH', `/api/action/${done.body.id}`, { token: c.token, body: { status: 'afgerond' } });

    const page = (token: string, q: string) => t.api('GET', `/api/action/querypaginated?${q}`, { token });
    expect((await page(c.token, 'user=all')).body.pagination.total).toBe(3);
    expect((await page(c.token, 'user=all&status=all')).body.pagination.total).toBe(4);
    expect((await page(c.token, 'user=meandeveryone')).body.pagination.total).toBe(2);
    expect(
      (await page(c.token, 'user=everyone')).body.data.map((x: { user_id: number }) => x.user_id),
    ).toEqual([0]);
    expect((await page(c.token, `user=${u.id}`)).body.pagination.total).toBe(1);
    expect((await page(c.token, 'user=all&priority=top')).body.pagination.total).toBe(1);
    expect((await page(c.token, 'user=all&flow_status=new')).body.pagination.total).toBe(1);
    const sorted = await page(c.token, 'user=all&sort=-priority&limit=2');
    expect(sorted.body.data.map((x: { priority: string }) => x.priority)).toEqual(['top', 'high']);
    expect(sorted.body.pagination).toEqual({ total: 3, offset: 0, limit: 2 });
    // A page past the middle is read from the other end: same rows, same order.
    const one = async (offset: number) =>
      (await page(c.token, `user=all&sort=-priority&limit=1&offset=${offset}`)).body.data.map(
        (x: { priority: string }) => x.priority,
      );
    expect([await one(0), await one(1), await one(2), await one(3)]).toEqual([
      ['top'],
      ['high'],
      ['low'],
      [],
    ]);

    // Role 100: own and general; "all" narrows to those; another user's is refused.
    expect((await page(uToken, 'user=all')).body.pagination.total).toBe(2);
    const other = await page(uToken, `user=${c.userId}`);
    expect(other.status).toBe(403);
    expect(other.body.message).toBe(OWN_ACTIONS_ONLY);
    for (const q of ['sort=flow', 'user=iemand', 'limit=0', 'offset=-1', 'priority=x'])
      expect((await page(c.token, q)).status).toBe(422);
    // Another company sees none of them.
    expect((await page(b.token, 'user=all&status=all')).body.pagination.total).toBe(0);
    // The totals come from a tally kept by a trigger: it follows reassigning, reprioritising and deleting.
    await t.api('PATCH', `/api/action/${done.body.id}`, {
      token: c.token,
      body: { user_id: u.id, priority: 'top' },
    });
    expect((await page(c.token, `user=${u.id}&status=all`)).body.pagination.total).toBe(2);
    expect((await page(c.token, 'user=all&status=all&priority=top')).body.pagination.total).toBe(2);
    await t.api('DELETE', `/api/action/${done.body.id}`, { token: c.token });
    expect((await page(c.token, 'user=all&status=all')).body.pagination.total).toBe(3);
    const tally = await t.server.deps.db.platform((tx) =>
      tx.execute<{ tallied: number; counted: number }>(sql`select
        (select coalesce(sum(n), 0)::int from action_tally where company_id = ${c.companyId}) as tallied,
        (select count(*)::int from action where company_id = ${c.companyId}) as counted`),
    );
    expect(tally.rows[0]!.tallied).toBe(tally.rows[0]!.counted);
  });

  it('the flow status filter follows the flow’s status; me and everyone pages in due order', async () => {
    const c = await createCrmCompany(t, { name: 'Planning flow status' });
    const r = await createTestRelation(t, c.token, { createnewflow: true });
    const mk = (body: Record<string, unknown>) =>
      t.api('POST', '/api/action', { token: c.token, body: { description: 'Actie', ...body } });
    const due = (h: number) => ({ due_date: iso(inHours(h)), overdue_date: iso(inHours(h + 48)) });
    // Mine and general ones interleaved by due date; one on the flow.
    const made = [
      await mk({ user_id: c.userId, flow_id: r.flow_id, ...due(5) }),
      await mk({ user_id: 0, ...due(1) }),
      await mk({ user_id: c.userId, ...due(3) }),
      await mk({ user_id: 0, ...due(4) }),
      await mk({ user_id: c.userId, ...due(2) }),
    ].map((x) => x.body.id as number);
    const page = (q: string) => t.api('GET', `/api/action/querypaginated?${q}`, { token: c.token });
    const inOrder = [made[1], made[4], made[2], made[3], made[0]];
    const pages = [];
    for (let offset = 0; offset < 5; offset += 2)
      pages.push(...(await page(`user=meandeveryone&sort=due_date&limit=2&offset=${offset}`)).body.data);
    expect(pages.map((x: { id: number }) => x.id)).toEqual(inOrder);
    const back = await page('user=meandeveryone&sort=-due_date&limit=3&offset=1');
    expect(back.body.data.map((x: { id: number }) => x.id)).toEqual([...inOrder].reverse().slice(1, 4));

    expect((await page('user=all&flow_status=new')).body.pagination.total).toBe(1);
    const moved = await t.api('POST', `/api/flow/${r.flow_id}/changestatus`, {
      token: c.token,
      body: { flow_status: 'quotation' },
    });
    expect(moved.status).toBe(200);
    expect((await page('user=all&flow_status=new')).body.pagination.total).toBe(0);
    const quotation = await page('user=all&flow_status=quotation');
    expect(quotation.body.pagination.total).toBe(1);
    expect(quotation.body.data[0]).toMatchObject({ id: made[0], flow_status: 'quotation' });
    // A new action on the flow takes its status, whatever the writer.
    await mk({ user_id: 0, flow_id: r.flow_id });
    expect((await page('user=meandeveryone&flow_status=quotation')).body.pagination.total).toBe(2);
    expect((await page('user=everyone&flow_status=quotation')).body.data).toHaveLength(1);
    // The tally counts per flow status exactly as the table does.
    const tally = await t.server.deps.db.platform((tx) =>
      tx.execute<{ k: string; n: number }>(sql`
        select k, sum(n)::int as n from (
          select concat_ws('/', status, user_id, priority_rank, flow_status) as k, n from action_tally
          where company_id = ${c.companyId} and n <> 0
          union all
          select concat_ws('/', status, coalesce(user_id, 0), priority_rank, coalesce(flow_status, '')), -count(*)
          from action where company_id = ${c.companyId} group by 1) d
        group by k having sum(n) <> 0`),
    );
    expect(tally.rows).toEqual([]);
  });

  it('the dashboard counts open actions for me and everyone, with the overdue ones', async () => {
    const c = await createCrmCompany(t, { name: 'Planning dashboard' });
    const mk = (body: Record<string, unknown>) =>
      t.api('POST', '/api/action', {
        token: c.token,
        body: { description: 'Actie', user_id: c.userId, ...body },
      });
    await mk({ priority: 'top', due_date: iso(inHours(-96)), overdue_date: iso(inHours(-48)) });
    await mk({ priority: 'high', due_date: iso(inHours(48)) });
    await mk({ priority: 'normal', user_id: 0, due_date: iso(inHours(72)) });
    const res = await t.api('GET', '/api/user/getdashboardactions', { token: c.token });
    expect(res.body).toMatchObject({ totalCount: 3, topCount: 1, highCount: 1, overdueCount: 1 });
    expect(res.body.assignedactions.map((x: { priority: string }) => x.priority)).toEqual(['top', 'high']);
    expect(res.body.assignedactions[0].isoverdue).toBe(true);
    const overdue = await t.api('GET', '/api/user/getdashboardactions?filter=overdue', { token: c.token });
    expect(overdue.body.assignedactions).toHaveLength(1);
    const all = await t.api('GET', '/api/user/getdashboardactions?filter=all&limit=2', { token: c.token });
    expect(all.body.assignedactions).toHaveLength(2);
    expect((await t.api('GET', '/api/user/getdashboardactions?filter=x', { token: c.token })).status).toBe(
      422,
    );
    const other = await t.api('GET', '/api/user/getdashboardactions', { token: b.token });
    expect(other.body.totalCount).toBe(0);
  });

  it('answers 404 for another company’s action', async () => {
    const mine = await t.api('POST', '/api/action', { token: a.token, body: { description: 'x' } });
    expect(mine.body.actionable_type).toBe('company');
    for (const method of ['GET', 'PATCH', 'DELETE'])
      expect(
        (
          await t.api(method, `/api/action/${mine.body.id}`, {
            token: b.token,
            body: method === 'PATCH' ? {} : undefined,
          })
        ).status,
      ).toBe(404);
    expect((await t.api('GET', `/api/action?flow_id=${rel.flow_id}`, { token: b.token })).status).toBe(404);
    const list = await t.api('GET', `/api/action?relation_id=${rel.id}`, { token: a.token });
    expect(list.body.length).toBeGreaterThan(0);
    expect(list.body.every((x: { relation_id: number }) => x.relation_id === rel.id)).toBe(true);
  });
});

describe('agenda items', () => {
  it('starts now and lasts an hour by default; moving the start moves the end', async () => {
    const res = await t.api('POST', '/api/agendaitem', {
      token: a.token,
      body: { title: 'Opname dak', flow_id: rel.flow_id, location: 'Dorpsstraat 1' },
    });
    expect(res.status).toBe(201);
    expect(new Date(res.body.end_date).getTime() - new Date(res.body.start_date).getTime()).toBe(3_600_000);
    expect(res.body).toMatchObject({
      agendaitemable_type: 'flow',
      agendaitemable_id: rel.flow_id,
      morphtype: 'flow',
      user_id: a.userId,
      summary: 'Opname dak',
    });
    expect(res.body.link_label).toMatch(/^Dossier \d+/);
    const moved = await t.api('PATCH', `/api/agendaitem/${res.body.id}`, {
      token: a.token,
      body: { start_date: '2026-12-02T10:00:00+01:00' },
    });
    expect(moved.body.start_date).toBe('2026-12-02T10:00:00+01:00');
    expect(moved.body.end_date).toBe('2026-12-02T11:00:00+01:00');
    const late = await t.api('PATCH', `/api/agendaitem/${res.body.id}`, {
      token: a.token,
      body: { end_date: '2026-12-02T09:00:00+01:00' },
    });
    expect(late.status).toBe(422);
    expect(late.body.errors.start_date).toEqual([PLANNING_MESSAGES.startAfterEnd]);
    const long = await t.api('PATCH', `/api/agendaitem/${res.body.id}`, {
      token: a.token,
      body: { end_date: '2027-06-02T09:00:00+01:00' },
    });
    expect(long.status).toBe(422);
    expect(long.body.errors.end_date).toEqual([TOO_LONG]);
  });

  it('the calendar reads a range for one user or all, within the caller’s rights', async () => {
    const c = await createCrmCompany(t, { name: 'Planning agenda' });
    const u = await t.createTestUser({ companyId: c.companyId, role: 100 });
    const uToken = await t.login(u.email);
    const mk = (title: string, start: string, end: string, user_id?: number) =>
      t.api('POST', '/api/agendaitem', {
        token: c.token,
        body: { title, start_date: start, end_date: end, user_id },
      });
    await mk('Maandag', '2026-11-30T09:00:00+01:00', '2026-11-30T10:00:00+01:00');
    await mk('Over de grens', '2026-11-29T23:00:00+01:00', '2026-11-30T01:00:00+01:00', u.id);
    await mk('Volgende maand', '2027-01-05T09:00:00+01:00', '2027-01-05T10:00:00+01:00');
    const range = (token: string, q: string) =>
      t.api('GET', `/api/agendaitem?from=2026-11-30T00:00:00%2B01:00&to=2026-12-07T00:00:00%2B01:00&${q}`, {
        token,
      });
    const all = await range(c.token, 'user=all');
    expect(all.body.map((x: { title: string }) => x.title)).toEqual(['Over de grens', 'Maandag']);
    expect(all.body[0]).toMatchObject({ user_id: u.id, user_fullname: expect.stringContaining('Test') });
    // Items on records carry their labels (read once per record).
    const r = await createTestRelation(t, c.token, { createnewflow: true });
    const onRecord = (title: string, target: Record<string, number>) =>
      t.api('POST', '/api/agendaitem', {
        token: c.token,
        body: {
          title,
          start_date: '2026-12-01T09:00:00+01:00',
          end_date: '2026-12-01T10:00:00+01:00',
          ...target,
        },
      });
    const onFlow = await onRecord('Opname', { flow_id: r.flow_id });
    const onRelation = await onRecord('Bellen', { relation_id: r.id });
    const labelled = (await range(c.token, 'user=all')).body as { id: number; link_label: string }[];
    // The range answer is not checked against the schema when it is sent (5,000 items): here it is.
    expect(zAgendaItem.array().safeParse(labelled).success).toBe(true);
    expect(labelled.find((x) => x.id === onFlow.body.id)?.link_label).toBe(onFlow.body.link_label);
    expect(onFlow.body.link_label).toMatch(/^Dossier \d+/);
    expect(labelled.find((x) => x.id === onRelation.body.id)).toMatchObject({
      link_label: onRelation.body.link_label,
      morphtype: 'relation',
    });
    expect(onRelation.body.link_label).not.toBe('');
    for (const id of [onFlow.body.id, onRelation.body.id])
      await t.api('DELETE', `/api/agendaitem/${id}`, { token: c.token });
    expect((await range(c.token, `user=${u.id}`)).body.map((x: { title: string }) => x.title)).toEqual([
      'Over de grens',
    ]);
    // Role 100 sees their own items; asking for someone else's is refused.
    expect((await range(uToken, 'user=all')).body.map((x: { title: string }) => x.title)).toEqual([
      'Over de grens',
    ]);
    const other = await range(uToken, `user=${c.userId}`);
    expect(other.status).toBe(403);
    expect(other.body.message).toBe(OWN_AGENDA_ONLY);
    expect((await range(b.token, 'user=all')).body).toEqual([]);
    const tooLong = await t.api('GET', '/api/agendaitem?from=2026-01-01T00:00:00Z&to=2026-12-31T00:00:00Z', {
      token: c.token,
    });
    expect(tooLong.status).toBe(422);
    expect((await t.api('GET', '/api/agendaitem', { token: c.token })).status).toBe(422);
  });

  it('another company gets 404 for an item and its record', async () => {
    const mine = await t.api('POST', '/api/agendaitem', {
      token: a.token,
      body: { title: 'x', relation_id: rel.id },
    });
    for (const method of ['GET', 'PATCH', 'DELETE'])
      expect(
        (
          await t.api(method, `/api/agendaitem/${mine.body.id}`, {
            token: b.token,
            body: method === 'PATCH' ? { title: 'y' } : undefined,
          })
        ).status,
      ).toBe(404);
    expect((await t.api('GET', `/api/agendaitem?relation_id=${rel.id}`, { token: b.token })).status).toBe(
      404,
    );
    expect((await t.api('DELETE', `/api/agendaitem/${mine.body.id}`, { token: a.token })).status).toBe(200);
    expect(await logCount(t, 'agendaitem', mine.body.id, 'delete')).toBe(1);
  });
});

describe('calendar feed', () => {
  it('gives a secret address with the user’s items; a new address or revoking ends the old one', async () => {
    await t.api('POST', '/api/agendaitem', {
      token: a.token,
      body: {
        title: 'Warmtepomp plaatsen',
        start_date: iso(inHours(24)),
        end_date: iso(inHours(27)),
        location: 'Zwolle',
      },
    });
    expect((await t.api('GET', '/api/user/calendarfeed', { token: a.token })).body).toEqual({
      active: false,
      created_at: null,
    });
    const made = await t.api('POST', '/api/user/calendarfeed', { token: a.token });
    expect(made.status).toBe(201);
    const path = new URL(made.body.url).pathname;
    expect(path).toMatch(/^\/api\/calendar\/feed\/[A-Za-z0-9_-]{43}\.ics$/);
    const feed = await t.api('GET', path);
    expect(feed.status).toBe(200);
    expect(feed.headers.get('content-type')).toContain('text/calendar');
    expect(feed.body).toContain('BEGIN:VCALENDAR');
    expect(feed.body).toContain('SUMMARY:Warmtepomp plaatsen');
    expect(feed.body).toContain('LOCATION:Zwolle');
    // Staff of another company see nothing of it; the status never shows the address again.
    expect((await t.api('GET', '/api/user/calendarfeed', { token: a.token })).body.url).toBeUndefined();
    const renewed = await t.api('POST', '/api/user/calendarfeed', { token: a.token });
    expect((await t.api('GET', path)).status).toBe(404);
    const newPath = new URL(renewed.body.url).pathname;
    expect((await t.api('GET', newPath)).status).toBe(200);
    expect((await t.api('DELETE', '/api/user/calendarfeed', { token: a.token })).status).toBe(200);
    expect((await t.api('GET', newPath)).status).toBe(404);
    expect((await t.api('DELETE', '/api/user/calendarfeed', { token: a.token })).status).toBe(404);
    for (const bad of ['x.ics', `${'a'.repeat(43)}.ics`])
      expect((await t.api('GET', `/api/calendar/feed/${bad}`)).status).toBe(404);
    expect((await t.api('GET', '/api/calendar/feed/%00.ics')).status).toBe(422);
  });
});

describe('log items per date', () => {
  it('lists the day’s log items newest first, with where each opens', async () => {
    const note = await t.api('POST', '/api/note', {
      token: a.token,
      body: { flow_id: rel.flow_id, content: 'Log mij' },
    });
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Amsterdam' }).format(new Date());
    const res = await t.api('GET', `/api/company/getlogitems/${today}?limit=500`, { token: a.token });
    expect(res.status).toBe(200);
    const rows = res.body.data as {
      loggable_type: string;
      loggable_id: number;
      link: unknown;
      created_at: string;
    }[];
    expect(rows.find((r) => r.loggable_type === 'note' && r.loggable_id === note.body.id)?.link).toEqual({
      kind: 'note',
      id: note.body.id,
    });
    expect(rows.find((r) => r.loggable_type === 'flow')?.link).toEqual({ kind: 'relation', id: rel.id });
    const times = rows.map((r) => r.created_at);
    expect([...times].sort().reverse()).toEqual(times);
    // Another company's log is not there; a bad date is refused.
    const other = await t.api('GET', `/api/company/getlogitems/${today}?limit=500`, { token: b.token });
    expect(other.body.data.some((r: { loggable_id: number }) => r.loggable_id === note.body.id)).toBe(false);
    expect((await t.api('GET', '/api/company/getlogitems/2026-13-45', { token: a.token })).status).toBe(422);
  });

  it('a trashed relation’s items do not open', async () => {
    const r = await createTestRelation(t, a.token, { createnewflow: true });
    await t.server.deps.db.platform((tx) =>
      tx.execute(sql`update relation set deleted_at = now() where id = ${r.id}`),
    );
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Amsterdam' }).format(new Date());
    const res = await t.api('GET', `/api/company/getlogitems/${today}?limit=500`, { token: a.token });
    const row = res.body.data.find(
      (x: { loggable_type: string; loggable_id: number }) =>
        x.loggable_type === 'relation' && x.loggable_id === r.id,
    );
    expect(row.link).toBeNull();
  });
});
