import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/test-server';
import { createLogger } from '../../platform/log';
import { CRM_DEMO } from './crm-demo-data';
import { DEMO_WEBSITE_NAME, loadWebsitesDemoData } from './load-websites-demo';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ work: false });
});
afterAll(async () => t?.close());

it('gives a demo company one live website whose leads go to its sales user, once', async () => {
  const companyId = await t.createTestCompany({
    name: CRM_DEMO[0]!.company,
    modules: ['BASIS', 'CRM', 'SETTINGS'],
  });
  await t.createTestUser({ companyId, role: 5000 });
  const sales = await t.createTestUser({ companyId, role: 1000, userType: 'sales' });
  const logger = createLogger('warn');
  await loadWebsitesDemoData(t.server.deps.db, logger);
  await loadWebsitesDemoData(t.server.deps.db, logger);
  const sites = await t.server.deps.db.platform((tx) =>
    tx.execute<{ key: string; status: string; user_id: number; mapping: { fieldkey: string }[] }>(
      sql`select key, status, user_id, mapping from website where company_id = ${companyId} and name = ${DEMO_WEBSITE_NAME}`,
    ),
  );
  expect(sites.rows).toHaveLength(1);
  const site = sites.rows[0]!;
  expect(site).toMatchObject({ status: 'live', user_id: sales.id });
  expect(site.mapping.map((m) => m.fieldkey)).toEqual([
    'naam',
    'email',
    'telefoon',
    'postcode',
    'huisnummer',
    'opmerking',
  ]);
  const res = await t.api('POST', `/api/website/${site.key}/lead`, {
    body: { naam: 'Demo Klant', email: 'demo@example.nl', opmerking: 'Graag een offerte' },
  });
  expect(res.status).toBe(201);
});
