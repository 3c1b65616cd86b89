import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCrmCompany, createTestRelation } from '../../../test/crm-factories';
import { startTestServer, type TestServer } from '../../../test/test-server';
import { DEPTH_REASON } from './engine';

let t: TestServer;
let a: { companyId: number; token: string; userId: number };
let b: { companyId: number; token: string; userId: number };

beforeAll(async () => {
  t = await startTestServer();
  a = await createCrmCompany(t, { name: 'Regels A' });
  b = await createCrmCompany(t, { name: 'Regels B' });
});
afterAll(async () => t?.close());

type Delayed = { id: number; rule_id: number; status: string; due_at: string; reason: string | null };

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until<T>(read: () => Promise<T>, ok: (v: T) => boolean, ms = 15_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await read();
    if (ok(v) || Date.now() > end) return v;
    await sleep(100);
  }
}

async function newFlow(token: string): Promise<number> {
  const rel = await createTestRelation(t, token, { createnewflow: true });
  return rel.flow_id as number;
}

async function rule(token: string, body: Record<string, unknown>) {
  const res = await t.api('POST', '/api/eventtriggerrule', { token, body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

const runs = async (token: string, flowId: number) =>
  (await t.api('GET', `/api/flow/${flowId}/ruleruns?limit=100`, { token })).body.data as {
    outcome: string;
    reason: string;
    rule_id: number;
    conditions: { holds: boolean; actual: string }[];
  }[];

const notes = async (companyId: number, flowId: number) =>
  (
    await t.server.deps.db.tenant({ companyId }, (tx) =>
      tx.execute<{ content: string }>(sql`select content from note where flow_id = ${flowId} order by id`),
    )
  ).rows.map((r) => r.content);

describe('event triggers', () => {
  it('lists every trigger with Dutch descriptions; the admin edits one, others may not', async () => {
    const list = await t.api('GET', '/api/eventtrigger', { token: a.token });
    expect(list.status).toBe(200);
    const sent = list.body.find((x: { tag: string }) => x.tag === 'quotation_sent');
    expect(sent).toMatchObject({
      description: 'Offerte verstuurd',
      flowstage: 'quotation',
      hasDocument: true,
    });
    expect(list.body.some((x: { tag: string }) => x.tag === 'leaddate_project_start')).toBe(true);
    expect(
      (await t.api('PATCH', `/api/eventtrigger/${sent.id}`, { token: a.token, body: { description: 'x' } }))
        .status,
    ).toBe(403);
  });
});

describe('rules', () => {
  it('fires on a status change, in its own transaction, and says why in the flow log', async () => {
    const created = await rule(a.token, {
      event_trigger_tag: 'flow_status_changed',
      type: 'create_note',
      text: 'Status gewijzigd, klant bellen.',
      description: 'Notitie bij statuswijziging',
      conditions: [{ type: 'flow', field_name: 'flow_status', operator: 'issame', field_value: 'quotation' }],
    });
    expect(created).toMatchObject({
      type_label: 'Notitie aanmaken',
      event_trigger_description: 'Status van het dossier gewijzigd',
      conditions: [{ pretty_description: 'Status is gelijk aan Offerte' }],
    });
    const flowId = await newFlow(a.token);
    expect(
      (
        await t.api('POST', `/api/flow/${flowId}/changestatus`, {
          token: a.token,
          body: { flow_status: 'intake' },
        })
      ).status,
    ).toBe(200);
    const skipped = await until(
      () => runs(a.token, flowId),
      (r) => r.some((x) => x.outcome === 'skipped'),
    );
    expect(skipped.find((x) => x.outcome === 'skipped')).toMatchObject({
      reason: 'Niet aan alle voorwaarden voldaan.',
      conditions: [{ holds: false, actual: 'Opname' }],
    });
    await t.api('POST', `/api/flow/${flowId}/changestatus`, {
      token: a.token,
      body: { flow_status: 'quotation' },
    });
    await until(
      () => notes(a.companyId, flowId),
      (n) => n.length > 0,
    );
    expect(await notes(a.companyId, flowId)).toEqual(['Status gewijzigd, klant bellen.']);
    const fired = (await runs(a.token, flowId)).find((x) => x.outcome === 'fired');
    expect(fired?.conditions).toEqual([
      { pretty_description: 'Status is gelijk aan Offerte', holds: true, actual: 'Offerte' },
    ]);
    await t.api('DELETE', `/api/eventtriggerrule/${created.id}`, { token: a.token });
  });

  it('a dry run explains which rules would run and why one would not', async () => {
    const r = await rule(a.token, {
      event_trigger_tag: 'quotation_sent',
      type: 'create_action',
      user_id: 9999999,
      text: 'Offerte nabellen',
      is_delayed: 1,
      delaytime_raw: 3,
      delaytime_unit: 'days',
      conditions: [{ type: 'flow', field_name: 'lead_source', operator: 'issame', field_value: 'Beurs' }],
    });
    expect(r).toMatchObject({ delaytime: 4320, delaytime_raw: 3, delaytime_unit: 'days' });
    const flowId = await newFlow(a.token);
    const dry = await t.api('POST', '/api/eventtriggerrule/dryrun', {
      token: a.token,
      body: { flow_id: flowId, event_trigger_tag: 'quotation_sent' },
    });
    expect(dry.status).toBe(200);
    expect(dry.body).toEqual([
      expect.objectContaining({
        rule_id: r.id,
        would_fire: false,
        reason: 'Niet aan alle voorwaarden voldaan.',
        conditions: [
          { pretty_description: 'Leadbron is gelijk aan Beurs', holds: false, actual: 'Eigen website' },
        ],
      }),
    ]);
    expect(
      (await t.api('POST', '/api/eventtriggerrule/dryrun', { token: b.token, body: { flow_id: flowId } }))
        .status,
    ).toBe(404);
    await t.api('DELETE', `/api/eventtriggerrule/${r.id}`, { token: a.token });
  });

  it('a delayed rule waits on the flow, fires within seconds of its moment, and a cancel tag cancels it', async () => {
    const r = await rule(a.token, {
      event_trigger_tag: 'flow_created',
      type: 'create_note',
      text: 'Na een uur: nog niets gehoord?',
      is_delayed: true,
      delaytime_raw: 1,
      delaytime_unit: 'hours',
      cancel_tags: 'gebeld, afgehandeld',
    });
    const first = await newFlow(a.token);
    const second = await newFlow(a.token);
    const pending = await until(
      async () => (await t.api('GET', `/api/flow/${first}/delayedrules`, { token: a.token })).body,
      (d: Delayed[]) => d.length > 0,
    );
    expect(pending[0]).toMatchObject({
      rule_id: r.id,
      status: 'pending',
      event_trigger_description: 'Dossier aangemaakt',
    });
    expect(Date.parse(pending[0]!.due_at) - Date.now()).toBeGreaterThan(50 * 60_000);
    // The second flow gets a tag that cancels its run.
    await until(
      async () => (await t.api('GET', `/api/flow/${second}/delayedrules`, { token: a.token })).body,
      (d: Delayed[]) => d.length > 0,
    );
    await t.api('PATCH', `/api/flow/${second}`, { token: a.token, body: { tags: ['Gebeld'] } });
    const cancelled = await until(
      async () => (await t.api('GET', `/api/flow/${second}/delayedrules`, { token: a.token })).body,
      (d: Delayed[]) => d[0]?.status === 'cancelled',
    );
    expect(cancelled[0]).toMatchObject({ status: 'cancelled', reason: "Geannuleerd door de tag 'gebeld'." });
    // The first one's moment comes: it fires once.
    const due = new Date(Date.now() + 1500).toISOString();
    expect(
      (await t.api('PATCH', `/api/delayedrule/${pending[0]!.id}`, { token: a.token, body: { due_at: due } }))
        .status,
    ).toBe(200);
    const fired = await until(
      async () => (await t.api('GET', `/api/flow/${first}/delayedrules`, { token: a.token })).body,
      (d: Delayed[]) => d[0]?.status === 'fired',
    );
    expect(fired[0]!.status).toBe('fired');
    expect(await notes(a.companyId, first)).toEqual(['Na een uur: nog niets gehoord?']);
    expect(await notes(a.companyId, second)).toEqual([]);
    // Deleting a run that is no longer pending answers 409; another company's id 404.
    expect((await t.api('DELETE', `/api/delayedrule/${pending[0]!.id}`, { token: a.token })).status).toBe(
      409,
    );
    expect((await t.api('DELETE', `/api/delayedrule/${pending[0]!.id}`, { token: b.token })).status).toBe(
      404,
    );
    await t.api('DELETE', `/api/eventtriggerrule/${r.id}`, { token: a.token });
  });

  it('a date rule is planned a delay before the lead date and planned again when the date moves', async () => {
    const r = await rule(a.token, {
      event_trigger_tag: 'leaddate_project_start',
      type: 'create_note',
      text: 'Morgen start de uitvoering.',
      is_delayed: true,
      delaytime_raw: -1,
      delaytime_unit: 'days',
    });
    const flowId = await newFlow(a.token);
    const start = new Date(Date.now() + 10 * 86_400_000);
    await t.api('PATCH', `/api/lead/${flowId}`, {
      token: a.token,
      body: { date_project_start: start.toISOString() },
    });
    const planned = await until(
      async () => (await t.api('GET', `/api/flow/${flowId}/delayedrules`, { token: a.token })).body,
      (d: Delayed[]) => d.length > 0,
    );
    expect(Date.parse(planned[0]!.due_at)).toBe(start.getTime() - 86_400_000);
    const later = new Date(start.getTime() + 86_400_000);
    await t.api('PATCH', `/api/lead/${flowId}`, {
      token: a.token,
      body: { date_project_start: later.toISOString() },
    });
    const replanned = await until(
      async () => (await t.api('GET', `/api/flow/${flowId}/delayedrules`, { token: a.token })).body,
      (d: Delayed[]) => d.length > 1,
    );
    expect(replanned.map((d) => [d.status, Date.parse(d.due_at)])).toEqual([
      ['pending', later.getTime() - 86_400_000],
      ['cancelled', start.getTime() - 86_400_000],
    ]);
    await t.api('DELETE', `/api/eventtriggerrule/${r.id}`, { token: a.token });
  });

  it('rules that set each other off stop at the depth limit, logged', async () => {
    const toIntake = await rule(a.token, {
      event_trigger_tag: 'flow_status_changed',
      type: 'change_status',
      text: 'intake',
      conditions: [{ type: 'flow', field_name: 'flow_status', operator: 'issame', field_value: 'quotation' }],
    });
    const toQuotation = await rule(a.token, {
      event_trigger_tag: 'flow_status_changed',
      type: 'change_status',
      text: 'quotation',
      conditions: [{ type: 'flow', field_name: 'flow_status', operator: 'issame', field_value: 'intake' }],
    });
    const flowId = await newFlow(a.token);
    await t.api('POST', `/api/flow/${flowId}/changestatus`, {
      token: a.token,
      body: { flow_status: 'quotation' },
    });
    const log = await until(
      () => runs(a.token, flowId),
      (r) => r.some((x) => x.reason === DEPTH_REASON),
      20_000,
    );
    expect(log.filter((x) => x.outcome === 'fired').length).toBe(5);
    await sleep(500);
    expect(
      (await runs(a.token, flowId)).filter((x) => x.reason === DEPTH_REASON).length,
    ).toBeGreaterThanOrEqual(1);
    await t.api('DELETE', `/api/eventtriggerrule/${toIntake.id}`, { token: a.token });
    await t.api('DELETE', `/api/eventtriggerrule/${toQuotation.id}`, { token: a.token });
  });

  it("another company's rules never fire on a company's events; its ids are 404", async () => {
    const other = await rule(b.token, {
      event_trigger_tag: 'flow_created',
      type: 'create_note',
      text: 'Van B',
    });
    const flowId = await newFlow(a.token);
    await sleep(1500);
    expect(await notes(a.companyId, flowId)).toEqual([]);
    expect((await runs(a.token, flowId)).length).toBe(0);
    for (const [method, path] of [
      ['GET', `/api/eventtriggerrule/${other.id}`],
      ['PATCH', `/api/eventtriggerrule/${other.id}`],
      ['DELETE', `/api/eventtriggerrule/${other.id}`],
      ['POST', `/api/eventtriggerrule/${other.id}/duplicate`],
      ['GET', `/api/flow/${flowId}/ruleruns`],
      ['GET', `/api/flow/${flowId}/delayedrules`],
    ] as const) {
      const res = await t.api(method, path, {
        token: path.includes('/flow/') ? b.token : a.token,
        body:
          method === 'PATCH'
            ? { event_trigger_tag: 'flow_created', type: 'create_note', text: 'x' }
            : undefined,
      });
      expect(res.status, `${method} ${path}`).toBe(404);
    }
  });

  it('refuses bad rules with Dutch messages, never 500', async () => {
    const bad = async (body: unknown) => t.api('POST', '/api/eventtriggerrule', { token: a.token, body });
    const missingUser = await bad({ event_trigger_tag: 'flow_created', type: 'create_action', text: 'x' });
    expect(missingUser.status).toBe(422);
    expect(JSON.stringify(missingUser.body)).toContain('Kies een gebruiker.');
    expect((await bad({ event_trigger_tag: 'nope', type: 'create_note', text: 'x' })).status).toBe(422);
    expect(
      (await bad({ event_trigger_tag: 'flow_created', type: 'send_email', morph_id: 999999 })).status,
    ).toBe(422);
    expect(
      (await bad({ event_trigger_tag: 'flow_created', type: 'change_handler', user_id: b.userId })).status,
    ).toBe(422);
    expect(
      (
        await bad({
          event_trigger_tag: 'flow_created',
          type: 'create_note',
          text: 'x',
          is_delayed: 1,
          delaytime_raw: 1e308,
        })
      ).status,
    ).toBe(422);
    expect((await bad('not json at all')).status).toBeGreaterThanOrEqual(400);
    const other = await rule(a.token, {
      event_trigger_tag: 'flow_created',
      type: 'create_note',
      text: 'Kopie mij',
    });
    const copy = await t.api('POST', `/api/eventtriggerrule/${other.id}/duplicate`, { token: a.token });
    expect(copy.status).toBe(201);
    expect(copy.body.description).toBe('Notitie aanmaken (kopie)');
    for (const id of [other.id, copy.body.id])
      await t.api('DELETE', `/api/eventtriggerrule/${id}`, { token: a.token });
  });

  it('a redelivered event runs a rule once', async () => {
    const r = await rule(a.token, {
      event_trigger_tag: 'flow_created',
      type: 'create_note',
      text: 'Eén keer',
    });
    const flowId = await newFlow(a.token);
    await until(
      () => notes(a.companyId, flowId),
      (n) => n.length > 0,
    );
    const [event] = (
      await t.server.deps.db.platform((tx) =>
        tx.execute<
          Record<string, unknown>
        >(sql`select id::text, kind, company_id, entity_type, entity_id, flow_id,
          actor_user_id, actor_admin_user_id, changed, changes, rule_depth, to_json(created_at) #>> '{}' as created_at
          from domain_event where kind = 'flow.create' and flow_id = ${flowId}`),
      )
    ).rows;
    await t.server.workflow.handle([event as never]);
    expect(await notes(a.companyId, flowId)).toEqual(['Eén keer']);
    await t.api('DELETE', `/api/eventtriggerrule/${r.id}`, { token: a.token });
  });
});

describe('rule options', () => {
  it("lists the company's own records the rule modal offers", async () => {
    const res = await t.api('GET', '/api/eventtriggerrule/options', { token: a.token });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(
      [
        'documenttemplates',
        'flow_tags',
        'flowphases',
        'flowprofiles',
        'formfields',
        'mailtemplates',
        'messagetemplates',
        'partners',
        'tasktemplates',
        'users',
        'webhookconnections',
      ].sort(),
    );
    expect(res.body.users.map((u: { id: number }) => u.id)).toContain(a.userId);
    expect(res.body.users.map((u: { id: number }) => u.id)).not.toContain(b.userId);
    expect(res.body.flowphases.length).toBeGreaterThan(0);
  });
});
