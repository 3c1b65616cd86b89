import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createCrmCompany, createTestRelation } from '../../../test/crm-factories';
import { startTestServer, type TestServer } from '../../../test/test-server';
import { createTestFlow } from '../../features/flows/flow-test-factory';
import { PLAN_PER_VALUES } from './preparing-client';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ work: false });
});
afterAll(async () => {
  await t?.close();
});

interface PlanCount {
  statement: string;
  generic_plans: number;
  custom_plans: number;
}

// Behind PgBouncer (TEST_PGBOUNCER=1) the server names no statements on purpose: nothing is cached to check.
describe.skipIf(inject('poolerDatabaseUrl') !== undefined)('plan cache', () => {
  it('settles every statement of the hot reads on one plan instead of planning it anew on every run', async () => {
    // PostgreSQL plans a prepared statement for its values on the first five runs, then keeps a generic
    // plan unless that looks dearer (e.g. `id = any($1)` with one id: it prices ten). A statement that
    // never switches costs its planning on every request (about a millisecond for a relation read).
    const { token, companyId, userId } = await createCrmCompany(t, { name: 'Eén plan' });
    // Enough rows for the planner to tell one row from ten (on a near-empty table every plan costs alike).
    await t.server.deps.db.platform(async (tx) => {
      await tx.execute(sql`insert into relation (company_id, surname)
        select ${companyId}, 'Vulling ' || g from generate_series(1, 3000) g`);
    });
    await t.server.deps.db.pool.query('analyze relation');
    const relation = await createTestRelation(t, token, { createnewflow: true });
    const flowId = relation.flows[0].id as number;
    const tagged = await createTestFlow(t, companyId, { userId, tags: ['Spoed'] });
    const paths = [
      '/api/user/getcurrentuser',
      `/api/relation/${relation.id}`,
      `/api/flow/${flowId}`,
      '/api/relation/querypaginated?limit=25',
      '/api/flow/querypaginated?limit=25',
      '/api/relation/search?query=klant',
      '/api/relation/querypaginated?limit=25&query=klant',
      '/api/flow/querypaginated?limit=25&query=klant',
      '/api/user/getleadpipeline?limit=100',
      // A page found by walking the flows that match (several filters): planned for its values.
      `/api/flow/querypaginated?limit=25&userId=${userId}&tag=Spoed`,
    ];
    for (let i = 0; i < 20; i++)
      for (const path of paths) expect((await t.api('GET', path, { token })).status, path).toBe(200);
    const page = await t.api('GET', paths.at(-1)!, { token });
    expect((page.body as { data: { id: number }[] }).data.map((f) => f.id)).toEqual([tagged.id]);

    const { pool } = t.server.deps.db;
    const clients = await Promise.all(Array.from({ length: pool.idleCount }, () => pool.connect()));
    // An `explain` asks the planner's estimate for the values given (the flow search's common-word
    // check): planning it for them is its purpose.
    const stuck: PlanCount[] = [];
    const perValues: string[] = [];
    let checked = 0;
    try {
      for (const client of clients) {
        const r = await client.query<PlanCount>(
          `select regexp_replace(statement, '\\s+', ' ', 'g') as statement, generic_plans::int, custom_plans::int
           from pg_prepared_statements where generic_plans + custom_plans >= 8
             and statement not like 'explain %'`,
        );
        checked += r.rows.length;
        stuck.push(...r.rows.filter((row) => row.generic_plans === 0));
        const walked = await client.query<{ statement: string }>(
          `select statement from pg_prepared_statements
           where statement like 'select f.id from flow_read f where%' or statement like $1`,
          [`${PLAN_PER_VALUES.trim()}%`],
        );
        perValues.push(...walked.rows.map((row) => row.statement));
      }
    } finally {
      for (const client of clients) client.release();
    }
    expect(checked).toBeGreaterThan(5);
    expect(stuck).toEqual([]);
    // The flow pages that walk the matching flows are never prepared (PLAN_PER_VALUES).
    expect(perValues).toEqual([]);
  });
});
