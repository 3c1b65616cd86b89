import { CIRCULAR_CALCULATION_MESSAGE, FORM_MESSAGES } from '@im/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSalesCompany, createTestProduct, createTestRelation } from '../../../test/crm-factories';
import { type ApiResponse, startTestServer, type TestServer } from '../../../test/test-server';

let t: TestServer;
let a: { companyId: number; token: string; userId: number };
let b: { companyId: number; token: string; userId: number };
let staff: { token: string };
let flowId: number;

async function ok(res: Promise<ApiResponse>, status = 200): Promise<ApiResponse['body']> {
  const r = await res;
  if (r.status !== status) throw new Error(`expected ${status}, got ${r.status}: ${JSON.stringify(r.body)}`);
  return r.body;
}

async function newVertical(body: Record<string, unknown> = {}, token = a.token) {
  return ok(t.api('POST', '/api/vertical', { token, body: { name: 'Zonnepanelen opname', ...body } }), 201);
}
async function newField(verticalId: number, body: Record<string, unknown>) {
  return ok(
    t.api('POST', '/api/verticaldatafield', { token: a.token, body: { vertical_id: verticalId, ...body } }),
    201,
  );
}

beforeAll(async () => {
  t = await startTestServer({ work: false });
  a = await createSalesCompany(t, { name: 'Formulieren A' });
  b = await createSalesCompany(t, { name: 'Formulieren B' });
  const u = await t.createTestUser({ companyId: a.companyId, role: 100 });
  staff = { token: await t.login(u.email) };
  flowId = (await createTestRelation(t, a.token, { createnewflow: true })).flow_id;
});
afterAll(async () => t?.close());

describe('forms (verticals) and their fields', () => {
  it('creates, pages, sorts, archives (delete only archives) and restores', async () => {
    const v = await newVertical({ name: 'Warmtepomp opname', description: 'Ruimtes' });
    expect(v).toMatchObject({ type: 'intake', archived: false, fields_count: 0, verticaldatafields: [] });
    await newVertical({ name: 'Aardgasvrij service', type: 'aftercare' });
    const page = await ok(
      t.api('GET', '/api/vertical/querypaginated?sort=-name&limit=2', { token: a.token }),
    );
    expect(page.data).toHaveLength(2);
    expect(page.pagination.total).toBeGreaterThanOrEqual(2);
    const sorted = page.data.map((x: { name: string }) => x.name);
    expect([...sorted].sort().reverse()).toEqual(sorted);
    expect((await t.api('GET', '/api/vertical/querypaginated?sort=nope', { token: a.token })).status).toBe(
      422,
    );
    expect(await ok(t.api('DELETE', `/api/vertical/${v.id}`, { token: a.token }))).toEqual({
      message: FORM_MESSAGES.verticalArchivedDone,
    });
    expect((await ok(t.api('GET', `/api/vertical/${v.id}`, { token: a.token }))).archived).toBe(true);
    const live = await ok(t.api('GET', '/api/vertical', { token: a.token }));
    expect(live.map((x: { id: number }) => x.id)).not.toContain(v.id);
    const archived = await ok(t.api('GET', '/api/vertical/querypaginated?archived=1', { token: a.token }));
    expect(archived.data.map((x: { id: number }) => x.id)).toContain(v.id);
    await ok(t.api('POST', `/api/vertical/${v.id}/restore`, { token: a.token }));
    expect((await t.api('POST', '/api/vertical', { token: a.token, body: { name: ' ' } })).status).toBe(422);
    expect(
      (await t.api('POST', '/api/vertical', { token: a.token, body: { name: 'x', type: 'nope' } })).status,
    ).toBe(422);
  });

  it('names fields from their label, follows the label until changed, orders, duplicates after the original', async () => {
    const v = await newVertical();
    const pitch = await newField(v.id, { field_label: 'Dakhelling (graden)', field_type: 'number' });
    expect(pitch).toMatchObject({
      field_name: 'dakhelling_graden',
      description: 'Dakhelling (graden)',
      order: 1,
      selectable_in_products: true,
    });
    const renamed = await ok(
      t.api('PATCH', `/api/verticaldatafield/${pitch.id}`, {
        token: a.token,
        body: { field_label: 'Hellingshoek' },
      }),
    );
    expect(renamed).toMatchObject({ field_name: 'hellingshoek', description: 'Hellingshoek' });
    await ok(
      t.api('PATCH', `/api/verticaldatafield/${pitch.id}`, {
        token: a.token,
        body: { field_name: 'helling' },
      }),
    );
    const kept = await ok(
      t.api('PATCH', `/api/verticaldatafield/${pitch.id}`, {
        token: a.token,
        body: { field_label: 'Dakhelling' },
      }),
    );
    expect(kept).toMatchObject({
      field_name: 'helling',
      field_label: 'Dakhelling',
      description: 'Dakhelling',
    });
    const b2 = await newField(v.id, {
      field_label: 'Oriëntatie',
      field_type: 'selectbox',
      options: 'Zuid, Oost,West',
    });
    expect(b2).toMatchObject({ field_name: 'orientatie', options: ['Zuid', 'Oost', 'West'], order: 2 });
    const c = await newField(v.id, { field_label: 'Panelen', field_type: 'number' });
    const copy = await ok(
      t.api('POST', `/api/verticaldatafield/${pitch.id}/duplicate`, { token: a.token }),
      201,
    );
    expect(copy).toMatchObject({ field_name: 'helling_kopie', order: 2 });
    let detail = await ok(t.api('GET', `/api/vertical/${v.id}`, { token: a.token }));
    expect(detail.verticaldatafields.map((f: { field_name: string }) => f.field_name)).toEqual([
      'helling',
      'helling_kopie',
      'orientatie',
      'panelen',
    ]);
    await ok(
      t.api('PATCH', `/api/verticaldatafield/${c.id}`, {
        token: a.token,
        body: { order: 1, update_reason: 'orderOnly' },
      }),
    );
    detail = await ok(t.api('GET', `/api/vertical/${v.id}`, { token: a.token }));
    expect(
      detail.verticaldatafields.map(
        (f: { field_name: string; order: number }) => `${f.order}:${f.field_name}`,
      ),
    ).toEqual(['1:panelen', '2:helling', '3:helling_kopie', '4:orientatie']);
    await ok(t.api('DELETE', `/api/verticaldatafield/${copy.id}`, { token: a.token }));
    detail = await ok(t.api('GET', `/api/vertical/${v.id}`, { token: a.token }));
    expect(detail.verticaldatafields.map((f: { order: number }) => f.order)).toEqual([1, 2, 3]);
    const listed = await ok(
      t.api('GET', '/api/vertical/querypaginated?sort=-fields_count&limit=500', { token: a.token }),
    );
    expect(listed.data.find((x: { id: number }) => x.id === v.id).fields_count).toBe(3);
    expect(listed.data[0].fields_count).toBeGreaterThanOrEqual(3);
  });

  it('refuses bad fields: taken name, selectbox without options, rule without field, bad formula', async () => {
    const v = await newVertical();
    await newField(v.id, { field_label: 'Lengte', field_type: 'number' });
    const bad = async (body: Record<string, unknown>) =>
      (
        await t.api('POST', '/api/verticaldatafield', {
          token: a.token,
          body: { vertical_id: v.id, field_label: 'X', ...body },
        })
      ).body;
    expect((await bad({ field_name: 'lengte' })).message).toBe(FORM_MESSAGES.fieldNameTaken);
    expect((await bad({ field_type: 'selectbox' })).message).toBe(FORM_MESSAGES.optionsRequired);
    expect((await bad({ field_name: 'Met Spatie' })).errors.field_name).toEqual([
      FORM_MESSAGES.fieldNameInvalid,
    ]);
    const noField = await t.api('POST', '/api/verticaldatafield', {
      token: a.token,
      body: { vertical_id: v.id, field_label: 'X', showrules: [{ field_name: '', operator: 'isfilledin' }] },
    });
    expect(noField.status).toBe(422);
    expect(JSON.stringify(noField.body)).toContain(FORM_MESSAGES.showRuleField);
    const noOp = await t.api('POST', '/api/verticaldatafield', {
      token: a.token,
      body: { vertical_id: v.id, field_label: 'X', showrules: [{ field_name: 'lengte' }] },
    });
    expect(noOp.status).toBe(422);
    const formula = await bad({
      field_type: 'calculated',
      calculationrules: [{ formula: 'lengte * onbekend' }],
    });
    expect(formula.message).toContain('onbekend');
    expect(
      (await bad({ field_type: 'calculated', calculationrules: [{ formula: 'import({}, {})' }] })).message,
    ).toBeTruthy();
    const ok2 = await bad({ field_type: 'calculated', calculationrules: [{ formula: 'lengte * 2' }] });
    expect(ok2.field_name).toBe('x');
  });
});

describe('flow data items', () => {
  let v: { id: number };
  beforeAll(async () => {
    v = await newVertical({ name: 'Dak' });
    await newField(v.id, {
      field_label: 'Vermogen per paneel',
      field_name: 'panel_power',
      field_type: 'number',
    });
    await newField(v.id, { field_label: 'Aantal panelen', field_name: 'panel_count', field_type: 'number' });
    await newField(v.id, { field_label: 'Dakvorm', field_type: 'selectbox', options: ['plat', 'schuin'] });
    await newField(v.id, {
      field_label: 'Ballast',
      field_type: 'calculated',
      calculationrules: [
        {
          formula: 'panel_count * 12.5',
          showrules: [{ field_name: 'dakvorm', operator: 'issame', field_value: 'plat' }],
        },
        { formula: '0' },
      ],
    });
    await newField(v.id, {
      field_label: 'Opmerking plat dak',
      field_type: 'text',
      showrules: [{ field_name: 'dakvorm', operator: 'issame', field_value: 'plat' }],
      allow_locations: true,
    });
  });

  it('computes formulas and derived areas on every save, the same engine as the browser', async () => {
    const item = await ok(
      t.api('POST', '/api/flowdataitem', {
        token: a.token,
        body: { vertical_id: v.id, flow_data_id: flowId, item_type: 'roof' },
      }),
      201,
    );
    expect(item).toMatchObject({
      status: 'open',
      flow_id: flowId,
      flow_data_id: flowId,
      item_type: 'roof',
      vertical: { name: 'Dak' },
    });
    const saved = await ok(
      t.api('PATCH', `/api/flowdataitem/${item.id}`, {
        token: a.token,
        body: { values: { panel_power: '405', panel_count: 12, dakvorm: 'plat' } },
      }),
    );
    expect(saved.values).toMatchObject({ ballast: 150, installed_power: 4860 });
    const schuin = await ok(
      t.api('PATCH', `/api/flowdataitem/${item.id}`, {
        token: a.token,
        body: { values: { dakvorm: 'schuin' } },
      }),
    );
    expect(schuin.values).toMatchObject({ ballast: 0, panel_power: '405' });
    for (const values of [{ onbekend: 1 }, { panel_count: 'twaalf' }, { dakvorm: 'rond' }]) {
      const res = await t.api('PATCH', `/api/flowdataitem/${item.id}`, { token: a.token, body: { values } });
      expect(res.status, JSON.stringify(values)).toBe(422);
    }
    const list = await ok(t.api('GET', `/api/flowdataitem?flow_id=${flowId}`, { token: a.token }));
    expect(list.map((i: { id: number }) => i.id)).toContain(item.id);
  });

  it('stops a circular formula with the message and changes nothing', async () => {
    const c = await newVertical({ name: 'Rond' });
    await newField(c.id, { field_label: 'A', field_type: 'number' });
    await newField(c.id, {
      field_label: 'B',
      field_type: 'calculated',
      calculationrules: [{ formula: 'a + 1' }],
    });
    const cField = await newField(c.id, {
      field_label: 'C',
      field_type: 'calculated',
      calculationrules: [{ formula: 'b + 1' }],
    });
    const item = await ok(
      t.api('POST', '/api/flowdataitem', { token: a.token, body: { vertical_id: c.id, flow_id: flowId } }),
      201,
    );
    // b = c + 1 and c = b + 1: each save would count forever.
    const bField = (await ok(t.api('GET', `/api/vertical/${c.id}`, { token: a.token })))
      .verticaldatafields[1];
    await ok(
      t.api('PATCH', `/api/verticaldatafield/${bField.id}`, {
        token: a.token,
        body: { calculationrules: [{ formula: 'c + 1' }] },
      }),
    );
    expect(cField.id).toBeGreaterThan(0);
    const res = await t.api('PATCH', `/api/flowdataitem/${item.id}`, {
      token: a.token,
      body: { values: { a: 1 } },
    });
    expect(res.status).toBe(422);
    expect(res.body.message).toBe(CIRCULAR_CALCULATION_MESSAGE);
    const after = await ok(t.api('GET', `/api/flowdataitem/${item.id}`, { token: a.token }));
    expect(after.values.a ?? null).toBeNull();
  });

  it('is marked sent and rolled back by a manager only; keeps locations', async () => {
    const item = await ok(
      t.api('POST', '/api/flowdataitem', { token: a.token, body: { vertical_id: v.id, flow_id: flowId } }),
      201,
    );
    expect(
      (await t.api('POST', `/api/flowdataitem/${item.id}/marksent`, { token: staff.token })).status,
    ).toBe(403);
    const sent = await ok(t.api('POST', `/api/flowdataitem/${item.id}/marksent`, { token: a.token }));
    expect(sent.status).toBe('sent');
    expect(sent.sent_at).toBeTruthy();
    const back = await ok(t.api('POST', `/api/flowdataitem/${item.id}/rollbackstatus`, { token: a.token }));
    expect(back).toMatchObject({ status: 'open', sent_at: null });
    const withLoc = await ok(
      t.api('POST', `/api/flowdataitem/${item.id}/addlocation`, { token: a.token, body: { name: 'Garage' } }),
    );
    const loc = withLoc.locations[0];
    expect(loc.name).toBe('Garage');
    const filled = await ok(
      t.api('POST', `/api/flowdataitem/${item.id}/updatelocationdata`, {
        token: a.token,
        body: { locationData: { location_id: loc.id, values: { opmerking_plat_dak: 'Grind' } } },
      }),
    );
    expect(filled.locations[0].values).toEqual({ opmerking_plat_dak: 'Grind' });
    const notAllowed = await t.api('POST', `/api/flowdataitem/${item.id}/updatelocationdata`, {
      token: a.token,
      body: { locationData: { location_id: loc.id, values: { panel_count: 3 } } },
    });
    expect(notAllowed.status).toBe(422);
    const removed = await ok(
      t.api('POST', `/api/flowdataitem/${item.id}/removelocation`, {
        token: a.token,
        body: { location_id: loc.id },
      }),
    );
    expect(removed.locations).toEqual([]);
  });
});

describe('intakes and projects', () => {
  let form: { id: number };
  let projectForm: { id: number };
  beforeAll(async () => {
    form = await newVertical({ name: 'Opname warmtepomp' });
    await newField(form.id, { field_label: 'Isolatie', field_type: 'selectbox', options: ['goed', 'matig'] });
    projectForm = await newVertical({ name: 'Oplevering', type: 'project' });
  });

  it('creates an intake on a flow with its forms, plans it in the agenda, rolls the status back', async () => {
    const intake = await ok(
      t.api('POST', '/api/intake', {
        token: a.token,
        body: { flow_id: flowId, vertical_ids: [form.id], intake_date: '2026-12-01T09:00:00+01:00' },
      }),
      201,
    );
    expect(intake).toMatchObject({ status: 'planned', flow_id: flowId, vertical_ids: [form.id] });
    expect(intake.number).toBeGreaterThan(0);
    expect(intake.flowdataitems).toHaveLength(1);
    expect(intake.flowdataitems[0]).toMatchObject({ vertical_id: form.id, intake_id: intake.id });
    expect(intake.agendaitems).toHaveLength(1);
    expect(intake.agendaitems[0].start_date).toBe('2026-12-01T08:00:00.000Z');
    const done = await ok(
      t.api('PATCH', `/api/intake/${intake.id}`, { token: a.token, body: { status: 'completed' } }),
    );
    expect(done.status).toBe('completed');
    const back = await ok(
      t.api('PATCH', `/api/intake/${intake.id}`, {
        token: a.token,
        body: { status: 'planned', update_reason: 'rollbackstatus' },
      }),
    );
    expect(back.status).toBe('planned');
    expect(
      (
        await t.api('POST', '/api/intake', {
          token: a.token,
          body: { flow_id: flowId, vertical_ids: [projectForm.id] },
        })
      ).status,
    ).toBe(422);
    const page = await ok(t.api('GET', '/api/intake/querypaginated?sort=-number', { token: a.token }));
    expect(page.data[0].id).toBe(intake.id);
  });

  it('creates by relation (a new flow), saves as template and resets to it', async () => {
    const relation = await createTestRelation(t, a.token);
    const intake = await ok(
      t.api('POST', '/api/intake', { token: a.token, body: { relation_id: relation.id } }),
      201,
    );
    expect(intake.flow_id).toBeGreaterThan(0);
    expect(intake.relation_id).toBe(relation.id);
    expect(intake.flowdataitems).toEqual([]);
    const withForm = await ok(
      t.api('POST', '/api/intake', { token: a.token, body: { flow_id: flowId, vertical_ids: [form.id] } }),
      201,
    );
    const template = await ok(
      t.api('POST', `/api/intake/${withForm.id}/saveastemplate`, {
        token: a.token,
        body: { name: 'Standaard' },
      }),
      201,
    );
    expect(template).toMatchObject({
      is_template: true,
      name: 'Standaard',
      flow_id: null,
      vertical_ids: [form.id],
    });
    const templates = await ok(t.api('GET', '/api/intake/indextemplates', { token: a.token }));
    expect(templates.map((x: { id: number }) => x.id)).toContain(template.id);
    const reset = await ok(
      t.api('POST', `/api/intake/${intake.id}/resettotemplate`, {
        token: a.token,
        body: { intaketemplate_id: template.id },
      }),
    );
    expect(reset).toMatchObject({ intaketemplate_id: template.id, vertical_ids: [form.id] });
    expect(reset.flowdataitems).toHaveLength(1);
    expect((await t.api('POST', '/api/intake', { token: a.token, body: {} })).status).toBe(422);
  });

  it('starts a project (warns first when nothing is approved), marks it planned, keeps templates', async () => {
    expect(await ok(t.api('GET', `/api/project/startcheck?flow_id=${flowId}`, { token: a.token }))).toEqual({
      has_approved_document: false,
    });
    const p = await ok(
      t.api('POST', '/api/project', {
        token: a.token,
        body: { flow_id: flowId, vertical_ids: [projectForm.id] },
      }),
      201,
    );
    expect(p).toMatchObject({
      status: 'new',
      has_approved_document: false,
      flowdataitems: [{ vertical_id: projectForm.id }],
    });
    expect((await ok(t.api('POST', `/api/project/${p.id}/markplanned`, { token: a.token }))).status).toBe(
      'planned',
    );
    const tpl = await ok(
      t.api('POST', '/api/project', {
        token: a.token,
        body: { is_template: true, name: 'Zonnepanelen', vertical_ids: [projectForm.id] },
      }),
      201,
    );
    const copy = await ok(t.api('POST', `/api/project/${tpl.id}/duplicate`, { token: a.token }), 201);
    expect(copy).toMatchObject({
      is_template: true,
      name: 'Zonnepanelen (kopie)',
      vertical_ids: [projectForm.id],
    });
    const form = new FormData();
    form.append('project_id', String(p.id));
    form.append(
      'file',
      new Blob([Buffer.from('%PDF-1.4\n%%EOF\n')], { type: 'application/pdf' }),
      'werkbon.pdf',
    );
    const attached = await ok(t.api('POST', '/api/attachment', { token: a.token, body: form }), 201);
    const withFile = await ok(t.api('GET', `/api/project/${p.id}`, { token: a.token }));
    expect(withFile.attachments).toEqual([
      {
        id: attached.id,
        filename: 'werkbon.pdf',
        size: attached.size,
        url: `/api/attachment/${attached.id}`,
      },
    ]);
    expect((await t.api('GET', `/api/attachment/${attached.id}`, { token: a.token })).status).toBe(200);
    expect((await t.api('GET', `/api/attachment/${attached.id}`, { token: b.token })).status).toBe(404);
    await ok(t.api('DELETE', `/api/attachment/${attached.id}`, { token: a.token }));
    expect((await ok(t.api('GET', `/api/project/${p.id}`, { token: a.token }))).attachments).toEqual([]);
    const page = await ok(t.api('GET', '/api/project/querypaginated?is_template=1', { token: a.token }));
    expect(page.data.map((x: { id: number }) => x.id)).toEqual(expect.arrayContaining([tpl.id, copy.id]));
  });

  it('another company gets 404 for every id', async () => {
    const v = await newVertical();
    const f = await newField(v.id, { field_label: 'Veld' });
    const item = await ok(
      t.api('POST', '/api/flowdataitem', { token: a.token, body: { vertical_id: v.id, flow_id: flowId } }),
      201,
    );
    const intake = await ok(t.api('POST', '/api/intake', { token: a.token, body: { flow_id: flowId } }), 201);
    const p = await ok(t.api('POST', '/api/project', { token: a.token, body: { flow_id: flowId } }), 201);
    const calls: [string, string, unknown?][] = [
      ['GET', `/api/vertical/${v.id}`],
      ['PATCH', `/api/vertical/${v.id}`, { name: 'x' }],
      ['DELETE', `/api/vertical/${v.id}`],
      ['POST', `/api/vertical/${v.id}/duplicate`],
      ['GET', `/api/verticaldatafield/${f.id}`],
      ['PATCH', `/api/verticaldatafield/${f.id}`, { field_label: 'x' }],
      ['DELETE', `/api/verticaldatafield/${f.id}`],
      ['POST', `/api/verticaldatafield/${f.id}/duplicate`],
      ['POST', '/api/verticaldatafield', { vertical_id: v.id, field_label: 'x' }],
      ['GET', `/api/flowdataitem/${item.id}`],
      ['PATCH', `/api/flowdataitem/${item.id}`, { values: {} }],
      ['DELETE', `/api/flowdataitem/${item.id}`],
      ['POST', `/api/flowdataitem/${item.id}/marksent`],
      ['POST', '/api/flowdataitem', { vertical_id: v.id, flow_id: flowId }],
      ['GET', `/api/intake/${intake.id}`],
      ['PATCH', `/api/intake/${intake.id}`, { description: 'x' }],
      ['DELETE', `/api/intake/${intake.id}`],
      ['GET', `/api/project/${p.id}`],
      ['PATCH', `/api/project/${p.id}`, { description: 'x' }],
      ['DELETE', `/api/project/${p.id}`],
      ['POST', '/api/intake', { flow_id: flowId }],
    ];
    for (const [method, path, body] of calls) {
      const res = await t.api(method as 'GET', path, { token: b.token, body });
      expect(res.status, `${method} ${path}`).toBe(404);
    }
    expect((await ok(t.api('GET', `/api/flowdataitem?flow_id=${flowId}`, { token: b.token }))).length).toBe(
      0,
    );
  });
});

describe('form values feed the calculation', () => {
  it('a fromobject product takes its amount from the form and its toggle selects it; a sent calculation stays', async () => {
    const flow = (await createTestRelation(t, a.token, { createnewflow: true })).flow_id;
    const v = await newVertical({ name: 'Dakopname' });
    const count = await newField(v.id, { field_label: 'Aantal panelen', field_type: 'number' });
    const roof = await newField(v.id, {
      field_label: 'Dak',
      field_type: 'selectbox',
      options: ['plat', 'schuin'],
    });
    const panel = await createTestProduct(
      t,
      a.token,
      {
        item_name: 'Zonnepaneel 430 Wp',
        data_origin: 'fromobject',
        vertical_id: v.id,
        alternativeamount_id: count.id,
      },
      [[0, 150]],
    );
    const ballast = await createTestProduct(
      t,
      a.token,
      {
        item_name: 'Ballast plat dak',
        data_origin: 'fromobject',
        vertical_id: v.id,
        togglefield_id: roof.id,
        togglefield_value: 'plat',
      },
      [[0, 40]],
    );
    const quotation = await ok(
      t.api('POST', '/api/quotation', { token: a.token, body: { flow_id: flow } }),
      201,
    );
    for (const p of [panel, ballast])
      await ok(
        t.api('POST', '/api/calculationitem', {
          token: a.token,
          body: { calculation_id: quotation.calculation.id, item_type: 'product', product_id: p.id },
        }),
        201,
      );
    const item = await ok(
      t.api('POST', '/api/flowdataitem', { token: a.token, body: { vertical_id: v.id, flow_id: flow } }),
      201,
    );
    await ok(
      t.api('PATCH', `/api/flowdataitem/${item.id}`, {
        token: a.token,
        body: { values: { aantal_panelen: '12', dak: 'schuin' } },
      }),
    );
    let calc = await ok(t.api('GET', `/api/calculation/${quotation.calculation.id}`, { token: a.token }));
    const line = (name: string) =>
      calc.calculationitems.find((i: { item_name: string }) => i.item_name === name);
    expect(line('Zonnepaneel 430 Wp')).toMatchObject({ product_amount: 12, selected: true });
    expect(line('Ballast plat dak').selected).toBe(false);
    expect(calc.amount_exc_vat).toBe(1800);
    await ok(
      t.api('PATCH', `/api/flowdataitem/${item.id}`, { token: a.token, body: { values: { dak: 'plat' } } }),
    );
    calc = await ok(t.api('GET', `/api/calculation/${quotation.calculation.id}`, { token: a.token }));
    expect(line('Ballast plat dak').selected).toBe(true);
    expect(calc.amount_exc_vat).toBe(1840);
    // Once sent, the calculation no longer follows the form.
    await ok(
      t.api('POST', `/api/quotation/${quotation.id}/sendemail`, {
        token: a.token,
        body: { dontsentbutmarksent: 1 },
      }),
    );
    await ok(
      t.api('PATCH', `/api/flowdataitem/${item.id}`, {
        token: a.token,
        body: { values: { aantal_panelen: '20' } },
      }),
    );
    calc = await ok(t.api('GET', `/api/calculation/${quotation.calculation.id}`, { token: a.token }));
    expect(line('Zonnepaneel 430 Wp').product_amount).toBe(12);
  });
});

describe('documents show the forms', () => {
  it('ROOMS lists the rooms with their area, RECURRING repeats per copy, VERTICALPHOTOS shows form photos', async () => {
    const flow = (await createTestRelation(t, a.token, { createnewflow: true })).flow_id;
    const rooms = await newVertical({ name: 'Ruimtes' });
    await newField(rooms.id, { field_label: 'Ruimte', field_name: 'ruimte' });
    await newField(rooms.id, { field_label: 'Lengte', field_name: 'length', field_type: 'number' });
    await newField(rooms.id, { field_label: 'Breedte', field_name: 'width', field_type: 'number' });
    await newField(rooms.id, {
      field_label: 'Isolatie',
      field_type: 'selectbox',
      options: ['goed', 'matig'],
    });
    const photoField = await newField(rooms.id, {
      field_label: 'Foto',
      field_name: 'foto',
      field_type: 'photo',
    });
    for (const [ruimte, length, width] of [
      ['Woonkamer', '7,5', '4'],
      ['Keuken', '3', '2,5'],
    ] as const) {
      const item = await ok(
        t.api('POST', '/api/flowdataitem', {
          token: a.token,
          body: { vertical_id: rooms.id, flow_id: flow, item_type: 'room' },
        }),
        201,
      );
      await ok(
        t.api('PATCH', `/api/flowdataitem/${item.id}`, {
          token: a.token,
          body: { values: { ruimte, length, width, isolatie: 'matig' } },
        }),
      );
      if (ruimte === 'Keuken') {
        const png = await (await import('sharp'))
          .default({ create: { width: 40, height: 30, channels: 3, background: '#336699' } })
          .png()
          .toBuffer();
        const form = new FormData();
        form.append('flow_data_item_id', String(item.id));
        form.append('field_name', photoField.field_name);
        form.append('file', new Blob([png], { type: 'image/png' }), 'keuken.png');
        await ok(t.api('POST', '/api/picture', { token: a.token, body: form }), 201);
      }
    }
    const quotation = await ok(
      t.api('POST', '/api/quotation', { token: a.token, body: { flow_id: flow } }),
      201,
    );
    const types = (await ok(t.api('GET', '/api/documentwidgettype', { token: a.token }))) as {
      id: number;
      tag: string;
      available: boolean;
    }[];
    const typeOf = (tag: string) => types.find((x) => x.tag === tag)!;
    expect(typeOf('ROOMS').available).toBe(true);
    await ok(
      t.api('POST', '/api/documentwidget', {
        token: a.token,
        body: { document_id: quotation.id, document_widget_type_id: typeOf('ROOMS').id },
      }),
      201,
    );
    const recurring = await ok(
      t.api('POST', '/api/documentwidget', {
        token: a.token,
        body: { document_id: quotation.id, document_widget_type_id: typeOf('RECURRING').id },
      }),
      201,
    );
    await ok(
      t.api('PATCH', `/api/documentwidget/${recurring.id}`, {
        token: a.token,
        body: {
          textcontent: '<p>{{ formulier.ruimte }}: isolatie {{ formulier.isolatie }}</p>',
          recurringvertical_id: rooms.id,
        },
      }),
    );
    await ok(
      t.api('POST', '/api/documentwidget', {
        token: a.token,
        body: { document_id: quotation.id, document_widget_type_id: typeOf('VERTICALPHOTOS').id },
      }),
      201,
    );
    const bad = await t.api('PATCH', `/api/documentwidget/${recurring.id}`, {
      token: b.token,
      body: { recurringvertical_id: rooms.id },
    });
    expect(bad.status).toBe(404);
    const otherForm = await newVertical({ name: 'Ander' }, b.token);
    const foreign = await t.api('PATCH', `/api/documentwidget/${recurring.id}`, {
      token: a.token,
      body: { recurringvertical_id: otherForm.id },
    });
    expect(foreign.status).toBe(422);
    const { html } = await ok(t.api('GET', `/api/quotation/${quotation.id}/preview`, { token: a.token }));
    expect(html).toContain('<th scope="row">Woonkamer</th><td class="im-num">30,00</td>');
    expect(html).toContain('<th scope="row">Keuken</th><td class="im-num">7,50</td>');
    expect(html).toContain('37,50');
    expect(html).toContain('Woonkamer: isolatie matig');
    expect(html).toContain('Keuken: isolatie matig');
    expect(html).toMatch(/<figure class="im-photo"><img src="data:image\/(png|jpeg|webp);base64,/);

    // A widget's form-field rule holds when a filled-in copy on the flow meets it.
    const text = await ok(
      t.api('POST', '/api/documentwidget', {
        token: a.token,
        body: {
          document_id: quotation.id,
          document_widget_type_id: typeOf('TEXT').id,
          textcontent: '<p>Na-isolatie aanbevolen</p>',
        },
      }),
      201,
    );
    const rule = (value: string) => [{ field_name: 'isolatie', operator: 'issame', field_value: value }];
    await ok(
      t.api('PATCH', `/api/documentwidget/${text.id}`, {
        token: a.token,
        body: { conditions: rule('slecht') },
      }),
    );
    expect(
      (await ok(t.api('GET', `/api/quotation/${quotation.id}/preview`, { token: a.token }))).html,
    ).not.toContain('Na-isolatie aanbevolen');
    const matig = await ok(
      t.api('PATCH', `/api/documentwidget/${text.id}`, {
        token: a.token,
        body: { conditions: rule('matig') },
      }),
    );
    expect(matig.conditions[0].pretty_description).toBe('Isolatie is gelijk aan matig');
    expect(
      (await ok(t.api('GET', `/api/quotation/${quotation.id}/preview`, { token: a.token }))).html,
    ).toContain('Na-isolatie aanbevolen');
    const unknown = await t.api('PATCH', `/api/documentwidget/${text.id}`, {
      token: a.token,
      body: { conditions: [{ field_name: 'bestaat_niet', operator: 'isfilledin' }] },
    });
    expect(unknown.status).toBe(422);
  });
});
