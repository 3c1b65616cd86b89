import { PIPELINE_COLUMNS, PIPELINE_SORT_OPTIONS, zPipeline } from '@im/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestRelation as createRelationByApi,
  createSalesCompany,
  createTestProduct,
} from '../../../test/crm-factories';
import { startTestServer, type TestServer } from '../../../test/test-server';
import { createTestFlow, createTestRelation } from '../flows/flow-test-factory';

let t: TestServer;
let companyId: number;
let token: string;
let userId: number;

interface Column {
  flow_status: string;
  total: number;
  total_capped: boolean;
  leads: { id: number; flow_status: string; relation_fullname: string; flowstage_start_at: string }[];
}

beforeAll(async () => {
  t = await startTestServer({ work: false });
  companyId = await t.createTestCompany();
  const user = await t.createTestUser({ companyId });
  userId = user.id;
  token = await t.login(user.email);
  const names = ['Anna Visser', 'Bram de Boer', 'Cees Mulder', 'Dirk Smit'];
  const relations: number[] = [];
  for (const n of names) {
    const [name, ...rest] = n.split(' ');
    relations.push(await createTestRelation(t, companyId, { name, surname: rest.join(' ') }));
  }
  // 130 leads (more than a column shows), a few of every other status, some of one user.
  for (let i = 0; i < 130; i++) {
    await createTestFlow(t, companyId, {
      relationId: relations[i % 4],
      status: i % 10 === 0 ? 'unread' : 'new',
      userId: i % 5 === 0 ? userId : undefined,
      tags: i % 3 === 0 ? ['Spoed'] : [],
    });
  }
  for (const status of [
    'intake',
    'quotation',
    'confirmation',
    'project',
    'invoice',
    'aftercare',
    'completed',
    'cancelled',
  ] as const) {
    for (let i = 0; i < 3; i++) await createTestFlow(t, companyId, { relationId: relations[i], status });
  }
  // Distinct stage starts, so the order is visible.
  await t.server.deps.db.tenant({ companyId }, (tx) =>
    tx.execute(sql`update flow set flowstage_start_at = now() - (id % 17) * interval '1 hour',
      updated_at = now() - (id % 13) * interval '1 minute'`),
  );
});
afterAll(async () => t?.close());

const pipeline = async (query = ''): Promise<Column[]> => {
  const res = await t.api('GET', `/api/user/getleadpipeline${query}`, { token });
  expect(res.status, query).toBe(200);
  return res.body.columns;
};

describe('lead pipeline', () => {
  it('answers a column per status with totals, at most 100 cards by default, in flowstage order', async () => {
    const columns = await pipeline();
    expect(columns.map((c) => c.flow_status)).toEqual(PIPELINE_COLUMNS.map((c) => c.flow_status));
    const lead = columns[0]!;
    expect(lead.total).toBe(130);
    expect(lead.leads).toHaveLength(100);
    expect(new Set(lead.leads.map((l) => l.flow_status))).toEqual(new Set(['new', 'unread']));
    const starts = lead.leads.map((l) => l.flowstage_start_at);
    expect(starts).toEqual([...starts].sort());
    for (const c of columns.slice(1)) {
      expect(c.total, c.flow_status).toBe(3);
      expect(c.leads.every((l) => l.flow_status === c.flow_status)).toBe(true);
    }
    expect(lead.leads[0]).toMatchObject({
      flow_id: lead.leads[0]!.id,
      flow_phase_description: expect.any(String),
      flow_lead_source: 'Eigen website',
      partner: null,
      partner_project: null,
      turnover_weighted: 0,
      amount_inc_vat: null,
      kpi_values: [],
      current_start_date: null,
      current_end_date: null,
      date_lead: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });
  });

  it('answers exactly the documented shape, with dates and names as the flow detail has them', async () => {
    const res = await t.api('GET', `/api/user/getleadpipeline?userId=${userId}`, { token });
    expect(res.headers.get('content-type')).toContain('application/json');
    expect(zPipeline.strict().safeParse(res.body).success).toBe(true);
    const card = res.body.columns[0].leads[0];
    const detail = (await t.api('GET', `/api/flow/${card.id}`, { token })).body;
    expect(card).toMatchObject({
      updated_at: detail.updated_at,
      flowstage_start_at: detail.flowstage_start_at,
      date_lead: detail.lead.date_lead,
      user_fullname: detail.user_fullname,
      relation_fullname: detail.relation_fullname,
      flow_phase_id: detail.flow_phase_id,
      flow_phase_description: detail.flow_phase.description,
      flow_tags: detail.tags,
    });
    expect(card.user_fullname).not.toBe('');
  });

  it("names the card's partner and partner project", async () => {
    const flowId = (await pipeline())[1]!.leads[0]!.id;
    await t.server.deps.db.tenant({ companyId }, async (tx) => {
      const p = await tx.execute<{ id: number }>(
        sql`insert into partner (name) values ('Energie Noord') returning id`,
      );
      const pp = await tx.execute<{ id: number }>(sql`insert into partner_project (partner_id, label)
        values (${p.rows[0]!.id}, 'Zon op 80 daken') returning id`);
      await tx.execute(sql`update flow set partner_id = ${p.rows[0]!.id}, partner_project_id = ${pp.rows[0]!.id}
        where id = ${flowId}`);
    });
    const card = (await pipeline())[1]!.leads.find((l) => l.id === flowId) as unknown as Record<
      string,
      unknown
    >;
    expect(card).toMatchObject({ partner: 'Energie Noord', partner_project: 'Zon op 80 daken' });
    await t.server.deps.db.tenant({ companyId }, (tx) =>
      tx.execute(sql`update flow set partner_id = null, partner_project_id = null where id = ${flowId}`),
    );
  });

  it('takes the per-column limit options and refuses others', async () => {
    expect((await pipeline('?limit=250'))[0]!.leads).toHaveLength(130);
    expect((await pipeline('?limit=100000'))[0]!.leads).toHaveLength(130);
    for (const bad of ['?limit=50', '?limit=abc', '?sort=nieuwste']) {
      expect((await t.api('GET', `/api/user/getleadpipeline${bad}`, { token })).status, bad).toBe(422);
    }
  });

  it('orders each column by each of the 10 sort options', async () => {
    const check: Record<string, (c: Column['leads']) => string[]> = {
      flowstage_asc: (l) => l.map((x) => x.flowstage_start_at),
      name_asc: (l) => l.map((x) => x.relation_fullname),
    };
    for (const sort of PIPELINE_SORT_OPTIONS) {
      const columns = await pipeline(`?sort=${sort}&limit=250`);
      expect(columns[0]!.leads).toHaveLength(130);
      const base = sort.replace(/_(asc|desc)$/, '_asc');
      const values = check[base]?.(columns[0]!.leads);
      if (!values) continue;
      const sorted = [...values].sort();
      expect(values, sort).toEqual(sort.endsWith('_desc') ? sorted.reverse() : sorted);
    }
    const updated = await t.api('GET', '/api/user/getleadpipeline?sort=updated_desc&limit=250', { token });
    const byUpdate = await t.server.deps.db.tenant({ companyId }, (tx) =>
      tx.execute<{ id: number }>(
        sql`select id from flow where flow_status in ('new', 'unread') order by updated_at desc, id desc`,
      ),
    );
    expect(updated.body.columns[0].leads.map((l: { id: number }) => l.id)).toEqual(
      byUpdate.rows.map((r) => r.id),
    );
  });

  it('filters by user, tag and text', async () => {
    expect((await pipeline(`?userId=${userId}`))[0]!.total).toBe(26);
    expect((await pipeline('?tag=Spoed'))[0]!.total).toBe(44);
    const text = await pipeline('?query=visser');
    expect(text[0]!.total).toBe(33);
    expect(text[0]!.leads.every((l) => l.relation_fullname === 'Anna Visser')).toBe(true);
    expect(text[1]!.total).toBe(1);
  });

  it('follows a status change', async () => {
    const before = await pipeline();
    const moved = before[0]!.leads[0]!.id;
    const res = await t.api('POST', `/api/flow/${moved}/changestatus`, {
      token,
      body: { flow_status: 'intake' },
    });
    expect(res.status).toBe(200);
    const after = await pipeline();
    expect(after[0]!.total).toBe(before[0]!.total - 1);
    expect(after[1]!.total).toBe(before[1]!.total + 1);
    expect(after[1]!.leads.map((l) => l.id)).toContain(moved);
  });
});

describe('the amount on each card (decision 033)', () => {
  let sales: { companyId: number; token: string };
  let other: { companyId: number; token: string };
  const post = async (path: string, body: unknown, as = sales.token) => {
    const res = await t.api('POST', path, { token: as, body });
    if (res.status !== 201) throw new Error(`${path}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  };
  const newFlow = async (as = sales.token) =>
    (await createRelationByApi(t, as, { createnewflow: true })).flows[0].id as number;
  /** A calculation (bare, or a quotation's) holding one manual line at 21 % VAT of `exc` euros. */
  const priced = async (calculationId: number, exc: string, as = sales.token) =>
    post(
      '/api/calculationitem',
      { calculation_id: calculationId, item_name: 'Werk', unit_rate_exc_manual: exc },
      as,
    );
  const calculation = async (flowId: number, exc: string, as = sales.token) => {
    const c = await post('/api/calculation', { flow_id: flowId }, as);
    await priced(c.id, exc, as);
    return c.id as number;
  };
  const quotation = async (flowId: number, exc: string) => {
    // Without the dossier's calculation (decision 037): the quotation's own lines only.
    const q = await post('/api/quotation', { flow_id: flowId, calculation_id: null });
    await priced(q.calculation_id, exc);
    return q.id as number;
  };
  const amounts = async (as: string) => {
    const res = await t.api('GET', '/api/user/getleadpipeline?limit=250', { token: as });
    expect(res.status).toBe(200);
    expect(zPipeline.strict().safeParse(res.body).success).toBe(true);
    const byId = new Map<number, string | null>();
    for (const column of res.body.columns as { leads: { id: number; amount_inc_vat: string | null }[] }[])
      for (const lead of column.leads) byId.set(lead.id, lead.amount_inc_vat);
    return byId;
  };

  beforeAll(async () => {
    sales = await createSalesCompany(t, { name: 'Pijplijn bedragen A' });
    other = await createSalesCompany(t, { name: 'Pijplijn bedragen B' });
  });

  it('shows the latest calculation incl. VAT to the cent, a live quotation before it, null for none', async () => {
    const calcOnly = await newFlow();
    await calculation(calcOnly, '1234,56'); // 1493.8176 inc VAT
    await calculation(calcOnly, '0,05'); // the latest: 0.0605 -> 0.06
    const quoted = await newFlow();
    await quotation(quoted, '500,00'); // 605.00
    await calculation(quoted, '10,00'); // newer, but no quotation's
    const none = await newFlow();

    let seen = await amounts(sales.token);
    expect(seen.get(calcOnly)).toBe('0.06');
    expect(seen.get(quoted)).toBe('605.00');
    expect(seen.has(none)).toBe(true);
    expect(seen.get(none)).toBeNull();

    // A newer quotation wins; cancelled or deleted, it no longer counts and neither does its calculation.
    const newer = await quotation(quoted, '1000,00');
    expect((await amounts(sales.token)).get(quoted)).toBe('1210.00');
    expect(
      (await t.api('PATCH', `/api/quotation/${newer}`, { token: sales.token, body: { status: 'cancelled' } }))
        .status,
    ).toBe(200);
    const gone = await quotation(quoted, '2000,00');
    expect((await t.api('DELETE', `/api/quotation/${gone}`, { token: sales.token })).status).toBe(200);
    seen = await amounts(sales.token);
    expect(seen.get(quoted)).toBe('605.00');

    // Without a live quotation: the latest calculation that no cancelled or deleted document holds.
    const onlyCancelled = await newFlow();
    const cancelled = await quotation(onlyCancelled, '3000,00');
    await calculation(onlyCancelled, '1234,56');
    await t.api('PATCH', `/api/quotation/${cancelled}`, {
      token: sales.token,
      body: { status: 'cancelled' },
    });
    expect((await amounts(sales.token)).get(onlyCancelled)).toBe('1493.82');
  });

  it("never shows another company's flows or calculations", async () => {
    const mine = await newFlow();
    const theirs = await newFlow(other.token);
    await calculation(theirs, '999,00', other.token);
    // A row of the other company pointing at this company's flow cannot even be made by hand: the foreign
    // key includes company_id (decision 072).
    await expect(
      t.server.deps.db.platform((tx) =>
        tx.execute(sql`insert into calculation (company_id, flow_id, hash, columns, rows, amount_inc_vat)
        values (${other.companyId}, ${mine}, md5(random()::text), '[]', '[]', 777)`),
      ),
    ).rejects.toMatchObject({ cause: { code: '23503', constraint: 'calculation_flow_id_fk' } });
    const seen = await amounts(sales.token);
    expect(seen.get(mine)).toBeNull();
    expect(seen.has(theirs)).toBe(false);
    const theirView = await amounts(other.token);
    expect(theirView.get(theirs)).toBe('1208.79');
    expect(theirView.has(mine)).toBe(false);
  });
});

describe('the KPI values on each card (decision 067)', () => {
  let sales: { companyId: number; token: string };
  let other: { companyId: number; token: string };
  const post = async (path: string, body: unknown, as = sales.token) => {
    const res = await t.api('POST', path, { token: as, body });
    if (res.status !== 201) throw new Error(`${path}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  };
  const newFlow = async (as = sales.token) =>
    (await createRelationByApi(t, as, { createnewflow: true })).flows[0].id as number;
  const line = async (calculationId: number, body: Record<string, unknown>, as = sales.token) =>
    (await post('/api/calculationitem', { calculation_id: calculationId, ...body }, as)).id as number;
  const kpis = async (as: string) => {
    const res = await t.api('GET', '/api/user/getleadpipeline?limit=250', { token: as });
    expect(res.status).toBe(200);
    expect(zPipeline.strict().safeParse(res.body).success).toBe(true);
    const byId = new Map<number, { value: number; unit: string }[]>();
    for (const column of res.body.columns as {
      leads: { id: number; kpi_values: { value: number; unit: string }[] }[];
    }[])
      for (const lead of column.leads) byId.set(lead.id, lead.kpi_values);
    return byId;
  };
  const settings = async (as: string, body: Record<string, unknown>) => {
    const current = await t.api('GET', '/api/company/getcurrentflowsettings', { token: as });
    const res = await t.api('PATCH', `/api/companysettings/${current.body.company_settings_id}`, {
      token: as,
      body,
    });
    expect(res.status).toBe(200);
  };

  beforeAll(async () => {
    sales = await createSalesCompany(t, { name: 'Pijplijn KPI A' });
    other = await createSalesCompany(t, { name: 'Pijplijn KPI B' });
  });

  it('sums quantity × kpi_value of the KPI products in the card’s calculation, per KPI and unit', async () => {
    const panel = await createTestProduct(t, sales.token, {
      item_name: 'Paneel',
      kpi_value: '410',
      kpi_unit: 'Wp',
    });
    const panel2 = await createTestProduct(t, sales.token, {
      item_name: 'Paneel XL',
      kpi_value: '440,5',
      kpi_unit: 'Wp',
    });
    const pump = await createTestProduct(t, sales.token, {
      item_name: 'Warmtepomp',
      kpi_value: '1',
      kpi_unit: 'stuks',
    });
    const notKpi = await createTestProduct(t, sales.token, {
      item_name: 'Omvormer',
      kpi_value: '5',
      kpi_unit: 'kW',
    });
    await settings(sales.token, { kpi_products: [panel.id, panel2.id], kpi_products2: [pump.id] });

    const flow = await newFlow();
    const calc = await post('/api/calculation', { flow_id: flow });
    await line(calc.id, { item_type: 'product', product_id: panel.id, product_amount: '10' });
    await line(calc.id, { item_type: 'product', product_id: panel2.id, product_amount: '2' });
    await line(calc.id, { item_type: 'product', product_id: notKpi.id, product_amount: '1' });
    // A line not chosen does not count; a sub-line counts per unit of its parent; a header groups only.
    await line(calc.id, {
      item_type: 'product',
      product_id: panel.id,
      product_amount: '100',
      selected: false,
    });
    const header = await line(calc.id, { item_type: 'header', item_name: 'Optie', product_amount: '3' });
    const parent = await line(calc.id, {
      item_type: 'product',
      product_id: pump.id,
      product_amount: '2',
      calculationitem_id: header,
    });
    await line(calc.id, {
      item_type: 'product',
      product_id: panel.id,
      product_amount: '4',
      calculationitem_id: parent,
    });
    const none = await newFlow();

    const seen = await kpis(sales.token);
    // 10 × 410 + 2 × 440.5 + (2 × 4) × 410 = 4100 + 881 + 3280; pumps: 2 (the header does not multiply).
    expect(seen.get(flow)).toEqual([
      { value: 8261, unit: 'Wp' },
      { value: 2, unit: 'stuks' },
    ]);
    expect(seen.get(none)).toEqual([]);

    // The card follows its amount's calculation: a live quotation's lines before the flow's own.
    const q = await post('/api/quotation', { flow_id: flow, calculation_id: null });
    await line(q.calculation_id, { item_type: 'product', product_id: panel.id, product_amount: '12' });
    expect((await kpis(sales.token)).get(flow)).toEqual([{ value: 4920, unit: 'Wp' }]);

    // Without KPI products the cards show none.
    await settings(sales.token, { kpi_products: [], kpi_products2: [] });
    expect((await kpis(sales.token)).get(flow)).toEqual([]);
  });

  it("never counts another company's settings or lines", async () => {
    const mine = await createTestProduct(t, sales.token, {
      item_name: 'Paneel A',
      kpi_value: '400',
      kpi_unit: 'Wp',
    });
    await settings(sales.token, { kpi_products3: [mine.id] });
    const theirs = await createTestProduct(t, other.token, {
      item_name: 'Paneel B',
      kpi_value: '300',
      kpi_unit: 'Wp',
    });
    const theirFlow = await newFlow(other.token);
    const calc = await post('/api/calculation', { flow_id: theirFlow }, other.token);
    await line(calc.id, { item_type: 'product', product_id: theirs.id, product_amount: '5' }, other.token);
    // B has no KPI products: A's settings name A's product only and never reach B's board.
    expect((await kpis(other.token)).get(theirFlow)).toEqual([]);
    expect((await kpis(sales.token)).has(theirFlow)).toBe(false);
    await settings(other.token, { kpi_products: [theirs.id] });
    expect((await kpis(other.token)).get(theirFlow)).toEqual([{ value: 1500, unit: 'Wp' }]);
  });
});
