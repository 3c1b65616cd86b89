import { businessToday, LEAD_STATISTICS_DEFAULT_WEEKS, weekStarts } from '@im/domain';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCrmCompany, createTestRelation } from '../../../test/crm-factories';
import { startTestServer, type TestServer } from '../../../test/test-server';

type Company = { companyId: number; token: string; userId: number };
let t: TestServer;
let a: Company;
let b: Company;
let u2: number;
const flows: Record<string, number> = {};
const DAY = 86_400_000;

const platform = (q: ReturnType<typeof sql>) => t.server.deps.db.platform((tx) => tx.execute(q));

/** A flow through the API, then its handler, source and lead dates set as a test needs them. */
async function flowWith(
  c: Company,
  userId: number,
  source: string,
  lead: Date,
  stages: Record<string, number> = {},
) {
  const rel = await createTestRelation(t, c.token, { createnewflow: true });
  const flowId = rel.flow_id as number;
  await platform(sql`update flow set user_id = ${userId}, lead_source = ${source} where id = ${flowId}`);
  const at = (days: number | undefined) =>
    days === undefined ? null : new Date(lead.getTime() + days * DAY);
  await platform(sql`update lead set date_lead = ${lead}, date_quotation = ${at(stages.quotation)},
    date_confirmation = ${at(stages.confirmation)} where flow_id = ${flowId}`);
  return flowId;
}

async function addQuotation(c: Company, flowId: number, approved: boolean) {
  const now = new Date();
  await platform(sql`insert into sales_document (company_id, kind, flow_id, status, hash, date_send, date_approved)
    values (${c.companyId}, 'quotation', ${flowId}, ${approved ? 'approved' : 'sent'}, md5(random()::text), ${now},
      ${approved ? now : null})`);
}

async function addInvoice(c: Company, flowId: number, exc: string) {
  await t.server.deps.db.platform(async (tx) => {
    const doc = await tx.execute<{
      id: number;
    }>(sql`insert into sales_document (company_id, kind, flow_id, status, hash, date_send)
      values (${c.companyId}, 'invoice', ${flowId}, 'sent', md5(random()::text), now()) returning id`);
    await tx.execute(sql`insert into invoice (id, company_id, sent_day, billed_exc, billed_inc)
      values (${doc.rows[0]!.id}, ${c.companyId}, ${businessToday()}::date, ${exc}::numeric, ${exc}::numeric * 1.21)`);
  });
}

const sum = (xs: number[]) => xs.reduce((x, y) => x + y, 0);

beforeAll(async () => {
  t = await startTestServer({ work: false });
  a = await createCrmCompany(t, { name: 'Statistiek A' });
  b = await createCrmCompany(t, { name: 'Statistiek B' });
  u2 = (await t.createTestUser({ companyId: a.companyId, role: 100 })).id;
  const now = Date.now();
  flows.f1 = await flowWith(a, a.userId, 'Eigen website', new Date(now - 60_000), {
    quotation: 2,
    confirmation: 4,
  });
  flows.f2 = await flowWith(a, u2, 'Beurs', new Date(now - 7 * DAY), { quotation: 1 });
  flows.f3 = await flowWith(a, a.userId, 'Eigen website', new Date(now - 7 * DAY));
  flows.f4 = await flowWith(a, a.userId, 'Beurs', new Date(now - 20 * 7 * DAY));
  flows.gone = await flowWith(a, a.userId, 'Beurs', new Date(now - 60_000));
  await platform(sql`update flow set deleted_at = now() where id = ${flows.gone}`);
  flows.other = await flowWith(b, b.userId, 'Eigen website', new Date(now - 60_000), { quotation: 1 });
  await addQuotation(a, flows.f1!, true);
  await addQuotation(a, flows.f2!, false);
  await addQuotation(b, flows.other!, true);
  await addInvoice(a, flows.f1!, '1000.00');
  await addInvoice(b, flows.other!, '777.00');
});
afterAll(async () => t?.close());

describe('getleadstatistics', () => {
  it('counts the company’s leads per week and source over 14 weeks, with conversion, time and money', async () => {
    const res = await t.api('GET', '/api/company/getleadstatistics', { token: a.token });
    expect(res.status).toBe(200);
    const s = res.body;
    expect(s.weeks).toEqual(weekStarts(LEAD_STATISTICS_DEFAULT_WEEKS));
    expect(s.totals).toHaveLength(14);
    // f1 this week; f2 and f3 last week; f4 is older than 14 weeks, the deleted flow and company B never count.
    expect(s.totals.slice(-2)).toEqual([2, 1]);
    expect(sum(s.totals)).toBe(3);
    expect(s.values).toEqual([
      { lead_source: 'Beurs', counts: [...Array(12).fill(0), 1, 0] },
      { lead_source: 'Eigen website', counts: [...Array(12).fill(0), 1, 1] },
    ]);
    expect(s.quotations_reached.slice(-2)).toEqual([1, 1]);
    expect(s.orders_reached.slice(-2)).toEqual([0, 1]);
    const stage = (name: string) => s.stages.find((x: { stage: string }) => x.stage === name);
    expect(stage('quotation')).toEqual({
      stage: 'quotation',
      reached: 2,
      percentage: 66.7,
      average_days: 1.5,
    });
    expect(stage('confirmation')).toEqual({
      stage: 'confirmation',
      reached: 1,
      percentage: 33.3,
      average_days: 4,
    });
    expect(stage('intake')).toEqual({ stage: 'intake', reached: 0, percentage: 0, average_days: null });
    expect(s.turnover.at(-1)).toBe(1000);
    expect(s.revenue_month).toBe(1000);
    expect(s.revenue_year).toBe(1000);
    expect(s.quotations_sent.at(-1)).toBe(2);
    expect(s.quotations_approved.at(-1)).toBe(1);
    expect(s.acceptance_rate).toBe(50);
    const byStatus = Object.fromEntries(
      s.flows_by_status.map((x: { flow_status: string; count: number }) => [x.flow_status, x.count]),
    );
    expect(byStatus.new).toBe(4);
  });

  it('narrows by handler, request profile and lead source, and follows a flow that changes hands', async () => {
    const mine = await t.api('GET', `/api/company/getleadstatistics?username=${u2}`, { token: a.token });
    expect(sum(mine.body.totals)).toBe(1);
    expect(mine.body.turnover.at(-1)).toBe(0);
    expect(mine.body.quotations_sent.at(-1)).toBe(1);
    const beurs = await t.api('GET', '/api/company/getleadstatistics?lead_source=Beurs&weeks=30', {
      token: a.token,
    });
    expect(sum(beurs.body.totals)).toBe(2);
    expect(beurs.body.weeks).toHaveLength(30);

    await platform(sql`update flow set user_id = ${u2} where id = ${flows.f3}`);
    const moved = await t.api('GET', `/api/company/getleadstatistics?username=${u2}`, { token: a.token });
    expect(sum(moved.body.totals)).toBe(2);
    await platform(sql`update flow set user_id = ${a.userId} where id = ${flows.f3}`);
    // Its invoice and quotations move with a flow that changes hands (the flow document tally).
    await platform(sql`update flow set user_id = ${u2} where id = ${flows.f1}`);
    const withMoney = (
      await t.api('GET', `/api/company/getleadstatistics?username=${u2}`, { token: a.token })
    ).body;
    expect(withMoney.turnover.at(-1)).toBe(1000);
    expect(withMoney.revenue_year).toBe(1000);
    expect(withMoney.quotations_sent.at(-1)).toBe(2);
    expect(withMoney.quotations_approved.at(-1)).toBe(1);
    const monthly = await t.api('GET', `/api/company/getcompanystatistics?username=${u2}`, {
      token: a.token,
    });
    expect(monthly.body.turnover.at(-1)).toBe(1000);
    await platform(sql`update flow set user_id = ${a.userId} where id = ${flows.f1}`);
    const back = (await t.api('GET', `/api/company/getleadstatistics?username=${u2}`, { token: a.token }))
      .body;
    expect(back.turnover.at(-1)).toBe(0);

    const profile = await t.server.deps.db.platform((tx) =>
      tx.execute<{ id: number }>(sql`select id from flow_profile where company_id = ${a.companyId} limit 1`),
    );
    const profileId = profile.rows[0]!.id;
    await platform(sql`update flow set flowprofile_id = null where company_id = ${a.companyId}`);
    await platform(sql`update flow set flowprofile_id = ${profileId} where id = ${flows.f1}`);
    const byProfile = await t.api('GET', `/api/company/getleadstatistics?flowprofile=${profileId}`, {
      token: a.token,
    });
    expect(byProfile.status).toBe(200);
    expect(sum(byProfile.body.totals)).toBe(1);
    expect(byProfile.body.flows_by_status).toBeNull();

    // A flow deleted for good leaves the tally with it.
    const gone = await flowWith(a, a.userId, 'Beurs', new Date(Date.now() - 60_000));
    const before = sum(
      (await t.api('GET', '/api/company/getleadstatistics', { token: a.token })).body.totals,
    );
    await platform(sql`delete from flow where id = ${gone}`);
    const after = sum((await t.api('GET', '/api/company/getleadstatistics', { token: a.token })).body.totals);
    expect(before - after).toBe(1);
  });

  it('refuses bad parameters in Dutch and another company’s ids as unknown', async () => {
    const zero = await t.api('GET', '/api/company/getleadstatistics?weeks=0', { token: a.token });
    expect(zero.status).toBe(422);
    expect(JSON.stringify(zero.body)).toContain('Kies 1 tot en met 104 weken.');
    expect((await t.api('GET', '/api/company/getleadstatistics?weeks=abc', { token: a.token })).status).toBe(
      422,
    );
    const unknown = await t.api('GET', '/api/company/getleadstatistics?week=3', { token: a.token });
    expect(unknown.status).toBe(422);
    expect(unknown.body.message).toContain('Onbekende parameter');
    const foreignUser = await t.api('GET', `/api/company/getleadstatistics?username=${b.userId}`, {
      token: a.token,
    });
    expect(foreignUser.status).toBe(404);
    const other = await t.api('GET', '/api/company/getleadstatistics', { token: b.token });
    expect(sum(other.body.totals)).toBe(1);
    expect(other.body.revenue_month).toBe(777);
  });
});

describe('getcompanystatistics', () => {
  it('answers 13 months per source, user and request profile', async () => {
    const res = await t.api('GET', '/api/company/getcompanystatistics', { token: a.token });
    expect(res.status).toBe(200);
    const s = res.body;
    expect(s.months).toHaveLength(13);
    expect(s.months.at(-1)).toBe(businessToday().slice(0, 7));
    expect(sum(s.totals)).toBe(4);
    expect(s.allusers.map((u: { id: number }) => u.id).sort()).toEqual([a.userId, u2].sort());
    const byUser = Object.fromEntries(
      s.users.map((u: { id: number; counts: number[] }) => [u.id, sum(u.counts)]),
    );
    expect(byUser).toEqual({ [a.userId]: 3, [u2]: 1 });
    expect(s.usernames).toHaveLength(2);
    expect(sum(s.flowprofiles.flatMap((p: { counts: number[] }) => p.counts))).toBe(4);
    expect(s.turnover.at(-1)).toBe(1000);
    const sixty = await t.api('GET', '/api/company/getcompanystatistics?months=60', { token: a.token });
    expect(sixty.body.months).toHaveLength(60);
    const tooMany = await t.api('GET', '/api/company/getcompanystatistics?months=61', { token: a.token });
    expect(tooMany.status).toBe(422);
    expect(JSON.stringify(tooMany.body)).toContain('Kies 1 tot en met 60 maanden.');
  });

  it('needs the SETTINGS module and a login', async () => {
    const companyId = await t.createTestCompany({ name: 'Zonder instellingen', modules: ['BASIS', 'CRM'] });
    const user = await t.createTestUser({ companyId, role: 1000 });
    const token = await t.login(user.email);
    expect((await t.api('GET', '/api/company/getcompanystatistics', { token })).status).toBe(403);
    expect((await t.api('GET', '/api/company/getleadstatistics', { token })).status).toBe(403);
    expect((await t.api('GET', '/api/company/getcompanystatistics')).status).toBe(401);
  });
});

describe('exportstatistics', () => {
  const download = (c: Company, companyId: number, query: string) =>
    fetch(`${t.baseUrl}/api/company/${companyId}/exportstatistics?${query}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${c.token}` },
    });

  it('downloads the weeks as xlsx with the same numbers as the API, named in Content-Disposition', async () => {
    const api = (await t.api('GET', '/api/company/getleadstatistics', { token: a.token })).body;
    const res = await download(a, a.companyId, 'exporttype=xlsx');
    expect(res.status).toBe(200);
    const from = api.weeks[0];
    const name = `statistieken-${a.companyId}-${from}-${businessToday()}.xlsx`;
    expect(res.headers.get('content-disposition')).toContain(`filename="${name}"`);
    expect(res.headers.get('x-filename')).toBe(name);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.from(await res.arrayBuffer()) as unknown as ArrayBuffer);
    const sheet = book.getWorksheet('Aanvragen per week')!;
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(header).toContain('Aanvragen: Beurs');
    const column = (title: string) => {
      const i = header.indexOf(title) + 1;
      return Array.from({ length: sheet.rowCount - 1 }, (_, r) => sheet.getRow(r + 2).getCell(i).value);
    };
    expect(column('Week (maandag)')).toEqual(api.weeks);
    expect(column('Aanvragen totaal')).toEqual(api.totals);
    expect(column('Naar offerte')).toEqual(api.quotations_reached);
    expect(column('Offertes verstuurd')).toEqual(api.quotations_sent);
    expect(column('Omzet excl. btw')).toEqual(api.turnover);
    expect(column('Aanvragen: Beurs')).toEqual(
      api.values.find((v: { lead_source: string }) => v.lead_source === 'Beurs').counts,
    );
  });

  it('downloads csv with ; for a chosen period, and refuses bad input and other companies', async () => {
    const monday = weekStarts(2)[0]!;
    const res = await download(
      a,
      a.companyId,
      `exporttype=csv&date_from=${monday}&date_to=${businessToday()}`,
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/csv');
    const text = (await res.text()).replace(/^\ufeff/, '');
    const parsed = Papa.parse<string[]>(text.trim(), { delimiter: ';' });
    expect(parsed.data).toHaveLength(3);
    expect(parsed.data[1]![0]).toBe(monday);
    const total = parsed.data[0]!.indexOf('Aanvragen totaal');
    expect(parsed.data.slice(1).map((r) => Number(r[total]))).toEqual([2, 1]);

    expect((await download(b, a.companyId, 'exporttype=xlsx')).status).toBe(404);
    const pdf = await download(a, a.companyId, 'exporttype=pdf');
    expect(pdf.status).toBe(422);
    expect(await pdf.text()).toContain('Kies xlsx of csv.');
    const reversed = await download(a, a.companyId, 'date_from=2026-05-01&date_to=2026-04-01');
    expect(reversed.status).toBe(422);
    expect(await reversed.text()).toContain('De einddatum ligt voor de begindatum.');
    expect((await download(a, a.companyId, 'date_from=2026-02-30')).status).toBe(422);
    expect((await download(a, a.companyId, 'vertical_id=999999')).status).toBe(404);
  });
});

describe('getimstatistics', () => {
  it('gives a platform administrator of any role 25 months of every company, and no one else', async () => {
    const adminCompany = await t.createTestCompany({ name: 'Platform', modules: ['ADMIN', 'BASIS'] });
    const admin = await t.createTestUser({ companyId: adminCompany, role: 100 });
    const token = await t.login(admin.email);
    const res = await t.api('POST', '/api/company/getimstatistics', { token });
    expect(res.status).toBe(200);
    for (const key of ['companydata', 'userdata', 'mrrdata', 'flowdata', 'turnoverdata', 'invoicedata'])
      expect(res.body[key]).toHaveLength(25);
    const month = businessToday().slice(0, 7);
    expect(res.body.companydata.at(-1)).toEqual({ period: month, value: expect.any(Number) });
    expect(res.body.companydata.at(-1).value).toBeGreaterThanOrEqual(3);
    // Both companies' invoices of this month (other test files never share this database).
    expect(res.body.turnoverdata.at(-1).value).toBe(1777);
    expect(res.body.invoicedata.at(-1).value).toBe(2);
    expect(res.body.flowdata.at(-1).value).toBeGreaterThanOrEqual(2);
    expect((await t.api('POST', `/api/company/getimstatistics?token=${token}`, { token })).status).toBe(200);
    const wrong = await t.api('POST', '/api/company/getimstatistics?token=verkeerd', { token });
    expect(wrong.status).toBe(403);
    expect(wrong.body.message).toBe('Het token hoort niet bij deze sessie.');
    expect((await t.api('POST', '/api/company/getimstatistics', { token: a.token })).status).toBe(403);
  });
});
