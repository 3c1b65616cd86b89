import { sql } from 'drizzle-orm';
import type { ApiResponse, TestServer } from './test-server';

/** A company with the CRM modules and a logged-in user of the given role. */
export async function createCrmCompany(
  t: TestServer,
  input: { name?: string; role?: number } = {},
): Promise<{ companyId: number; token: string; userId: number }> {
  const companyId = await t.createTestCompany({ name: input.name, modules: ['BASIS', 'CRM', 'SETTINGS'] });
  const user = await t.createTestUser({ companyId, role: input.role ?? 1000 });
  return { companyId, token: await t.login(user.email), userId: user.id };
}

/** Creates a relation through the API; `body` overrides the defaults (a surname and no flow). */
export async function createTestRelation(
  t: TestServer,
  token: string,
  body: Record<string, unknown> = {},
): Promise<ApiResponse['body']> {
  const res = await t.api('POST', '/api/relation', {
    token,
    body: {
      ...(body.fullname ? {} : { surname: `Klant ${Math.random().toString(36).slice(2, 8)}` }),
      createnewflow: false,
      ...body,
    },
  });
  if (res.status !== 201) throw new Error(`relation save failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/** Log items of one record and action, across companies. */
export async function logCount(t: TestServer, type: string, id: number, action: string): Promise<number> {
  const r = await t.server.deps.db.platform((tx) =>
    tx.execute<{ n: number }>(
      sql`select count(*)::int as n from log_item where loggable_type = ${type} and loggable_id = ${id} and action = ${action}`,
    ),
  );
  return r.rows[0]!.n;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls GET /api/batch/{id} until it ends; answers the last reply and every progress seen. */
export async function waitForBatch(t: TestServer, token: string, batchId: string, timeoutMs = 30_000) {
  const seen: number[] = [];
  for (const end = Date.now() + timeoutMs; Date.now() < end; await sleep(100)) {
    const res = await t.api('GET', `/api/batch/${batchId}`, { token });
    if (res.status !== 200) throw new Error(`batch ${batchId}: ${res.status}`);
    seen.push(res.body.progress);
    if (res.body.finishedAt || res.body.cancelledAt) return { ...res.body, seen };
  }
  throw new Error(`batch ${batchId} did not end; progress ${seen.join(',')}`);
}

/**
 * A sent invoice of a flow (or, without flowId, of a relation), written straight into the tables: a
 * quick way to put the sent-invoice rule in place (the invoice calls are tested on their own).
 */
export async function addSentInvoice(
  t: TestServer,
  companyId: number,
  to: { flowId?: number; relationId?: number },
): Promise<number> {
  const r = await t.server.deps.db.platform(async (tx) => {
    const doc = await tx.execute<{ id: number }>(sql`
      insert into sales_document (company_id, kind, flow_id, relation_id, status, hash, date_send)
      values (${companyId}, 'invoice', ${to.flowId ?? null}, ${to.relationId ?? null}, 'sent', md5(random()::text), now())
      returning id`);
    await tx.execute(sql`insert into invoice (id, company_id) values (${doc.rows[0]!.id}, ${companyId})`);
    return doc;
  });
  return r.rows[0]!.id;
}

/** Removes the invoices of a company (tests that mark flows invoiced one at a time). */
export async function removeInvoices(t: TestServer, companyId: number): Promise<void> {
  await t.server.deps.db.platform((tx) =>
    tx.execute(sql`delete from sales_document where company_id = ${companyId} and kind = 'invoice'`),
  );
}

/** A company with the sales modules (products and calculations) and a logged-in user. */
export async function createSalesCompany(
  t: TestServer,
  input: { name?: string; role?: number } = {},
): Promise<{ companyId: number; token: string; userId: number }> {
  const companyId = await t.createTestCompany({
    name: input.name,
    modules: [
      'BASIS',
      'CRM',
      'SETTINGS',
      'SALES',
      'INTAKE',
      'QUOTATION',
      'CONFIRMATION',
      'PROJECT',
      'INVOICE',
      'AFTERCARE',
    ],
  });
  const user = await t.createTestUser({ companyId, role: input.role ?? 1000 });
  return { companyId, token: await t.login(user.email), userId: user.id };
}

/** Creates a product through the API with a price table of `tiers` ([from, rate on its calc base]). */
export async function createTestProduct(
  t: TestServer,
  token: string,
  body: Record<string, unknown> = {},
  tiers: [number, number][] = [[0, 100]],
): Promise<ApiResponse['body']> {
  const res = await t.api('POST', '/api/product', { token, body: { item_name: 'Testproduct', ...body } });
  if (res.status !== 201) throw new Error(`product save failed: ${res.status} ${JSON.stringify(res.body)}`);
  await t.api('POST', `/api/product/${res.body.id}/clearrows`, { token });
  const base = (body.calc_base as string) ?? 'exc';
  for (const [from, rate] of tiers) {
    const row = await t.api('POST', '/api/producttablerow', {
      token,
      body: { product_id: res.body.id, unit_amount: from, [`unit_rate_${base}`]: rate },
    });
    if (row.status !== 201) throw new Error(`table row failed: ${row.status} ${JSON.stringify(row.body)}`);
  }
  return (await t.api('GET', `/api/product/${res.body.id}`, { token })).body;
}
