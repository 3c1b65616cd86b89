import { TASK_CONTEXT_MESSAGES as M } from '@im/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSalesCompany, createTestRelation, logCount } from '../../../test/crm-factories';
import { startTestServer, type TestServer } from '../../../test/test-server';

let t: TestServer;
let a: { companyId: number; token: string; userId: number };
let b: { companyId: number; token: string; userId: number };
let flowId: number;
let intakeForm: number;
let projectForm: number;
let werkbon: number;
let werkbonTemplate: number;
let bForm: number;
let bType: number;
let bTemplate: number;

const api = (method: string, path: string, body?: unknown, token = a.token) =>
  t.api(method, path, { token, body });

async function created(path: string, body: unknown, token = a.token) {
  const res = await api('POST', path, body, token);
  if (res.status !== 201) throw new Error(`${path}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

beforeAll(async () => {
  t = await startTestServer({ work: false });
  a = await createSalesCompany(t, { name: 'Contexten A' });
  b = await createSalesCompany(t, { name: 'Contexten B' });
  flowId = (await createTestRelation(t, a.token, { createnewflow: true })).flows[0].id;
  intakeForm = (await created('/api/vertical', { name: 'Opname warmtepomp', type: 'intake' })).id;
  projectForm = (await created('/api/vertical', { name: 'Montage warmtepomp', type: 'project' })).id;
  werkbon = (await created('/api/documenttype', { description: 'Werkbon', flowstage: 'project' })).id;
  werkbonTemplate = (
    await created('/api/document/createtemplate', { title: 'Werkbon standaard', document_type_id: werkbon })
  ).id;
  bForm = (await created('/api/vertical', { name: 'Van B', type: 'intake' }, b.token)).id;
  bType = (await created('/api/documenttype', { description: 'Van B', flowstage: 'project' }, b.token)).id;
  bTemplate = (
    await created('/api/document/createtemplate', { title: 'Van B', document_type_id: bType }, b.token)
  ).id;
}, 60_000);
afterAll(async () => t?.close());

const template = async (type = 'opname') =>
  (await created('/api/task', { description: `Sjabloon ${type}`, type, is_template: true })).id as number;

describe('task context types', () => {
  it('CRUD on a template: a form that fits or a document type with a template', async () => {
    const tpl = await template('opname');
    const form = await created('/api/taskcontexttype', { task_id: tpl, vertical_id: intakeForm });
    expect(form).toMatchObject({
      task_id: tpl,
      kind: 'form',
      vertical_id: intakeForm,
      label: 'Opname warmtepomp',
    });
    const doc = await created('/api/taskcontexttype', {
      task_id: tpl,
      document_type_id: werkbon,
      document_template_id: werkbonTemplate,
    });
    expect(doc).toMatchObject({ kind: 'document', label: 'Werkbon (Werkbon standaard)' });
    const list = await api('GET', `/api/taskcontexttype?task_id=${tpl}`);
    expect(list.body.map((c: { id: number }) => c.id)).toEqual([form.id, doc.id]);
    expect((await api('GET', `/api/taskcontexttype/${doc.id}`)).body).toEqual(doc);

    const patched = await api('PATCH', `/api/taskcontexttype/${doc.id}`, { document_type_id: werkbon });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ document_template_id: null, label: 'Werkbon' });
    expect((await api('DELETE', `/api/taskcontexttype/${doc.id}`)).status).toBe(200);
    expect((await api('GET', `/api/taskcontexttype/${doc.id}`)).status).toBe(404);
    expect((await api('DELETE', `/api/taskcontexttype/${doc.id}`)).status).toBe(404);
    expect(await logCount(t, 'task', tpl, 'update')).toBeGreaterThanOrEqual(3);
  });

  it('refuses neither or both, a form that does not fit, another company’s records and a real task', async () => {
    const tpl = await template('opname');
    const bad = async (body: Record<string, unknown>, field: string, message: string) => {
      const res = await api('POST', '/api/taskcontexttype', { task_id: tpl, ...body });
      expect(res.status).toBe(422);
      expect(res.body.errors[field]).toEqual([message]);
    };
    await bad({}, 'vertical_id', M.formOrDocument);
    await bad({ vertical_id: intakeForm, document_type_id: werkbon }, 'vertical_id', M.notBoth);
    await bad({ document_template_id: werkbonTemplate }, 'document_type_id', M.templateWithoutType);
    await bad({ vertical_id: projectForm }, 'vertical_id', M.verticalWrongType);
    await bad({ vertical_id: bForm }, 'vertical_id', M.verticalNotFound);
    await bad({ document_type_id: bType }, 'document_type_id', M.documentTypeNotFound);
    await bad(
      { document_type_id: werkbon, document_template_id: bTemplate },
      'document_template_id',
      M.documentTemplateNotFound,
    );
    await bad({ vertical_id: 'x' }, 'vertical_id', expect.any(String));
    const system = (await api('GET', '/api/documenttype')).body.find(
      (x: { system_kind: string | null }) => x.system_kind === 'confirmation',
    );
    await bad({ document_type_id: system.id }, 'document_type_id', M.documentTypeNotFound);
    const other = (await created('/api/documenttype', { description: 'Keuring', flowstage: 'project' })).id;
    await bad(
      { document_type_id: other, document_template_id: werkbonTemplate },
      'document_template_id',
      M.documentTemplateNotFound,
    );

    const real = (await created('/api/task', { flow_id: flowId, description: 'Echt' })).id;
    const notTemplate = await api('POST', '/api/taskcontexttype', { task_id: real, vertical_id: intakeForm });
    expect(notTemplate.status).toBe(422);
    expect(notTemplate.body.errors.task_id).toEqual([M.taskNotATemplate]);
    // An "overig" template takes any form.
    const any = await template('overig');
    expect(
      (await api('POST', '/api/taskcontexttype', { task_id: any, vertical_id: projectForm })).status,
    ).toBe(201);
  });

  it('another company sees none of it (404) and cannot attach to it', async () => {
    const tpl = await template('opname');
    const c = await created('/api/taskcontexttype', { task_id: tpl, vertical_id: intakeForm });
    expect((await api('GET', `/api/taskcontexttype/${c.id}`, undefined, b.token)).status).toBe(404);
    expect((await api('PATCH', `/api/taskcontexttype/${c.id}`, { vertical_id: bForm }, b.token)).status).toBe(
      404,
    );
    expect((await api('DELETE', `/api/taskcontexttype/${c.id}`, undefined, b.token)).status).toBe(404);
    expect((await api('GET', `/api/taskcontexttype?task_id=${tpl}`, undefined, b.token)).status).toBe(404);
    expect(
      (await api('POST', '/api/taskcontexttype', { task_id: tpl, vertical_id: bForm }, b.token)).status,
    ).toBe(404);
    expect((await api('GET', `/api/taskcontexttype/${c.id}`)).status).toBe(200);
  });

  it('needs a staff role', async () => {
    const tpl = await template('opname');
    const u = await t.createTestUser({ companyId: a.companyId, role: 0 });
    const token = await t.login(u.email);
    expect((await api('GET', `/api/taskcontexttype?task_id=${tpl}`, undefined, token)).status).toBe(403);
    expect(
      (await api('POST', '/api/taskcontexttype', { task_id: tpl, vertical_id: intakeForm }, token)).status,
    ).toBe(403);
    expect((await api('GET', '/api/task/geteventtriggers', undefined, token)).status).toBe(403);
    const staff = await t.createTestUser({ companyId: a.companyId, role: 100 });
    expect(
      (await api('GET', `/api/taskcontexttype?task_id=${tpl}`, undefined, await t.login(staff.email))).status,
    ).toBe(200);
  });
});

describe('task contexts', () => {
  it('storefromtemplate makes the form (reusing the flow’s copy) and a new document, and the task shows them', async () => {
    const tpl = await template('opname');
    await created('/api/taskcontexttype', { task_id: tpl, vertical_id: intakeForm });
    await created('/api/taskcontexttype', {
      task_id: tpl,
      document_type_id: werkbon,
      document_template_id: werkbonTemplate,
    });
    const planned = await created('/api/task/storefromtemplate', { flow_id: flowId, tasktemplate_id: tpl });
    expect(planned.task_contexts).toHaveLength(2);
    const [form, doc] = planned.task_contexts;
    expect(form).toMatchObject({
      kind: 'form',
      vertical_id: intakeForm,
      label: 'Opname warmtepomp',
      done: false,
      state_label: 'Open',
      flow_id: flowId,
    });
    expect(form.flowdataitem_id).toBeGreaterThan(0);
    expect(doc).toMatchObject({
      kind: 'document',
      document_type_id: werkbon,
      done: false,
      state_label: 'Concept',
    });
    const document = (await api('GET', `/api/document/${doc.document_id}`)).body;
    expect(document).toMatchObject({ flow_id: flowId, document_type_id: werkbon, status: 'draft' });

    // A second task from the template reuses the flow's copy of the form and makes a new document.
    const again = await created('/api/task/storefromtemplate', { flow_id: flowId, tasktemplate_id: tpl });
    expect(again.task_contexts[0].flowdataitem_id).toBe(form.flowdataitem_id);
    expect(again.task_contexts[1].document_id).not.toBe(doc.document_id);
    const items = (await api('GET', `/api/flowdataitem?flow_id=${flowId}`)).body;
    expect(items.filter((i: { vertical_id: number }) => i.vertical_id === intakeForm)).toHaveLength(1);

    // Submitting the form marks the context done; the lists and the task read say so.
    expect((await api('POST', `/api/flowdataitem/${form.flowdataitem_id}/marksent`)).status).toBe(200);
    const read = (await api('GET', `/api/task/${planned.id}`)).body;
    expect(read.task_contexts[0]).toMatchObject({ done: true, state_label: 'Ingediend' });
    const page = await api(
      'GET',
      `/api/task/getopentasks?filters=${encodeURIComponent(JSON.stringify({ flow_id: flowId }))}`,
    );
    const row = page.body.data.find((x: { id: number }) => x.id === planned.id);
    expect(row.task_contexts.map((c: { id: number }) => c.id)).toEqual([form.id, doc.id]);
    expect((await api('GET', `/api/taskcontext?task_id=${planned.id}`)).body).toHaveLength(2);

    // A duplicate and a following user point at the same form and document.
    const copy = (await api('POST', `/api/task/${planned.id}/duplicate`)).body;
    expect(copy.task_contexts.map((c: { document_id: number | null }) => c.document_id)).toEqual([
      null,
      doc.document_id,
    ]);
    const tplCopy = (await api('POST', `/api/task/${tpl}/duplicate`)).body;
    expect((await api('GET', `/api/taskcontexttype?task_id=${tplCopy.id}`)).body).toHaveLength(2);

    // Another company: 404 for the contexts, and none in its lists.
    expect((await api('GET', `/api/taskcontext/${doc.id}`, undefined, b.token)).status).toBe(404);
    expect((await api('DELETE', `/api/taskcontext/${doc.id}`, undefined, b.token)).status).toBe(404);
    expect((await api('GET', `/api/taskcontext?task_id=${planned.id}`, undefined, b.token)).status).toBe(404);
  });

  it('by hand: add, change and remove a context; the flow keeps the document', async () => {
    const task = (
      await created('/api/task', { flow_id: flowId, description: 'Uitvoeren', type: 'uitvoering' })
    ).id;
    const c = await created('/api/taskcontext', { task_id: task, document_type_id: werkbon });
    expect(c).toMatchObject({
      task_id: task,
      kind: 'document',
      task_context_type_id: null,
      state_label: 'Concept',
    });
    expect(c.label).toMatch(/^Werkbon \d+$/);
    const changed = await api('PATCH', `/api/taskcontext/${c.id}`, { vertical_id: projectForm });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ kind: 'form', vertical_id: projectForm, document_id: null });
    const wrong = await api('PATCH', `/api/taskcontext/${c.id}`, { vertical_id: intakeForm });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors.vertical_id).toEqual([M.verticalWrongType]);
    expect((await api('DELETE', `/api/taskcontext/${c.id}`)).status).toBe(200);
    expect((await api('GET', `/api/taskcontext/${c.id}`)).status).toBe(404);
    expect((await api('GET', `/api/document/${c.document_id}`)).status).toBe(200);

    const tpl = await template('overig');
    const onTemplate = await api('POST', '/api/taskcontext', { task_id: tpl, vertical_id: intakeForm });
    expect(onTemplate.status).toBe(422);
    expect(onTemplate.body.errors.task_id).toEqual([M.taskIsATemplate]);
    const loose = (await created('/api/task', { description: 'Los' })).id;
    expect((await api('POST', '/api/taskcontext', { task_id: loose, vertical_id: intakeForm })).status).toBe(
      422,
    );
    expect((await api('POST', '/api/taskcontext', { task_id: task, document_type_id: bType })).status).toBe(
      422,
    );
    expect((await api('POST', '/api/taskcontext', { task_id: task }, b.token)).status).toBe(422);
    expect(
      (await api('POST', '/api/taskcontext', { task_id: task, vertical_id: bForm }, b.token)).status,
    ).toBe(404);
    expect((await api('GET', '/api/taskcontext?task_id=abc')).status).toBe(422);
    expect((await api('GET', '/api/taskcontext')).status).toBe(422);
  });

  it('a deleted document shows as removed, not done', async () => {
    const task = (await created('/api/task', { flow_id: flowId, description: 'Keuring' })).id;
    const c = await created('/api/taskcontext', { task_id: task, document_type_id: werkbon });
    expect((await api('DELETE', `/api/document/${c.document_id}`)).status).toBe(200);
    expect((await api('GET', `/api/taskcontext/${c.id}`)).body).toMatchObject({
      document_id: null,
      done: false,
      state_label: 'Verwijderd',
    });
  });
});

describe('getTaskEventTriggers', () => {
  it('answers the task triggers with the company’s rules on them, not another company’s', async () => {
    const rule = await created('/api/eventtriggerrule', {
      event_trigger_tag: 'task_completed',
      type: 'create_action',
      user_id: 0,
      text: 'Bel de klant na de klus',
      description: 'Terugbellen na afronden',
    });
    const res = await api('GET', '/api/task/geteventtriggers');
    expect(res.status).toBe(200);
    expect(res.body.map((x: { tag: string }) => x.tag)).toEqual(['task_completed']);
    expect(res.body[0]).toMatchObject({ description: 'Taak afgerond' });
    expect(res.body[0].rules).toEqual([
      expect.objectContaining({ id: rule.id, description: 'Terugbellen na afronden', is_delayed: false }),
    ]);
    expect(res.body[0].rules[0].type_label).toBeTruthy();
    const other = await api('GET', '/api/task/geteventtriggers', undefined, b.token);
    expect(other.body[0].rules).toEqual([]);
  });
});
