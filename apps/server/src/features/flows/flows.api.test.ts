import {
  CUSTOMER_TEXTS,
  FLOW_CANCEL_BLOCKED,
  FLOW_DELETE_BLOCKED,
  MERGE_FLOW_CONFIRM,
  RELATION_DELETE_BLOCKED,
} from '@im/domain';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { addSentInvoice, removeInvoices } from '../../../test/crm-factories';
import { startTestServer, type TestServer } from '../../../test/test-server';
import { FLOW_IN_TRASH, FLOW_NOT_IN_TRASH } from './flow-access';
import { createTestFlow, createTestRelation } from './flow-test-factory';

let t: TestServer;
let companyId: number;
let token: string;
let userId: number;

beforeAll(async () => {
  t = await startTestServer({ work: false });
  companyId = await t.createTestCompany();
  const user = await t.createTestUser({ companyId });
  userId = user.id;
  token = await t.login(user.email);
});
afterEach(() => removeInvoices(t, companyId));
afterAll(async () => t?.close());

const api = (method: string, path: string, body?: unknown) => t.api(method, path, { token, body });

async function logOf(flowId: number): Promise<{ action: string; description: string }[]> {
  const res = await t.server.deps.db.platform((tx) =>
    tx.execute<{ action: string; description: string }>(
      sql`select action, description from log_item where loggable_type = 'flow' and loggable_id = ${flowId} order by id`,
    ),
  );
  return res.rows;
}

async function phasesOf(stage: string): Promise<{ id: number; description: string }[]> {
  const res = await t.server.deps.db.tenant({ companyId }, (tx) =>
    tx.execute<{ id: number; description: string }>(
      sql`select id, description from flow_phase where flowstage = ${stage} order by "order", id`,
    ),
  );
  return res.rows;
}

describe('create, read, update', () => {
  it('creates a flow for a relation with the standard profile, first phase, lead date, hash and a log item', async () => {
    const relationId = await createTestRelation(t, companyId, { name: 'Piet', surname: 'de Vries' });
    const res = await api('POST', '/api/flow', {
      relation_id: relationId,
      description: 'Warmtepomp',
      user_id: userId,
      tags: ['Spoed', 'Spoed', 'Subsidie'],
    });
    expect(res.status).toBe(201);
    const flow = res.body;
    expect(flow).toMatchObject({
      description: 'Warmtepomp',
      flow_status: 'new',
      relation_id: relationId,
      relation_fullname: 'Piet de Vries',
      address: 'Dorpsstraat 12, 8011 AB Zwolle',
      lead_source: 'Eigen website',
      tags: ['Spoed', 'Subsidie'],
      user_id: userId,
      user_fullname: expect.stringContaining('Test'),
      flow_phase: { description: 'Ongelezen' },
      status_leads: 'Ongelezen',
      status_intakes: null,
      relation: { id: relationId, fullname: 'Piet de Vries' },
      flowprofile: { name: 'Standaard' },
      files: [],
      assistfiles: [],
      deleted_at: null,
      unread: false,
    });
    expect(flow.hash).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(flow.lead.date_lead).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2}$/);
    expect(flow.lead.date_intake).toBeNull();
    expect((await logOf(flow.id)).map((l) => l.action)).toEqual(['create']);
  });

  it('refuses unknown references with field errors and never a 5xx', async () => {
    const relationId = await createTestRelation(t, companyId);
    const res = await api('POST', '/api/flow', {
      relation_id: relationId,
      user_id: 999_999,
      flowprofile_id: 999_999,
      location_id: 999_999,
    });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors).sort()).toEqual(['flowprofile_id', 'location_id', 'user_id']);
    expect((await api('POST', '/api/flow', { relation_id: 999_999 })).status).toBe(422);
    expect((await api('POST', '/api/flow', { relation_id: relationId, flow_status: 'lead' })).status).toBe(
      422,
    );
  });

  it('updates fields, checks the phase against the stage, changes the contact person and logs it', async () => {
    const flow = await createTestFlow(t, companyId);
    const other = await createTestRelation(t, companyId, {
      name: 'Klaas',
      surname: 'Bakker',
      city: 'Kampen',
    });
    const [, second] = await phasesOf('new');
    const [intakePhase] = await phasesOf('intake');
    const wrong = await api('PATCH', `/api/flow/${flow.id}`, { flow_phase_id: intakePhase!.id });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors.flow_phase_id).toBeTruthy();

    const res = await api('PATCH', `/api/flow/${flow.id}`, {
      description: 'Thuisbatterij',
      flow_phase_id: second!.id,
      lead_source: 'Telefonisch',
      relation_id: other,
      type: 'particulier',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      description: 'Thuisbatterij',
      flow_phase_id: second!.id,
      status_leads: second!.description,
      lead_source: 'Telefonisch',
      relation_id: other,
      relation_fullname: 'Klaas Bakker',
      address: expect.stringContaining('Kampen'),
      type: 'particulier',
    });
    const search = await api('GET', '/api/flow/querypaginated?query=thuisbatterij kampen');
    expect(search.body.data.map((f: { id: number }) => f.id)).toContain(flow.id);
    expect((await logOf(flow.id)).at(-1)).toMatchObject({ action: 'update' });
  });

  it('answers basic details and the relation context', async () => {
    const flow = await createTestFlow(t, companyId, { description: 'Airco' });
    const second = await createTestFlow(t, companyId, {
      relationId: flow.relationId,
      description: 'Laadpaal',
    });
    const basic = await api('GET', `/api/flow/${flow.id}/getbasicdetails`);
    expect(basic.body).toEqual({
      id: flow.id,
      number: flow.number,
      hash: flow.hash,
      description: 'Airco',
      flow_status: 'new',
      relation_fullname: 'Jan Jansen',
      address: 'Dorpsstraat 12, 8011 AB Zwolle',
    });
    const context = await api('GET', `/api/flow/${flow.id}/getrelationcontext`);
    expect(context.status).toBe(200);
    expect(context.body.relation.id).toBe(flow.relationId);
    expect(context.body.flows.map((f: { id: number }) => f.id)).toEqual([second.id, flow.id]);
    expect(context.body.locations).toHaveLength(1);
  });
});

describe('status machine and lead dates', () => {
  it('moves through the stages: lead date once, stage start now, the stage first phase or the one given', async () => {
    const flow = await createTestFlow(t, companyId);
    const before = (await api('GET', `/api/flow/${flow.id}`)).body;
    const [intakeFirst, intakeSecond] = await phasesOf('intake');

    const toIntake = await api('POST', `/api/flow/${flow.id}/changestatus`, { flow_status: 'intake' });
    expect(toIntake.status).toBe(200);
    expect(toIntake.body).toMatchObject({
      flow_status: 'intake',
      flow_phase_id: intakeFirst!.id,
      status_intakes: intakeFirst!.description,
      status_leads: null,
    });
    expect(toIntake.body.lead.date_intake).not.toBeNull();
    expect(toIntake.body.flowstage_start_at >= before.flowstage_start_at).toBe(true);
    const firstIntakeDate = toIntake.body.lead.date_intake;

    const phase = await api('POST', `/api/flow/${flow.id}/changestatus`, {
      flow_status: 'intake',
      flow_phase_id: intakeSecond!.id,
    });
    expect(phase.body.flow_phase_id).toBe(intakeSecond!.id);
    expect(phase.body.flowstage_start_at).toBe(toIntake.body.flowstage_start_at);

    await api('POST', `/api/flow/${flow.id}/changestatus`, { flow_status: 'quotation' });
    const back = await api('POST', `/api/flow/${flow.id}/changestatus`, { flow_status: 'intake' });
    expect(back.body.lead.date_intake).toBe(firstIntakeDate);
    expect(back.body.lead.date_quotation).not.toBeNull();

    const done = await api('POST', `/api/flow/${flow.id}/changestatus`, { flow_status: 'completed' });
    expect(done.body).toMatchObject({ flow_status: 'completed', flow_phase_id: null });
    expect(done.body.lead.date_archived).not.toBeNull();
    const log = await logOf(flow.id);
    expect(log.filter((l) => l.action === 'status').length).toBeGreaterThanOrEqual(4);
    expect(log.some((l) => l.description.includes('van Lead naar Opname'))).toBe(true);
  });

  it('refuses a phase of another stage and unknown statuses', async () => {
    const flow = await createTestFlow(t, companyId);
    const [quotationPhase] = await phasesOf('quotation');
    const res = await api('POST', `/api/flow/${flow.id}/changestatus`, {
      flow_status: 'intake',
      flow_phase_id: quotationPhase!.id,
    });
    expect(res.status).toBe(422);
    expect((await api('POST', `/api/flow/${flow.id}/changestatus`, { flow_status: 'lead' })).status).toBe(
      422,
    );
    expect((await api('GET', `/api/flow/${flow.id}`)).body.flow_status).toBe('new');
  });

  it('cancels with a reason, and refuses to cancel or reject while invoices were sent', async () => {
    const flow = await createTestFlow(t, companyId);
    await addSentInvoice(t, companyId, { flowId: flow.id });
    for (const [path, body] of [
      [`/api/flow/${flow.id}/changestatus`, { flow_status: 'cancelled' }],
      [`/api/flow/${flow.id}/rejectflow`, { cancel_reason: 'Te duur' }],
    ] as const) {
      const res = await api('POST', path, body);
      expect(res.status).toBe(409);
      expect(res.body).toEqual({ message: FLOW_CANCEL_BLOCKED });
    }
    expect((await api('GET', `/api/flow/${flow.id}`)).body.flow_status).toBe('new');

    await removeInvoices(t, companyId);
    const rejected = await api('POST', `/api/flow/${flow.id}/rejectflow`, { cancel_reason: 'Te duur' });
    expect(rejected.status).toBe(200);
    expect(rejected.body).toMatchObject({ flow_status: 'cancelled', cancel_reason: 'Te duur' });
    const reopened = await api('POST', `/api/flow/${flow.id}/changestatus`, { flow_status: 'new' });
    expect(reopened.body).toMatchObject({ flow_status: 'new', cancel_reason: null });
  });
});

describe('lead dates', () => {
  it('reads and corrects the lead dates of a flow', async () => {
    const flow = await createTestFlow(t, companyId);
    const read = await api('GET', `/api/lead/${flow.id}`);
    expect(read.status).toBe(200);
    expect(read.body.flow_id).toBe(flow.id);
    const res = await api('PATCH', `/api/lead/${flow.id}`, {
      date_lead: '2026-03-01',
      date_intake: '2026-07-01T10:30:00+02:00',
      date_archived: null,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      date_lead: '2026-03-01T00:00:00+01:00',
      date_intake: '2026-07-01T10:30:00+02:00',
      date_archived: null,
    });
    expect((await api('PATCH', `/api/lead/${flow.id}`, { date_lead: 'gisteren' })).status).toBe(422);
    expect((await api('GET', '/api/lead/999999')).status).toBe(404);
  });
});

describe('trash, restore, force delete, safe deletion test', () => {
  it('trashes, restores and deletes for good, with log items', async () => {
    const flow = await createTestFlow(t, companyId);
    expect((await api('POST', `/api/flow/${flow.id}/forcedelete`)).body.message).toBe(FLOW_NOT_IN_TRASH);
    const del = await api('DELETE', `/api/flow/${flow.id}`);
    expect(del.status).toBe(200);
    expect(del.body.message).toBeTruthy();
    const trashed = await api('GET', `/api/flow/${flow.id}`);
    expect(trashed.status).toBe(200);
    expect(trashed.body.deleted_at).not.toBeNull();
    const change = await api('POST', `/api/flow/${flow.id}/changestatus`, { flow_status: 'intake' });
    expect(change.status).toBe(409);
    expect(change.body.message).toBe(FLOW_IN_TRASH);
    const list = await api('GET', '/api/flow/querypaginated?limit=500');
    expect(list.body.data.map((f: { id: number }) => f.id)).not.toContain(flow.id);

    const restored = await api('POST', `/api/flow/${flow.id}/restore`);
    expect(restored.status).toBe(200);
    expect(restored.body.deleted_at).toBeNull();
    expect((await api('POST', `/api/flow/${flow.id}/restore`)).status).toBe(409);

    await api('DELETE', `/api/flow/${flow.id}`);
    const gone = await api('POST', `/api/flow/${flow.id}/forcedelete`);
    expect(gone.status).toBe(200);
    expect((await api('GET', `/api/flow/${flow.id}`)).status).toBe(404);
    expect((await logOf(flow.id)).map((l) => l.action)).toEqual([
      'create',
      'delete',
      'restore',
      'delete',
      'forcedelete',
    ]);
  });

  it('refuses to trash a flow with sent invoices', async () => {
    const flow = await createTestFlow(t, companyId);
    await addSentInvoice(t, companyId, { flowId: flow.id });
    const res = await api('DELETE', `/api/flow/${flow.id}`);
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ message: FLOW_DELETE_BLOCKED });
    expect((await api('GET', `/api/flow/${flow.id}`)).body.deleted_at).toBeNull();
  });

  it('restores a flow only while its relation is live', async () => {
    const flow = await createTestFlow(t, companyId);
    await api('DELETE', `/api/flow/${flow.id}`);
    await t.server.deps.db.tenant({ companyId }, (tx) =>
      tx.execute(sql`update relation set deleted_at = now() where id = ${flow.relationId}`),
    );
    const res = await api('POST', `/api/flow/${flow.id}/restore`);
    expect(res.status).toBe(409);
  });

  it('testSafeDeletion: success, flow_failure (delete or cancel text) and relation_failure', async () => {
    const flow = await createTestFlow(t, companyId);
    expect((await api('GET', `/api/flow/${flow.id}/testsafedeletion`)).body).toEqual({ result: 'success' });

    await addSentInvoice(t, companyId, { flowId: flow.id });
    expect((await api('GET', `/api/flow/${flow.id}/testsafedeletion`)).body).toEqual({
      result: 'flow_failure',
      message: FLOW_DELETE_BLOCKED,
    });
    expect((await api('GET', `/api/flow/${flow.id}/testsafedeletion?for=cancel`)).body).toEqual({
      result: 'flow_failure',
      message: FLOW_CANCEL_BLOCKED,
    });

    await removeInvoices(t, companyId);
    await addSentInvoice(t, companyId, { relationId: flow.relationId });
    expect((await api('GET', `/api/flow/${flow.id}/testsafedeletion`)).body).toEqual({
      result: 'relation_failure',
      message: RELATION_DELETE_BLOCKED,
    });
    // With another live flow the relation stays anyway: the flow may go.
    await createTestFlow(t, companyId, { relationId: flow.relationId });
    expect((await api('GET', `/api/flow/${flow.id}/testsafedeletion`)).body).toEqual({ result: 'success' });
    expect((await api('GET', '/api/flow/999999/testsafedeletion')).status).toBe(404);
  });
});

describe('merge, duplicate, reset hash and the customer link', () => {
  it('merges: files, invoices, tags and log move to the target, the source answers 404 everywhere', async () => {
    expect(MERGE_FLOW_CONFIRM).toContain('niet meer toegankelijk');
    const source = await createTestFlow(t, companyId, { tags: ['Spoed'], description: 'Bron' });
    const target = await createTestFlow(t, companyId, { tags: ['Subsidie'], description: 'Doel' });
    await t.server.deps.db.tenant({ companyId }, (tx) =>
      tx.execute(sql`insert into stored_file (storage_key, filename, mime_type, size, purpose, owner_type, owner_id)
        values (${`test/${source.id}.pdf`}, 'offerte.pdf', 'application/pdf', 10, 'flowfile', 'flow', ${source.id})`),
    );
    await addSentInvoice(t, companyId, { flowId: source.id });
    const res = await api('POST', `/api/flow/${source.id}/mergeflow`, { targetflow_id: target.id });
    expect(res.status).toBe(200);
    // The sent invoice now belongs to the target, and keeps it from being deleted.
    expect((await api('GET', `/api/flow/${target.id}/testsafedeletion`)).body.result).toBe('flow_failure');
    expect(res.body.id).toBe(target.id);
    expect(res.body.tags).toEqual(['Subsidie', 'Spoed']);
    expect(res.body.files.map((f: { filename: string }) => f.filename)).toEqual(['offerte.pdf']);
    const log = await logOf(target.id);
    expect(log.map((l) => l.action)).toEqual(expect.arrayContaining(['create', 'merge']));
    expect(log.filter((l) => l.action === 'create')).toHaveLength(2);

    for (const [method, path, body] of [
      ['GET', `/api/flow/${source.id}`],
      ['PATCH', `/api/flow/${source.id}`, { description: 'x' }],
      ['DELETE', `/api/flow/${source.id}`],
      ['POST', `/api/flow/${source.id}/restore`],
      ['POST', `/api/flow/${source.id}/forcedelete`],
      ['GET', `/api/flow/${source.id}/getbasicdetails`],
      ['GET', `/api/flow/${source.id}/getrelationcontext`],
      ['POST', `/api/flow/${source.id}/changestatus`, { flow_status: 'intake' }],
      ['POST', `/api/flow/${source.id}/rejectflow`, {}],
      ['GET', `/api/flow/${source.id}/testsafedeletion`],
      ['POST', `/api/flow/${source.id}/mergeflow`, { targetflow_id: target.id }],
      ['POST', `/api/flow/${source.id}/duplicateflow`],
      ['POST', `/api/flow/${source.id}/resethash`],
      ['GET', `/api/lead/${source.id}`],
      ['GET', `/api/flow/${source.hash}/getbycustomer`],
    ] as const) {
      const r = await api(method, path, body);
      expect(r.status, `${method} ${path}`).toBe(404);
    }
    const lists = await api('GET', '/api/flow/querypaginated?limit=500');
    expect(lists.body.data.map((f: { id: number }) => f.id)).not.toContain(source.id);
    const lastSeen = await api('POST', '/api/flow/getlastseenflows', { ids: [source.id, target.id] });
    expect(lastSeen.body.map((f: { id: number }) => f.id)).toEqual([target.id]);
    const merged = await api('POST', `/api/flow/${target.id}/mergeflow`, { targetflow_id: source.id });
    expect(merged.status).toBe(422);
  });

  it('refuses to merge a flow into itself', async () => {
    const flow = await createTestFlow(t, companyId);
    expect((await api('POST', `/api/flow/${flow.id}/mergeflow`, { targetflow_id: flow.id })).status).toBe(
      422,
    );
  });

  it('duplicates a flow as a new lead with a new number and hash', async () => {
    const flow = await createTestFlow(t, companyId, {
      tags: ['VvE'],
      description: 'Zonneboiler',
      status: 'project',
    });
    const res = await api('POST', `/api/flow/${flow.id}/duplicateflow`);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      relation_id: flow.relationId,
      description: 'Zonneboiler',
      tags: ['VvE'],
      flow_status: 'new',
    });
    expect(res.body.number).toBeGreaterThan(flow.number);
    expect(res.body.hash).not.toBe(flow.hash);
    expect((await logOf(flow.id)).at(-1)!.action).toBe('duplicate');
  });

  it('resets the hash: the old link answers 404 at once, the new one works', async () => {
    const flow = await createTestFlow(t, companyId, { description: 'Laadpaal' });
    const before = await t.api('GET', `/api/flow/${flow.hash}/getbycustomer`);
    expect(before.status).toBe(200);
    expect(before.body).toMatchObject({
      hash: flow.hash,
      number: flow.number,
      title: expect.any(String),
      flow_status: 'new',
      company: { name: expect.any(String) },
      relation: { fullname: 'Jan Jansen' },
    });
    const res = await api('POST', `/api/flow/${flow.id}/resethash`);
    expect(res.status).toBe(200);
    expect(res.body.hash).not.toBe(flow.hash);
    const old = await t.api('GET', `/api/flow/${flow.hash}/getbycustomer`);
    expect(old.status).toBe(404);
    expect(old.body.message).toBe(CUSTOMER_TEXTS.flowNotFound);
    expect((await t.api('GET', `/api/flow/${res.body.hash}/getbycustomer`)).status).toBe(200);
  });

  it('the customer link: unknown 404, trashed flow 410, both with a message', async () => {
    const flow = await createTestFlow(t, companyId);
    expect((await t.api('GET', '/api/flow/AAAAAAAAAAAAAAAAAAAAAA/getbycustomer')).status).toBe(404);
    expect((await t.api('GET', '/api/flow/x/getbycustomer')).status).toBe(404);
    await api('DELETE', `/api/flow/${flow.id}`);
    const gone = await t.api('GET', `/api/flow/${flow.hash}/getbycustomer`);
    expect(gone.status).toBe(410);
    expect(gone.body.message).toBe(CUSTOMER_TEXTS.flowGone);
  });
});

describe('the customer link is rate-limited per address', () => {
  it('answers 429 after 60 calls in a minute', async () => {
    const flow = await createTestFlow(t, companyId);
    // This file's other customer calls came from the same address; at most 60 fit in the minute.
    let last = 0;
    for (let i = 0; i < 61; i++) last = (await t.api('GET', `/api/flow/${flow.hash}/getbycustomer`)).status;
    expect(last).toBe(429);
  });
});
