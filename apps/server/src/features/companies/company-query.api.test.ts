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

describe('company query (platform admin)', () => {
  const prefix = 'Paginatest';

  beforeAll(async () => {
    // 30 companies whose names sort differently from their ids; every third one has a user.
    for (let i = 0; i < 30; i++) {
      const letter = String.fromCharCode(97 + ((i * 7) % 26));
      const id = await t.createTestCompany({ name: `${prefix} ${letter}${String(i).padStart(2, '0')}` });
      if (i % 3 === 0) await t.createTestUser({ companyId: id });
    }
  });

  it('pages on the server: page 2 of the search, with the total', async () => {
    const first = await t.api('GET', `/api/company/querypaginated?query=${prefix}&limit=25`, {
      token: admin,
    });
    expect(first.status).toBe(200);
    expect(first.body.pagination).toEqual({ total: 30, offset: 0, limit: 25 });
    expect(first.body.data).toHaveLength(25);
    const second = await t.api('GET', `/api/company/querypaginated?query=${prefix}&offset=25&limit=25`, {
      token: admin,
    });
    expect(second.body.pagination).toEqual({ total: 30, offset: 25, limit: 25 });
    expect(second.body.data).toHaveLength(5);
    const names = [...first.body.data, ...second.body.data].map((c: { name: string }) => c.name);
    // Default sort: name, no row twice.
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
    expect(new Set(names).size).toBe(30);
    const all = [...first.body.data, ...second.body.data];
    expect(all.filter((c: { users_count: number }) => c.users_count === 1)).toHaveLength(10);
    expect(all.filter((c: { users_count: number }) => c.users_count === 0)).toHaveLength(20);
    expect(first.body.data[0]).toMatchObject({
      id: expect.any(Number),
      country: 'Nederland',
      users_count: expect.any(Number),
      modules: ['BASIS', 'CRM', 'SETTINGS'],
      deleted_at: null,
    });
    expect(Date.parse(first.body.data[0].created_at)).not.toBeNaN();
  });

  it('sorts by id, users_count and name descending', async () => {
    const byId = await t.api('GET', `/api/company/querypaginated?query=${prefix}&sort=-id&limit=30`, {
      token: admin,
    });
    const ids = byId.body.data.map((c: { id: number }) => c.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const byUsers = await t.api(
      'GET',
      `/api/company/querypaginated?query=${prefix}&sort=-users_count&limit=10`,
      {
        token: admin,
      },
    );
    expect(byUsers.body.data.slice(0, 10).every((c: { users_count: number }) => c.users_count === 1)).toBe(
      true,
    );
    const desc = await t.api('GET', `/api/company/querypaginated?query=${prefix}&sort=-name&limit=1`, {
      token: admin,
    });
    expect(desc.body.data[0].name.startsWith(`${prefix} z`)).toBe(true);
  });

  it('searches text literally: % and _ match only themselves', async () => {
    await t.createTestCompany({ name: 'Korting 100% BV' });
    await t.createTestCompany({ name: 'Korting 1000 BV' });
    const pct = await t.api('GET', `/api/company/querypaginated?query=${encodeURIComponent('100%')}`, {
      token: admin,
    });
    expect(pct.body.data.map((c: { name: string }) => c.name)).toEqual(['Korting 100% BV']);
    const underscore = await t.api('GET', '/api/company/querypaginated?query=Korting_1', { token: admin });
    expect(underscore.body.pagination.total).toBe(0);
    const insensitive = await t.api('GET', '/api/company/querypaginated?query=KORTING', { token: admin });
    expect(insensitive.body.pagination.total).toBe(2);
  });

  it('refuses unknown sort columns and bad paging with 422', async () => {
    for (const q of ['sort=password', 'sort=-;drop', 'limit=0', 'limit=100000', 'offset=-1', 'limit=abc']) {
      const res = await t.api('GET', `/api/company/querypaginated?${q}`, { token: admin });
      expect({ q, status: res.status }).toEqual({ q, status: 422 });
      expect(res.body.message).toBeTruthy();
    }
  });

  it('lists trashed companies separately', async () => {
    const id = await t.createTestCompany({ name: 'Prullenbak Test BV' });
    await t.server.deps.db.platform((tx) =>
      tx.execute(sql`update company set deleted_at = now() where id = ${id}`),
    );
    const active = await t.api('GET', '/api/company/querypaginated?query=Prullenbak', { token: admin });
    expect(active.body.pagination.total).toBe(0);
    const trashed = await t.api('GET', '/api/company/querytrashed?query=Prullenbak', { token: admin });
    expect(trashed.status).toBe(200);
    expect(trashed.body.data).toEqual([expect.objectContaining({ id, deleted_at: expect.any(String) })]);
    // A trashed company can still be opened.
    const detail = await t.api('GET', `/api/company/${id}`, { token: admin });
    expect(detail.status).toBe(200);
    expect(detail.body.deleted_at).not.toBeNull();
  });
});
