import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logActions as logOf } from '../../../test/admin-factories';
import { ADMIN, startTestServer, type TestServer } from '../../../test/test-server';

let t: TestServer;
let admin: string;
let plainUser: string;

beforeAll(async () => {
  t = await startTestServer({ work: false });
  admin = await t.login(ADMIN.email, ADMIN.password);
  // A company without any module: the active banners are still for everyone.
  const bare = await t.createTestCompany({ modules: [] });
  plainUser = await t.login((await t.createTestUser({ companyId: bare, role: 100 })).email);
});
afterAll(async () => t?.close());

const logActions = (id: number) => logOf(t, 'systemnotification', id);

describe('system notifications', () => {
  it('an admin creates, changes and deletes a notification; every user sees only the active ones', async () => {
    const created = await t.api('POST', '/api/systemnotification', {
      token: admin,
      body: { content: 'Vanavond onderhoud tussen 22:00 en 23:00.', theme: 'warning' },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      id: expect.any(Number),
      content: 'Vanavond onderhoud tussen 22:00 en 23:00.',
      theme: 'warning',
      active: true,
    });
    expect(Date.parse(created.body.created_at)).not.toBeNaN();
    const id = created.body.id;
    const hidden = await t.api('POST', '/api/systemnotification', {
      token: admin,
      body: { content: 'Nog niet zichtbaar', theme: 'info', active: false },
    });
    expect(hidden.status).toBe(201);

    const active = await t.api('GET', '/api/systemnotification/active', { token: plainUser });
    expect(active.status).toBe(200);
    expect(active.body).toEqual([
      { id, content: 'Vanavond onderhoud tussen 22:00 en 23:00.', theme: 'warning' },
    ]);
    const all = await t.api('GET', '/api/systemnotification', { token: admin });
    expect(all.body.map((n: { id: number }) => n.id)).toEqual([hidden.body.id, id]);
    expect((await t.api('GET', `/api/systemnotification/${id}`, { token: admin })).body).toEqual(
      created.body,
    );

    const off = await t.api('PATCH', `/api/systemnotification/${id}`, {
      token: admin,
      body: { active: false, theme: 'danger' },
    });
    expect(off.status).toBe(200);
    expect(off.body).toMatchObject({ active: false, theme: 'danger', content: created.body.content });
    expect((await t.api('GET', '/api/systemnotification/active', { token: plainUser })).body).toEqual([]);

    const del = await t.api('DELETE', `/api/systemnotification/${id}`, { token: admin });
    expect(del.status).toBe(200);
    expect(del.body.message).toBeTruthy();
    expect((await t.api('GET', `/api/systemnotification/${id}`, { token: admin })).status).toBe(404);
    expect(await logActions(id)).toEqual(['create', 'update', 'delete']);
  });

  it('refuses bad input with 422 and unknown ids with 404', async () => {
    for (const body of [
      {},
      { content: '', theme: 'info' },
      { content: 'x', theme: 'pink' },
      { content: 'x', theme: 'info', active: 'ja' },
      { content: 'x'.repeat(10_001), theme: 'info' },
    ]) {
      const res = await t.api('POST', '/api/systemnotification', { token: admin, body });
      expect({ body: JSON.stringify(body).slice(0, 60), status: res.status }).toEqual({
        body: JSON.stringify(body).slice(0, 60),
        status: 422,
      });
      expect(res.body.errors).toBeDefined();
    }
    const created = await t.api('POST', '/api/systemnotification', {
      token: admin,
      body: { content: 'Geldig', theme: 'success' },
    });
    expect(
      (
        await t.api('PATCH', `/api/systemnotification/${created.body.id}`, {
          token: admin,
          body: { theme: 'x' },
        })
      ).status,
    ).toBe(422);
    expect(
      (await t.api('PATCH', '/api/systemnotification/999999', { token: admin, body: { active: true } }))
        .status,
    ).toBe(404);
    expect((await t.api('DELETE', '/api/systemnotification/999999', { token: admin })).status).toBe(404);
    expect((await t.api('GET', '/api/systemnotification/999999', { token: admin })).status).toBe(404);
  });

  it('answers 403 to a non-admin for management calls, and 401 without a token everywhere', async () => {
    const calls: [string, string, unknown?][] = [
      ['GET', '/api/systemnotification'],
      ['GET', '/api/systemnotification/1'],
      ['POST', '/api/systemnotification', { content: 'x', theme: 'info' }],
      ['PATCH', '/api/systemnotification/1', { active: false }],
      ['DELETE', '/api/systemnotification/1'],
    ];
    for (const [method, path, body] of calls) {
      expect({ path, status: (await t.api(method, path, { token: plainUser, body })).status }).toEqual({
        path,
        status: 403,
      });
      expect({ path, status: (await t.api(method, path, { body })).status }).toEqual({ path, status: 401 });
    }
    expect((await t.api('GET', '/api/systemnotification/active')).status).toBe(401);
  });
});
