import { MODULE_TAGS } from '@im/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, startTestServer, type TestServer } from '../../../test/test-server';

let t: TestServer;
let admin: string;

beforeAll(async () => {
  t = await startTestServer({ work: false });
  admin = await t.login(ADMIN.email, ADMIN.password);
});
afterAll(async () => t?.close());

describe('modules', () => {
  it('lists the 14 modules and changes a description, logged', async () => {
    const list = await t.api('GET', '/api/module', { token: admin });
    expect(list.status).toBe(200);
    expect(list.body.map((m: { tag: string }) => m.tag).sort()).toEqual([...MODULE_TAGS].sort());
    const crm = list.body.find((m: { tag: string }) => m.tag === 'CRM');
    expect(crm).toEqual({ id: expect.any(Number), tag: 'CRM', description: expect.any(String) });

    const res = await t.api('PATCH', `/api/module/${crm.id}`, {
      token: admin,
      body: { description: 'Relaties en aanvragen' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id: crm.id, tag: 'CRM', description: 'Relaties en aanvragen' });
    const again = await t.api('GET', '/api/module', { token: admin });
    expect(again.body.find((m: { tag: string }) => m.tag === 'CRM').description).toBe(
      'Relaties en aanvragen',
    );
    const log = await t.server.deps.db.platform((tx) =>
      tx.execute<{ n: number }>(
        sql`select count(*)::int as n from log_item where loggable_type = 'module' and loggable_id = ${crm.id} and action = 'update' and user_id = 1`,
      ),
    );
    expect(log.rows[0]!.n).toBe(1);
  });

  it('refuses bad input (422), unknown ids (404), non-admins (403) and anonymous callers (401)', async () => {
    expect((await t.api('PATCH', '/api/module/1', { token: admin, body: {} })).status).toBe(422);
    expect((await t.api('PATCH', '/api/module/1', { token: admin, body: { description: 5 } })).status).toBe(
      422,
    );
    expect(
      (await t.api('PATCH', '/api/module/1', { token: admin, body: { description: 'x'.repeat(1001) } }))
        .status,
    ).toBe(422);
    expect(
      (await t.api('PATCH', '/api/module/999', { token: admin, body: { description: 'x' } })).status,
    ).toBe(404);
    const companyId = await t.createTestCompany();
    const token = await t.login((await t.createTestUser({ companyId, role: 5000 })).email);
    expect((await t.api('GET', '/api/module', { token })).status).toBe(403);
    expect((await t.api('PATCH', '/api/module/1', { token, body: { description: 'x' } })).status).toBe(403);
    expect((await t.api('GET', '/api/module')).status).toBe(401);
    expect((await t.api('PATCH', '/api/module/1', { body: { description: 'x' } })).status).toBe(401);
  });
});
