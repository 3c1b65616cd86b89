import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { TestServer } from './test-server';

// Shared set-up of the platform-administration API tests (subscriptions, users, notifications).

/** The actions of a record's log items, oldest first, across companies. */
export async function logActions(t: TestServer, type: string, id: number): Promise<string[]> {
  const r = await t.server.deps.db.platform((tx) =>
    tx.execute<{ action: string }>(
      sql`select action from log_item where loggable_type = ${type} and loggable_id = ${id} order by id`,
    ),
  );
  return r.rows.map((row) => row.action);
}

/** Module ids by tag, as the platform administrator sees them. */
export async function moduleIdsByTag(t: TestServer, adminToken: string): Promise<Record<string, number>> {
  const modules = await t.api('GET', '/api/module', { token: adminToken });
  return Object.fromEntries(modules.body.map((m: { id: number; tag: string }) => [m.tag, m.id]));
}

/** A subscription type with the given modules, created through the API. */
export async function createSubscriptionType(
  t: TestServer,
  adminToken: string,
  moduleIds: Record<string, number>,
  name: string,
  tags: string[],
): Promise<number> {
  const res = await t.api('POST', '/api/subscriptiontype', { token: adminToken, body: { name } });
  expect(res.status).toBe(201);
  for (const tag of tags) {
    const add = await t.api('PATCH', `/api/subscriptiontype/${res.body.id}/addmoduletosubscriptiontype`, {
      token: adminToken,
      body: { moduleId: moduleIds[tag] },
    });
    expect(add.status).toBe(200);
  }
  return res.body.id;
}

/** The body of a new user (role 100, project), with a fresh e-mail address. */
export const newUserBody = (over: Record<string, unknown> = {}) => ({
  name: 'Jan',
  surname: 'Jansen',
  email: `jan-${Math.random().toString(36).slice(2, 10)}@test.local`,
  password: 'Welkom123',
  role: 100,
  user_type: 'project',
  ...over,
});

/** A logged-in user with role 5000 (company manager) in a company. */
export async function loggedInManager(t: TestServer, companyId: number) {
  const u = await t.createTestUser({ companyId, role: 5000 });
  return { ...u, token: await t.login(u.email) };
}
