import { PROTECTED_MESSAGE } from '@im/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestRelation } from '../../../test/crm-factories';
import { ADMIN, startTestServer, type TestServer } from '../../../test/test-server';
import { batch } from '../../platform/db/tables/batch.schema';

let t: TestServer;
let admin: string;

beforeAll(async () => {
  // A small chunk size so the permanent delete really runs in several chunks.
  t = await startTestServer({ batchChunkSize: 3 });
  admin = await t.login(ADMIN.email, ADMIN.password);
});
afterAll(async () => t?.close());

interface BatchBody {
  id: string;
  progress: number;
  cancelledAt: string | null;
  finishedAt: string | null;
}

/** Polls GET /api/batch/:id until the batch ends; answers the last body and every progress seen. */
async function waitForBatch(id: string, timeoutMs = 20_000) {
  const seen: number[] = [];
  for (const end = Date.now() + timeoutMs; Date.now() < end; await new Promise((r) => setTimeout(r, 50))) {
    const res = await t.api('GET', `/api/batch/${id}`, { token: admin });
    expect(res.status).toBe(200);
    const body = res.body as BatchBody;
    seen.push(body.progress);
    if (body.finishedAt || body.cancelledAt) return { body, seen };
  }
  throw new Error(`batch ${id} did not end within ${timeoutMs} ms (progress ${seen.at(-1)})`);
}

/** Rows per table with a company_id column (and the company row itself), counted in platform scope. */
async function countRows(companyId: number): Promise<Record<string, number>> {
  return t.server.deps.db.platform(async (tx) => {
    const tables = await tx.execute<{ table_name: string }>(sql`
      select table_name from information_schema.columns
      where table_schema = 'public' and column_name = 'company_id' order by table_name`);
    const out: Record<string, number> = {};
    for (const { table_name } of tables.rows) {
      const r = await tx.execute<{ n: number }>(
        sql`select count(*)::int as n from ${sql.identifier(table_name)} where company_id = ${companyId}`,
      );
      out[table_name] = r.rows[0]!.n;
    }
    const c = await tx.execute<{ n: number }>(
      sql`select count(*)::int as n from company where id = ${companyId}`,
    );
    out.company = c.rows[0]!.n;
    return out;
  });
}

/** A company with two users, their sessions, log items and a batch of its own. */
async function seedCompany(name: string) {
  const companyId = await t.createTestCompany({ name });
  const users = [await t.createTestUser({ companyId }), await t.createTestUser({ companyId })];
  const tokens = [await t.login(users[0]!.email), await t.login(users[1]!.email)];
  await t.server.deps.db.platform(async (tx) => {
    await tx.execute(sql`
      insert into log_item (company_id, loggable_type, loggable_id, action, description)
      select ${companyId}, 'seed', g, 'create', 'rij ' || g from generate_series(1, 25) g`);
    await tx.insert(batch).values({ companyId, type: 'seed', finishedAt: new Date(), progress: 100 });
  });
  // Relations with flows: their counts (flow_tally, flow_sort_range) must go with the company too.
  const relations = [];
  for (const surname of ['Eerste', 'Tweede', 'Derde'])
    relations.push(await createTestRelation(t, tokens[0]!, { surname, createnewflow: true }));
  // Actions (one on a flow whose status then changes): action_tally and the flow status copy go too.
  for (const body of [{ flow_id: relations[0]!.flow_id }, {}]) {
    const made = await t.api('POST', '/api/action', {
      token: tokens[0]!,
      body: { description: 'Terugbellen', ...body },
    });
    expect(made.status).toBe(201);
  }
  const moved = await t.api('POST', `/api/flow/${relations[0]!.flow_id}/changestatus`, {
    token: tokens[0]!,
    body: { flow_status: 'intake' },
  });
  expect(moved.status).toBe(200);
  return { companyId, users, tokens };
}

describe('company trash, restore and permanent delete (platform admin)', () => {
  let target: Awaited<ReturnType<typeof seedCompany>>;
  let bystander: Awaited<ReturnType<typeof seedCompany>>;
  let bystanderBefore: Record<string, number>;
  let mainBefore: Record<string, number>;

  beforeAll(async () => {
    target = await seedCompany('Doelwit BV');
    bystander = await seedCompany('Omstander BV');
    bystanderBefore = await countRows(bystander.companyId);
    mainBefore = await countRows(1);
  });

  it('trashes a company: its users cannot log in and their sessions end', async () => {
    for (const token of target.tokens) {
      expect((await t.api('GET', '/api/user/getcurrentuser', { token })).status).toBe(200);
    }
    const res = await t.api('DELETE', `/api/company/${target.companyId}`, { token: admin });
    expect(res.status).toBe(200);
    expect(res.body.batchId).toMatch(/^[0-9a-f-]{36}$/);
    const { body } = await waitForBatch(res.body.batchId);
    expect(body).toMatchObject({ id: res.body.batchId, progress: 100, cancelledAt: null });
    expect(Date.parse(body.finishedAt!)).not.toBeNaN();

    for (const token of target.tokens) {
      expect((await t.api('GET', '/api/user/getcurrentuser', { token })).status).toBe(401);
    }
    const login = await t.api('POST', '/api/authenticate', {
      body: { email: target.users[0]!.email, password: 'Geheim123' },
    });
    expect(login.status).toBe(401);
    const ended = await t.server.deps.db.platform((tx) =>
      tx.execute<{ n: number }>(
        sql`select count(*)::int as n from session where company_id = ${target.companyId} and ended_at is null`,
      ),
    );
    expect(ended.rows[0]!.n).toBe(0);
    // The bystander's sessions live on.
    expect((await t.api('GET', '/api/user/getcurrentuser', { token: bystander.tokens[0] })).status).toBe(200);
  });

  it('does not trash a company twice (404), and restores it: its users can log in again', async () => {
    expect((await t.api('DELETE', `/api/company/${target.companyId}`, { token: admin })).status).toBe(404);
    const res = await t.api('POST', `/api/company/${target.companyId}/restore`, { token: admin });
    expect(res.status).toBe(200);
    expect(res.body.message).toBeTruthy();
    expect(await t.login(target.users[0]!.email)).toBeTruthy();
    // Sessions ended by the trash stay ended.
    expect((await t.api('GET', '/api/user/getcurrentuser', { token: target.tokens[1] })).status).toBe(401);
    // Restoring a company that is not in the trash answers 404.
    expect((await t.api('POST', `/api/company/${target.companyId}/restore`, { token: admin })).status).toBe(
      404,
    );
  });

  it('force-deletes every row of the company and nothing of the others', async () => {
    const before = await countRows(target.companyId);
    expect(before.user).toBe(2);
    expect(before.log_item).toBeGreaterThan(25);
    expect(before.session).toBeGreaterThanOrEqual(3);
    expect(before.batch).toBe(1);

    const res = await t.api('POST', `/api/company/${target.companyId}/forcedelete`, { token: admin });
    expect(res.status).toBe(200);
    const { body, seen } = await waitForBatch(res.body.batchId);
    expect(body).toMatchObject({ progress: 100, cancelledAt: null });
    expect(body.finishedAt).not.toBeNull();
    for (let i = 1; i < seen.length; i++) expect(seen[i]).toBeGreaterThanOrEqual(seen[i - 1]!);

    const after = await countRows(target.companyId);
    for (const [table, n] of Object.entries(after)) expect({ table, n }).toEqual({ table, n: 0 });
    expect(await countRows(bystander.companyId)).toEqual(bystanderBefore);
    const main = await countRows(1);
    for (const table of ['user', 'company_settings', 'company_module', 'company']) {
      expect({ table, n: main[table] }).toEqual({ table, n: mainBefore[table] });
    }
    expect((await t.api('GET', '/api/user/getcurrentuser', { token: bystander.tokens[1] })).status).toBe(200);
    expect(
      (await t.api('POST', `/api/company/${target.companyId}/forcedelete`, { token: admin })).status,
    ).toBe(404);
    expect((await t.api('POST', `/api/company/${target.companyId}/restore`, { token: admin })).status).toBe(
      404,
    );
  });
});

describe('refusals', () => {
  it('refuses company 1 with 409 for delete, forcedelete and restore', async () => {
    for (const [method, path] of [
      ['DELETE', '/api/company/1'],
      ['POST', '/api/company/1/forcedelete'],
      ['POST', '/api/company/1/restore'],
    ] as const) {
      const res = await t.api(method, path, { token: admin });
      expect({ path, status: res.status, body: res.body }).toEqual({
        path,
        status: 409,
        body: expect.objectContaining({ message: PROTECTED_MESSAGE }),
      });
    }
    const main = await countRows(1);
    expect(main.company).toBe(1);
  });

  it('answers 403 to a company user without the ADMIN module, and 401 without a token', async () => {
    const companyId = await t.createTestCompany();
    const user = await t.createTestUser({ companyId, role: 5000 });
    const token = await t.login(user.email);
    for (const [method, path] of [
      ['DELETE', `/api/company/${companyId}`],
      ['POST', `/api/company/${companyId}/forcedelete`],
      ['POST', `/api/company/${companyId}/restore`],
    ] as const) {
      expect({ path, status: (await t.api(method, path, { token })).status }).toEqual({ path, status: 403 });
      expect({ path, status: (await t.api(method, path)).status }).toEqual({ path, status: 401 });
    }
    expect((await countRows(companyId)).company).toBe(1);
  });

  it('answers 404 for an unknown company', async () => {
    expect((await t.api('DELETE', '/api/company/999999', { token: admin })).status).toBe(404);
    expect((await t.api('POST', '/api/company/999999/forcedelete', { token: admin })).status).toBe(404);
    expect((await t.api('POST', '/api/company/999999/restore', { token: admin })).status).toBe(404);
  });

  it('answers 4xx, never 5xx, for ids that are not ids', async () => {
    for (const id of ['abc', '-1', '0', '1.5', '99999999999']) {
      const res = await t.api('DELETE', `/api/company/${id}`, { token: admin });
      expect({ id, ok: res.status >= 400 && res.status < 500 }).toEqual({ id, ok: true });
    }
    for (const id of ['abc', '123', 'zzzzzzzz-zzzz-zzzz-zzzz-zzzzzzzzzzzz']) {
      const res = await t.api('GET', `/api/batch/${id}`, { token: admin });
      expect({ id, ok: res.status >= 400 && res.status < 500 }).toEqual({ id, ok: true });
    }
  });

  it("hides another company's batch (404) and answers 404 for an unknown batch", async () => {
    const companyId = await t.createTestCompany();
    const other = await t.createTestCompany();
    const user = await t.createTestUser({ companyId });
    const token = await t.login(user.email);
    const started = await t.api('DELETE', `/api/company/${other}`, { token: admin });
    expect(started.status).toBe(200);
    await waitForBatch(started.body.batchId);
    // The admin's batch belongs to company 1: invisible to a user of another company.
    expect((await t.api('GET', `/api/batch/${started.body.batchId}`, { token })).status).toBe(404);
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await t.api('GET', `/api/batch/${unknown}`, { token: admin })).status).toBe(404);
  });
});
