import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggedInManager, newUserBody } from '../../../test/admin-factories';
import { ADMIN, startTestServer, type TestServer } from '../../../test/test-server';

let t: TestServer;
let admin: string;
let companyA: number;
let managerA: { id: number; email: string; token: string };

const newUser = newUserBody;
const manager = (companyId: number) => loggedInManager(t, companyId);

beforeAll(async () => {
  t = await startTestServer({ work: false });
  admin = await t.login(ADMIN.email, ADMIN.password);
  companyA = await t.createTestCompany({ name: 'Alfa Installaties' });
  managerA = await manager(companyA);
});
afterAll(async () => t?.close());

describe('GET /api/user/querypaginated', () => {
  let pageCompany: number;

  beforeAll(async () => {
    pageCompany = await t.createTestCompany({ name: 'Veel Gebruikers BV' });
    const roles = [100, 200, 300, 1000, 5000];
    for (let i = 0; i < 30; i++) {
      const res = await t.api('POST', '/api/user', {
        token: admin,
        body: newUser({
          company_id: pageCompany,
          name: `Naam${String((i * 11) % 30).padStart(2, '0')}`,
          surname: 'Pagina',
          email: `pagina${i}@veel.test`,
          role: roles[i % 5],
        }),
      });
      expect(res.status).toBe(201);
    }
    await t.server.deps.db.platform((tx) =>
      tx.execute(
        sql`update "user" set receives_newsletter = true where company_id = ${pageCompany} and email like 'pagina1%'`,
      ),
    );
  });

  it('pages a company’s users on the server, sorted by name, with the total', async () => {
    const url = `/api/user/querypaginated?company_id=${pageCompany}`;
    const first = await t.api('GET', url, { token: admin });
    expect(first.status).toBe(200);
    expect(first.body.pagination).toEqual({ total: 30, offset: 0, limit: 25 });
    expect(first.body.data).toHaveLength(25);
    const second = await t.api('GET', `${url}&offset=25`, { token: admin });
    expect(second.body.pagination).toEqual({ total: 30, offset: 25, limit: 25 });
    const names = [...first.body.data, ...second.body.data].map((u: { name: string }) => u.name);
    expect(names).toEqual(Array.from({ length: 30 }, (_, i) => `Naam${String(i).padStart(2, '0')}`));
    expect(first.body.data[0]).toMatchObject({ company_name: 'Veel Gebruikers BV', surname: 'Pagina' });
  });

  it('sorts by role, e-mail and id in both directions', async () => {
    const url = `/api/user/querypaginated?company_id=${pageCompany}&limit=30`;
    const byRole = await t.api('GET', `${url}&sort=-role`, { token: admin });
    const roles = byRole.body.data.map((u: { role: number }) => u.role);
    expect(roles).toEqual([...roles].sort((a, b) => b - a));
    expect(roles[0]).toBe(5000);
    const byEmail = await t.api('GET', `${url}&sort=email`, { token: admin });
    const emails = byEmail.body.data.map((u: { email: string }) => u.email);
    expect(emails[0]).toBe('pagina0@veel.test');
    expect(emails.at(-1)).toBe('pagina9@veel.test');
    const byEmailDesc = await t.api('GET', `${url}&sort=-email`, { token: admin });
    expect(byEmailDesc.body.data.map((u: { email: string }) => u.email)).toEqual([...emails].reverse());
    const byId = await t.api('GET', `${url}&sort=-id`, { token: admin });
    const ids = byId.body.data.map((u: { id: number }) => u.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const bad = await t.api('GET', `${url}&sort=password_hash`, { token: admin });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.sort).toBeDefined();
  });

  it('searches name, surname and e-mail, and filters on the newsletter', async () => {
    const url = `/api/user/querypaginated?company_id=${pageCompany}`;
    const byName = await t.api('GET', `${url}&query=naam0`, { token: admin });
    expect(byName.body.pagination.total).toBe(10);
    const byEmail = await t.api('GET', `${url}&query=${encodeURIComponent('pagina2@')}`, { token: admin });
    expect(byEmail.body.data.map((u: { email: string }) => u.email)).toEqual(['pagina2@veel.test']);
    const literal = await t.api('GET', `${url}&query=pagina_`, { token: admin });
    expect(literal.body.pagination.total).toBe(0);
    const news = await t.api('GET', `${url}&receives_newsletter=true`, { token: admin });
    // pagina1, pagina10..19
    expect(news.body.pagination.total).toBe(11);
    const noNews = await t.api('GET', `${url}&receives_newsletter=0`, { token: admin });
    expect(noNews.body.pagination.total).toBe(19);
    expect((await t.api('GET', `${url}&receives_newsletter=maybe`, { token: admin })).status).toBe(422);
  });

  it('lists every company for a platform admin, only the own company for a company administrator', async () => {
    const all = await t.api('GET', '/api/user/querypaginated?limit=500', { token: admin });
    const companies = new Set(all.body.data.map((u: { company_id: number }) => u.company_id));
    expect(companies.has(1) && companies.has(companyA) && companies.has(pageCompany)).toBe(true);

    const mine = await t.api('GET', '/api/user/querypaginated?limit=500', { token: managerA.token });
    expect(mine.status).toBe(200);
    expect(mine.body.data.length).toBeGreaterThan(0);
    expect(mine.body.data.every((u: { company_id: number }) => u.company_id === companyA)).toBe(true);
    expect(mine.body.pagination.total).toBe(mine.body.data.length);
    // Asking for another company's users gives nothing, not even a count.
    const foreign = await t.api('GET', `/api/user/querypaginated?company_id=${pageCompany}`, {
      token: managerA.token,
    });
    expect(foreign.status).toBe(200);
    expect(foreign.body).toEqual({ data: [], pagination: { total: 0, offset: 0, limit: 25 } });
    const search = await t.api('GET', '/api/user/querypaginated?query=pagina', { token: managerA.token });
    expect(search.body.pagination.total).toBe(0);
  });
});
