import type { ModuleTag } from '@im/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestRelation, logCount, waitForBatch } from '../../../test/crm-factories';
import { startTestServer, type TestServer } from '../../../test/test-server';
import { batch } from '../../platform/db/tables/batch.schema';
import { PARTNER_PROJECT_BULK } from './project-jobs';

const MODULES: ModuleTag[] = [
  'BASIS',
  'CRM',
  'SETTINGS',
  'SALES',
  'QUOTATION',
  'CONFIRMATION',
  'PROJECT',
  'INVOICE',
  'PARTNER',
  'PARTNERMANAGEMENT',
  'PROJECTMANAGEMENT',
];

let t: TestServer;
let a: { companyId: number; token: string; userId: number };
let b: { companyId: number; token: string; userId: number };
let partnerId: number;
let projectId: number;
let mainFlowId: number;
const flows: number[] = [];
let cancelledFlow: number;

async function company(name: string) {
  const companyId = await t.createTestCompany({ name, modules: MODULES });
  const manager = await t.createTestUser({ companyId, role: 1000 });
  return { companyId, token: await t.login(manager.email), userId: manager.id };
}

async function flowInProject(token: string, id: number, description: string, type = 'rijwoning') {
  const rel = await createTestRelation(t, token);
  const res = await t.api('POST', `/api/partnerproject/${id}/createbypartnerproject`, {
    token,
    body: { relation_id: rel.id, description, type },
  });
  expect(res.status).toBe(201);
  return res.body.id as number;
}

async function flowRow(id: number) {
  const r = await t.server.deps.db.platform((tx) =>
    tx.execute<{ flow_status: string; tags: string[]; partner_project_id: number | null }>(
      sql`select flow_status, tags, partner_project_id from flow where id = ${id}`,
    ),
  );
  return r.rows[0]!;
}

async function addLine(token: string, flowId: number, name: string, rate: number) {
  const q = await t.api('POST', '/api/quotation', {
    token,
    body: { flow_id: flowId, title: `Offerte ${name}` },
  });
  expect(q.status).toBe(201);
  await t.api('POST', `/api/calculation/${q.body.calculation_id}/empty`, { token });
  const item = await t.api('POST', '/api/calculationitem', {
    token,
    body: {
      calculation_id: q.body.calculation_id,
      item_name: name,
      unit_rate_exc_manual: rate,
      vat_percentage: 21,
    },
  });
  expect(item.status).toBe(201);
  return q.body.id as number;
}

beforeAll(async () => {
  t = await startTestServer();
  a = await company('Projecten A');
  b = await company('Projecten B');
  const p = await t.api('POST', '/api/partner', { token: a.token, body: { name: 'Woonstichting Veste' } });
  partnerId = p.body.id;
  const mainRel = await createTestRelation(t, a.token, {
    createnewflow: true,
    flow_description: 'Hoofddossier',
  });
  mainFlowId = mainRel.flows[0].id;
  const created = await t.api('POST', '/api/partnerproject', {
    token: a.token,
    body: {
      partner_id: partnerId,
      label: 'Isolatie 40 woningen',
      mainflow_id: mainFlowId,
      start_date: '2026-01-01',
      end_date: '2026-12-31',
      quotation_calc_method: 'per_item_no_group',
      invoice_calc_method: 'per_flowtype_no_group',
      invoice_method: 'finished_flows',
      progress_threshold_method: 'percentage_finished_flows',
      progress_threshold_amount: 25,
      quotationable_documents: [{ type: 'quotation', id: null, selected: true }],
      invoiceable_documents: [{ type: 'invoice', id: null, selected: true }],
      flow_types: ['rijwoning', 'hoekwoning'],
      tags: ['isolatie'],
    },
  });
  expect(created.status).toBe(201);
  projectId = created.body.id;
  for (let i = 1; i <= 5; i++)
    flows.push(await flowInProject(a.token, projectId, `Woning ${i}`, i === 5 ? 'hoekwoning' : 'rijwoning'));
  cancelledFlow = await flowInProject(a.token, projectId, 'Afgevallen woning');
  await t.api('POST', `/api/flow/${cancelledFlow}/changestatus`, {
    token: a.token,
    body: { flow_status: 'cancelled' },
  });
}, 120_000);
afterAll(async () => t?.close());

describe('partner project CRUD', () => {
  it('creates with every field, reads, lists per partner, updates and logs', async () => {
    const got = await t.api('GET', `/api/partnerproject/${projectId}`, { token: a.token });
    expect(got.status).toBe(200);
    expect(got.body).toMatchObject({
      partner_id: partnerId,
      partner_name: 'Woonstichting Veste',
      label: 'Isolatie 40 woningen',
      status: 'new',
      mainflow_id: mainFlowId,
      main_flow: { id: mainFlowId, description: 'Hoofddossier' },
      start_date: '2026-01-01',
      end_date: '2026-12-31',
      invoice_method: 'finished_flows',
      progress_threshold_amount: 25,
      flow_types: ['rijwoning', 'hoekwoning'],
      tags: ['isolatie'],
      flows_count: 5,
    });
    expect((await flowRow(mainFlowId)).partner_project_id).toBe(projectId);
    const list = await t.api('GET', `/api/partnerproject/querypaginated?partnerId=${partnerId}`, {
      token: a.token,
    });
    expect(list.body.data.map((p: { id: number }) => p.id)).toEqual([projectId]);
    const patched = await t.api('PATCH', `/api/partnerproject/${projectId}`, {
      token: a.token,
      body: { model_flows: [{ id: flows[0], type: 'rijwoning', amount: 4 }] },
    });
    expect(patched.status).toBe(200);
    expect(patched.body.model_flows).toEqual([{ id: flows[0], type: 'rijwoning', amount: 4 }]);
    expect(await logCount(t, 'partnerproject', projectId, 'create')).toBe(1);
    expect(await logCount(t, 'partnerproject', projectId, 'update')).toBeGreaterThanOrEqual(1);
    const withLog = await t.api('GET', `/api/partnerproject/${projectId}/getwithlogitems`, {
      token: a.token,
    });
    expect(withLog.body.logitems.map((l: { description: string }) => l.description)).toContain(
      'Partnerproject Isolatie 40 woningen aangemaakt',
    );
  });

  it('refuses bad input with 422 and Dutch field errors', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ partner_id: partnerId, label: ' ' }, 'label'],
      [{ partner_id: partnerId, label: 'X', start_date: '2026-05-01', end_date: '2026-01-01' }, 'end_date'],
      [{ partner_id: 999999, label: 'X' }, 'partner_id'],
      [{ partner_id: partnerId, label: 'X', invoice_method: 'zomaar' }, 'invoice_method'],
      [{ partner_id: partnerId, label: 'X', mainflow_id: 999999 }, 'mainflow_id'],
    ];
    for (const [body, field] of cases) {
      const res = await t.api('POST', '/api/partnerproject', { token: a.token, body });
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(Object.keys(res.body.errors)).toContain(field);
    }
    expect(
      (
        await t.api('POST', '/api/partnerproject', {
          token: a.token,
          body: { partner_id: partnerId, label: '' },
        })
      ).body.errors.label,
    ).toEqual(['Vul een naam in.']);
  });

  it('moves through the phases in order and refuses a step past the last', async () => {
    const extra = await t.api('POST', '/api/partnerproject', {
      token: a.token,
      body: { partner_id: partnerId, label: 'Fases' },
    });
    const id = extra.body.id;
    const next = await t.api('POST', `/api/partnerproject/${id}/nextphase`, { token: a.token });
    expect(next.body.status).toBe('import');
    const set = await t.api('POST', `/api/partnerproject/${id}/updatestatus`, {
      token: a.token,
      body: { status: 'after_calculation' },
    });
    expect(set.body.status).toBe('after_calculation');
    const past = await t.api('POST', `/api/partnerproject/${id}/nextphase`, { token: a.token });
    expect(past.status).toBe(409);
    expect(past.body.message).toBe('Het project is al in de laatste fase.');
    expect(await logCount(t, 'partnerproject', id, 'status')).toBe(2);
  });

  it('deletes a project and keeps its flows, unlinked', async () => {
    const extra = await t.api('POST', '/api/partnerproject', {
      token: a.token,
      body: { partner_id: partnerId, label: 'Weg' },
    });
    const flowId = await flowInProject(a.token, extra.body.id, 'Blijft');
    expect((await t.api('DELETE', `/api/partnerproject/${extra.body.id}`, { token: a.token })).status).toBe(
      200,
    );
    expect((await t.api('GET', `/api/partnerproject/${extra.body.id}`, { token: a.token })).status).toBe(404);
    expect(await flowRow(flowId)).toMatchObject({ partner_project_id: null });
  });
});

describe('the cockpit', () => {
  it('lists the flows without the main flow and cancelled ones, with filters and filter options', async () => {
    const page = await t.api('GET', `/api/partnerproject/${projectId}/flows?limit=3`, { token: a.token });
    expect(page.status).toBe(200);
    expect(page.body.pagination.total).toBe(5);
    expect(page.body.data).toHaveLength(3);
    const all = await t.api('GET', `/api/partnerproject/${projectId}/flows`, { token: a.token });
    const ids = all.body.data.map((f: { id: number }) => f.id);
    expect(ids).toEqual(flows);
    expect(ids).not.toContain(mainFlowId);
    expect(ids).not.toContain(cancelledFlow);
    const corner = await t.api('GET', `/api/partnerproject/${projectId}/flows?type=hoekwoning`, {
      token: a.token,
    });
    expect(corner.body.data.map((f: { id: number }) => f.id)).toEqual([flows[4]]);
    const words = await t.api('GET', `/api/partnerproject/${projectId}/flows?query=Woning%203`, {
      token: a.token,
    });
    expect(words.body.data.map((f: { id: number }) => f.id)).toEqual([flows[2]]);
    // The pickers' search (decision 066): by customer name or flow number, a page of 10; one flow by id.
    const picked = await t.api(
      'GET',
      `/api/partnerproject/${projectId}/flows?query=${all.body.data[4].number}&limit=10`,
      {
        token: a.token,
      },
    );
    expect(picked.body.data.map((f: { id: number }) => f.id)).toContain(flows[4]);
    expect(picked.body.pagination.limit).toBe(10);
    const byCustomer = await t.api(
      'GET',
      `/api/partnerproject/${projectId}/flows?query=${encodeURIComponent(all.body.data[1].relation_fullname)}&limit=10`,
      { token: a.token },
    );
    expect(byCustomer.body.data.map((f: { id: number }) => f.id)).toContain(flows[1]);
    const one = await t.api('GET', `/api/partnerproject/${projectId}/flows?flow_id=${flows[3]}`, {
      token: a.token,
    });
    expect(one.body.data.map((f: { id: number }) => f.id)).toEqual([flows[3]]);
    const notInProject = await t.api('GET', `/api/partnerproject/${projectId}/flows?flow_id=${mainFlowId}`, {
      token: a.token,
    });
    expect(notInProject.body.data).toEqual([]);
    const options = await t.api('GET', `/api/partnerproject/${projectId}/getfilteroptions`, {
      token: a.token,
    });
    expect(options.body).toMatchObject({ statusses: ['new'], types: ['hoekwoning', 'rijwoning'], tags: [] });
    const types = await t.api('GET', `/api/partnerproject/${projectId}/getusedflowtypes`, { token: a.token });
    expect(types.body).toEqual([
      { type: 'hoekwoning', count: 1 },
      { type: 'rijwoning', count: 4 },
    ]);
    expect(
      (await t.api('GET', `/api/partnerproject/${projectId}/getusedverticalsinflows`, { token: a.token }))
        .body,
    ).toEqual([]);
  });

  it('refuses a status edit without a status or phase, and a bulk action without flows', async () => {
    const none = await t.api('POST', `/api/partnerproject/${projectId}/editstatusses`, {
      token: a.token,
      body: { selectedFlowIds: flows },
    });
    expect(none.status).toBe(422);
    expect(none.body.errors.newFlowStatus).toEqual(['Kies een nieuwe status of een nieuwe fase.']);
    const empty = await t.api('POST', `/api/partnerproject/${projectId}/startprojectphase`, {
      token: a.token,
      body: { selectedFlowIds: [] },
    });
    expect(empty.status).toBe(422);
    // The main flow or another project's flow is not the project's to change.
    const foreign = await t.api('POST', `/api/partnerproject/${projectId}/startprojectphase`, {
      token: a.token,
      body: { selectedFlowIds: [mainFlowId, cancelledFlow] },
    });
    expect(foreign.status).toBe(422);
  });

  it('updates tags in bulk, then starts the project phase for every matching flow', async () => {
    const tags = await t.api('POST', `/api/partnerproject/${projectId}/updatetags`, {
      token: a.token,
      body: { selectedFlowIds: flows.slice(0, 2), addableTags: ['fase1', 'spoed'], removableTags: [] },
    });
    expect(tags.status).toBe(200);
    expect(tags.body.flows).toBe(2);
    expect((await waitForBatch(t, a.token, tags.body.batchId)).finishedAt).not.toBeNull();
    const removed = await t.api('POST', `/api/partnerproject/${projectId}/updatetags`, {
      token: a.token,
      body: { allMatching: { tag: 'spoed' }, removableTags: ['spoed'] },
    });
    await waitForBatch(t, a.token, removed.body.batchId);
    expect((await flowRow(flows[0]!)).tags).toEqual(['fase1']);
    expect((await flowRow(flows[2]!)).tags).toEqual([]);

    const start = await t.api('POST', `/api/partnerproject/${projectId}/startprojectphase`, {
      token: a.token,
      body: { allMatching: {} },
    });
    expect(start.body.flows).toBe(5);
    const done = await waitForBatch(t, a.token, start.body.batchId);
    expect(done).toMatchObject({ progress: 100, cancelledAt: null });
    for (const id of flows) expect((await flowRow(id)).flow_status).toBe('project');
    expect((await flowRow(cancelledFlow)).flow_status).toBe('cancelled');
    expect((await flowRow(mainFlowId)).flow_status).not.toBe('project');
    const project = await t.api('GET', `/api/partnerproject/${projectId}`, { token: a.token });
    expect(project.body.flows_by_status).toEqual([{ status: 'project', count: 5 }]);
  });

  it('edits statuses and runs the standard action', async () => {
    const edit = await t.api('POST', `/api/partnerproject/${projectId}/editstatusses`, {
      token: a.token,
      body: { selectedFlowIds: [flows[3]], newFlowStatus: 'quotation' },
    });
    await waitForBatch(t, a.token, edit.body.batchId);
    expect((await flowRow(flows[3]!)).flow_status).toBe('quotation');
    const std = await t.api('POST', `/api/partnerproject/${projectId}/standardaction`, {
      token: a.token,
      body: { selectedFlowIds: [flows[3]] },
    });
    await waitForBatch(t, a.token, std.body.batchId);
    expect((await flowRow(flows[3]!)).flow_status).toBe('confirmation');
  });

  it('copies documents from one flow to others', async () => {
    const source = await addLine(a.token, flows[0]!, 'Spouwmuurisolatie', 1000);
    const available = await t.api(
      'GET',
      `/api/partnerproject/${projectId}/getavailabledocuments?flow_id=${flows[0]}`,
      {
        token: a.token,
      },
    );
    expect(available.body.documents.map((d: { id: number }) => d.id)).toEqual([source]);
    const copy = await t.api('POST', `/api/partnerproject/${projectId}/copydocuments`, {
      token: a.token,
      body: {
        selectedFlowIds: [flows[1], flows[2]],
        copyFromFlowId: flows[0],
        selectedDocuments: [{ type: 'quotation', id: source }],
      },
    });
    expect(copy.status).toBe(200);
    await waitForBatch(t, a.token, copy.body.batchId);
    const docs = await t.api('GET', `/api/partnerproject/${projectId}/getdocumentsfromflows`, {
      token: a.token,
    });
    const onFlows = docs.body.filter((d: { title: string }) => d.title === 'Offerte Spouwmuurisolatie');
    expect(onFlows.map((d: { flow_id: number }) => d.flow_id).sort()).toEqual(
      [flows[0], flows[1], flows[2]].sort(),
    );
  });

  it('combines the flows into one invoice on the main flow, its total through the engine', async () => {
    // Without an invoice method, threshold or calculation method: every flow, a header per flow.
    const plain = await t.api('PATCH', `/api/partnerproject/${projectId}`, {
      token: a.token,
      body: { invoice_method: null, progress_threshold_method: null, invoice_calc_method: null },
    });
    expect(plain.status).toBe(200);
    await addLine(a.token, flows[3]!, 'Vloerisolatie', 500.5);
    const combine = await t.api('POST', `/api/partnerproject/${projectId}/combineflowsintodocument`, {
      token: a.token,
      body: { allMatching: {}, kind: 'invoice' },
    });
    expect(combine.status).toBe(200);
    expect(combine.body.mainDocumentId).toBeGreaterThan(0);
    await waitForBatch(t, a.token, combine.body.batchId);
    const invoice = await t.api('GET', `/api/invoice/${combine.body.mainDocumentId}`, { token: a.token });
    expect(invoice.body.flow_id).toBe(mainFlowId);
    const calc = await t.api('GET', `/api/calculation/${invoice.body.calculation_id}`, { token: a.token });
    const names = calc.body.calculationitems.map((i: { item_name: string }) => i.item_name);
    // Flows 1-3 carry the insulation quotation, flow 4 the floor: each under its own header.
    expect(names.filter((n: string) => n === 'Spouwmuurisolatie')).toHaveLength(3);
    expect(names).toContain('Vloerisolatie');
    expect(names.filter((n: string) => n.startsWith('Dossier '))).toHaveLength(4);
    expect(calc.body.amount_exc_vat).toBe(3500.5);
    expect(calc.body.amount_inc_vat).toBe(4235.61);
  });

  it('copies from the type models', async () => {
    const c = await t.api('POST', '/api/calculation', { token: a.token, body: { flow_id: flows[0] } });
    await t.api('POST', `/api/calculation/${c.body.id}/empty`, { token: a.token });
    await t.api('POST', '/api/calculationitem', {
      token: a.token,
      body: { calculation_id: c.body.id, item_name: 'Model rijwoning', unit_rate_exc_manual: 10 },
    });
    const copy = await t.api('POST', `/api/partnerproject/${projectId}/copyfrommodels`, {
      token: a.token,
      body: { selectedFlowIds: [flows[1], flows[4]] },
    });
    await waitForBatch(t, a.token, copy.body.batchId);
    const calcs = await t.api('GET', `/api/calculation?flow_id=${flows[1]}`, { token: a.token });
    expect(JSON.stringify(calcs.body)).toContain('Typemodel rijwoning');
    // The corner house has no model of its type: left as it was.
    const corner = await t.api('GET', `/api/calculation?flow_id=${flows[4]}`, { token: a.token });
    expect(JSON.stringify(corner.body)).not.toContain('Typemodel');
  });

  it('resumes a batch after a crash and skips the flows it had finished', async () => {
    // A worker died after two of five flows: their change and the count were committed together.
    const id = await t.server.deps.db.platform(
      (tx) =>
        tx
          .insert(batch)
          .values({
            type: PARTNER_PROJECT_BULK,
            payload: {
              projectId,
              flowIds: flows,
              bulk: { action: 'updatetags', addableTags: ['hervat'], removableTags: [] },
            },
            state: { done: 2, failedCount: 0, failed: [] },
            progress: 39,
            startedAt: new Date(),
            attempts: 1,
          })
          .returning()
          .then((r) => r[0]!.id),
      { companyId: a.companyId, userId: a.userId },
    );
    await t.server.deps.jobs.recoverBatches();
    const end = await waitForBatch(t, a.token, id);
    expect(end).toMatchObject({ progress: 100, cancelledAt: null });
    const tagged = await Promise.all(flows.map(async (f) => (await flowRow(f)).tags.includes('hervat')));
    expect(tagged).toEqual([false, false, true, true, true]);
  });

  it('records a flow that cannot take the action as skipped and changes the others', async () => {
    await t.server.deps.db.platform((tx) =>
      tx.execute(sql`insert into sales_document (company_id, kind, flow_id, status, hash, date_send)
        values (${a.companyId}, 'invoice', ${flows[4]}, 'sent', md5(random()::text), now())`),
    );
    // Cancelling is refused for a flow with sent invoices; the rest are cancelled.
    const edit = await t.api('POST', `/api/partnerproject/${projectId}/editstatusses`, {
      token: a.token,
      body: { selectedFlowIds: [flows[2], flows[4]], newFlowStatus: 'cancelled' },
    });
    await waitForBatch(t, a.token, edit.body.batchId);
    expect((await flowRow(flows[2]!)).flow_status).toBe('cancelled');
    expect((await flowRow(flows[4]!)).flow_status).toBe('project');
    const log = await t.api('GET', `/api/partnerproject/${projectId}/getwithlogitems`, { token: a.token });
    expect(log.body.logitems[0].description).toMatch(/1 van 2 dossiers verwerkt; 1 overgeslagen/);
  });
});

describe("the project's calculation and invoice methods and its progress threshold (decision 066)", () => {
  let project: number;
  const homes: number[] = [];

  const combine = (kind: 'invoice' | 'quotation', extra: Record<string, unknown> = {}) =>
    t.api('POST', `/api/partnerproject/${project}/combineflowsintodocument`, {
      token: a.token,
      body: { allMatching: {}, kind, ...extra },
    });
  const linesOf = async (documentId: number, kind: 'invoice' | 'quotation') => {
    const doc = await t.api('GET', `/api/${kind}/${documentId}`, { token: a.token });
    const calc = await t.api('GET', `/api/calculation/${doc.body.calculation_id}`, { token: a.token });
    return calc.body as {
      amount_exc_vat: number;
      calculationitems: { item_name: string; item_type: string; product_amount: number }[];
    };
  };

  beforeAll(async () => {
    const main = await createTestRelation(t, a.token, { createnewflow: true, flow_description: 'Hoofd 2' });
    const p = await t.api('POST', '/api/partner', {
      token: a.token,
      body: { name: 'Woonstichting Methode' },
    });
    const created = await t.api('POST', '/api/partnerproject', {
      token: a.token,
      body: {
        partner_id: p.body.id,
        label: 'Methoden',
        mainflow_id: main.flows[0].id,
        quotation_calc_method: 'per_item_no_group',
        invoice_calc_method: 'per_flowtype_no_group',
        invoice_method: 'finished_flows',
        progress_threshold_method: 'amount_finished_flows',
        progress_threshold_amount: 2,
      },
    });
    project = created.body.id;
    for (const [i, type] of (['rijwoning', 'rijwoning', 'hoekwoning'] as const).entries()) {
      const id = await flowInProject(a.token, project, `Methode ${i + 1}`, type);
      await addLine(a.token, id, `Isolatie ${i + 1}`, 1000 * (i + 1));
      homes.push(id);
    }
  });

  it('refuses an invoice before the threshold, then takes only finished flows, once, headed per type', async () => {
    const before = await t.api('GET', `/api/partnerproject/${project}`, { token: a.token });
    expect(before.body.progress).toMatchObject({ current: 0, required: 2, reached: false });
    const early = await combine('invoice');
    expect(early.status).toBe(422);
    expect(early.body.message).toBe(
      'De voortgangsdrempel van het project is nog niet bereikt: 0 van 3 dossiers afgerond (drempel 2).',
    );
    for (const id of [homes[0], homes[2]])
      expect(
        (
          await t.api('POST', `/api/flow/${id}/changestatus`, {
            token: a.token,
            body: { flow_status: 'invoice' },
          })
        ).status,
      ).toBe(200);
    const after = await t.api('GET', `/api/partnerproject/${project}`, { token: a.token });
    expect(after.body.progress).toMatchObject({ current: 2, reached: true });

    const first = await combine('invoice');
    expect(first.status).toBe(200);
    await waitForBatch(t, a.token, first.body.batchId);
    const calc = await linesOf(first.body.mainDocumentId, 'invoice');
    const names = calc.calculationitems.map((i) => i.item_name);
    expect(names.filter((n) => n.startsWith('Type '))).toEqual(['Type rijwoning', 'Type hoekwoning']);
    expect(names).toEqual(expect.arrayContaining(['Isolatie 1', 'Isolatie 3']));
    expect(names).not.toContain('Isolatie 2');
    expect(calc.amount_exc_vat).toBe(4000);
    const log = await t.api('GET', `/api/partnerproject/${project}/getwithlogitems`, { token: a.token });
    expect(log.body.logitems[0].description).toContain('2 van 3 dossiers verwerkt; 1 overgeslagen');
    expect(log.body.logitems[0].description).toContain('Dossier is nog niet afgerond.');

    // Invoiced once: a second invoice takes nothing of them.
    const again = await combine('invoice');
    await waitForBatch(t, a.token, again.body.batchId);
    expect((await linesOf(again.body.mainDocumentId, 'invoice')).amount_exc_vat).toBe(0);
    const log2 = await t.api('GET', `/api/partnerproject/${project}/getwithlogitems`, { token: a.token });
    expect(log2.body.logitems[0].description).toContain('Dossier is al gefactureerd in een projectfactuur.');
  });

  it('combines a quotation of every flow without headers (per_item_no_group)', async () => {
    const q = await combine('quotation');
    expect(q.status).toBe(200);
    await waitForBatch(t, a.token, q.body.batchId);
    const calc = await linesOf(q.body.mainDocumentId, 'quotation');
    expect(calc.calculationitems.filter((i) => i.item_type === 'header')).toHaveLength(0);
    expect(calc.amount_exc_vat).toBe(6000);
  });

  it('invoices a percentage term of every flow and asks for the percentage', async () => {
    await t.api('PATCH', `/api/partnerproject/${project}`, {
      token: a.token,
      body: {
        invoice_method: 'partial_percentage',
        progress_threshold_method: null,
        invoice_calc_method: null,
      },
    });
    const missing = await combine('invoice');
    expect(missing.status).toBe(422);
    expect(missing.body.errors.partial_amount).toEqual(['Vul een percentage tussen 0 en 100 in.']);
    const term = await combine('invoice', { partial_amount: 30 });
    await waitForBatch(t, a.token, term.body.batchId);
    const calc = await linesOf(term.body.mainDocumentId, 'invoice');
    expect(calc.amount_exc_vat).toBe(1800);
    expect(calc.calculationitems.find((i) => i.item_name === 'Isolatie 2')?.product_amount).toBe(0.3);

    await t.api('PATCH', `/api/partnerproject/${project}`, {
      token: a.token,
      body: { invoice_method: 'partial_fixed' },
    });
    const fixed = await combine('invoice', { partial_amount: 250 });
    await waitForBatch(t, a.token, fixed.body.batchId);
    expect((await linesOf(fixed.body.mainDocumentId, 'invoice')).amount_exc_vat).toBe(750);
  });

  it('needs the INVOICE module for a combined invoice, QUOTATION for a quotation', async () => {
    const companyId = await t.createTestCompany({
      name: 'Zonder facturatie',
      modules: MODULES.filter((m) => m !== 'INVOICE' && m !== 'QUOTATION'),
    });
    const manager = await t.createTestUser({ companyId, role: 1000 });
    const token = await t.login(manager.email);
    const main = await createTestRelation(t, token, { createnewflow: true, flow_description: 'Hoofd' });
    const p = await t.api('POST', '/api/partner', { token, body: { name: 'P' } });
    const pr = await t.api('POST', '/api/partnerproject', {
      token,
      body: { partner_id: p.body.id, label: 'Zonder', mainflow_id: main.flows[0].id },
    });
    await flowInProject(token, pr.body.id, 'Woning');
    for (const [kind, message] of [
      ['invoice', 'Voor een factuur is de module Facturatie nodig.'],
      ['quotation', 'Voor een offerte is de module Offertes nodig.'],
    ] as const) {
      const res = await t.api('POST', `/api/partnerproject/${pr.body.id}/combineflowsintodocument`, {
        token,
        body: { allMatching: {}, kind },
      });
      expect(res.status).toBe(403);
      expect(res.body.message).toBe(message);
    }
  });
});

describe('deleting the partner', () => {
  it('removes its projects and keeps their flows, unlinked', async () => {
    const p = await t.api('POST', '/api/partner', { token: a.token, body: { name: 'Tijdelijke partner' } });
    const pr = await t.api('POST', '/api/partnerproject', {
      token: a.token,
      body: { partner_id: p.body.id, label: 'Tijdelijk' },
    });
    const flowId = await flowInProject(a.token, pr.body.id, 'Blijft bestaan');
    expect((await t.api('DELETE', `/api/partner/${p.body.id}`, { token: a.token })).status).toBe(200);
    expect((await t.api('GET', `/api/partnerproject/${pr.body.id}`, { token: a.token })).status).toBe(404);
    expect(await flowRow(flowId)).toMatchObject({ partner_project_id: null });
  });
});

describe('tenancy and partner users', () => {
  it('answers another company 404 for every id', async () => {
    const paths: [string, string, unknown?][] = [
      ['GET', `/api/partnerproject/${projectId}`],
      ['GET', `/api/partnerproject/${projectId}/getwithlogitems`],
      ['PATCH', `/api/partnerproject/${projectId}`, { label: 'Overgenomen' }],
      ['POST', `/api/partnerproject/${projectId}/nextphase`],
      ['GET', `/api/partnerproject/${projectId}/flows`],
      ['GET', `/api/partnerproject/${projectId}/getfilteroptions`],
      ['GET', `/api/partnerproject/${projectId}/getusedflowtypes`],
      ['GET', `/api/partnerproject/${projectId}/getusedverticalsinflows`],
      ['GET', `/api/partnerproject/${projectId}/getdocumentsfromflows`],
      ['GET', `/api/partnerproject/${projectId}/getavailabledocuments?flow_id=${flows[0]}`],
      ['POST', `/api/partnerproject/${projectId}/startprojectphase`, { selectedFlowIds: flows }],
      ['POST', `/api/partnerproject/${projectId}/updatetags`, { selectedFlowIds: flows, addableTags: ['x'] }],
      ['DELETE', `/api/partnerproject/${projectId}`],
    ];
    for (const [method, path, body] of paths) {
      const res = await t.api(method as 'GET', path, { token: b.token, body });
      expect(res.status, `${method} ${path}`).toBe(404);
    }
    // Their own project cannot take A's partner, main flow or flows.
    const pb = await t.api('POST', '/api/partner', { token: b.token, body: { name: 'B partner' } });
    const bad = await t.api('POST', '/api/partnerproject', {
      token: b.token,
      body: { partner_id: partnerId, label: 'X' },
    });
    expect(bad.status).toBe(422);
    const own = await t.api('POST', '/api/partnerproject', {
      token: b.token,
      body: { partner_id: pb.body.id, label: 'B' },
    });
    const steal = await t.api('PATCH', `/api/partnerproject/${own.body.id}`, {
      token: b.token,
      body: { mainflow_id: mainFlowId },
    });
    expect(steal.status).toBe(422);
    const other = await t.api(
      'GET',
      `/api/partnerproject/${own.body.id}/getavailabledocuments?flow_id=${flows[0]}`,
      {
        token: b.token,
      },
    );
    expect(other.status).toBe(404);
    expect((await t.api('GET', `/api/partnerproject/${projectId}`, { token: a.token })).body.label).toBe(
      'Isolatie 40 woningen',
    );
  });

  it("lets a partner user read their partner's projects and flows, nothing else", async () => {
    await t.api('POST', `/api/partner/${partnerId}/user`, {
      token: a.token,
      body: { name: 'Paula', surname: 'Partner', email: 'paula@veste.nl', password: 'Welkom123' },
    });
    const paula = await t.login('paula@veste.nl', 'Welkom123');
    const other = await t.api('POST', '/api/partner', { token: a.token, body: { name: 'Andere partner' } });
    const otherProject = await t.api('POST', '/api/partnerproject', {
      token: a.token,
      body: { partner_id: other.body.id, label: 'Geheim project' },
    });
    const mine = await t.api('GET', '/api/partnerproject/indexforpartner', { token: paula });
    expect(mine.status).toBe(200);
    const seen = mine.body.map((p: { id: number }) => p.id);
    expect(seen).toContain(projectId);
    expect(seen).not.toContain(otherProject.body.id);
    expect(JSON.stringify(mine.body)).not.toContain('Geheim');
    const flowsSeen = await t.api('GET', `/api/partnerproject/${projectId}/flowsforpartner`, {
      token: paula,
    });
    expect(flowsSeen.body.data.map((f: { id: number }) => f.id).sort()).toEqual(
      flows.filter((f) => f !== flows[2]).sort(),
    );
    expect(
      (await t.api('GET', `/api/partnerproject/${projectId}/getforpartner`, { token: paula })).status,
    ).toBe(200);
    for (const path of [
      `/api/partnerproject/${otherProject.body.id}/getforpartner`,
      `/api/partnerproject/${otherProject.body.id}/flowsforpartner`,
    ])
      expect((await t.api('GET', path, { token: paula })).status, path).toBe(404);
    for (const [method, path] of [
      ['GET', `/api/partnerproject/${projectId}`],
      ['GET', `/api/partnerproject/${projectId}/flows`],
      ['POST', `/api/partnerproject/${projectId}/nextphase`],
      ['PATCH', `/api/partnerproject/${projectId}`],
      ['POST', `/api/partnerproject/${projectId}/startprojectphase`],
    ] as const)
      expect(
        (await t.api(method, path, { token: paula, body: method === 'GET' ? undefined : {} })).status,
        path,
      ).toBe(403);
    // Staff have no partner view.
    expect((await t.api('GET', '/api/partnerproject/indexforpartner', { token: a.token })).status).toBe(403);
  });
});
