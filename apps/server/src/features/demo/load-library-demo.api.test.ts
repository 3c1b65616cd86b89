import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSalesCompany } from '../../../test/crm-factories';
import { startTestServer, type TestServer } from '../../../test/test-server';
import { createLogger } from '../../platform/log';
import { DEMO_LIBRARY_SETS } from './library-demo-data';
import { loadLibraryDemoData } from './load-library-demo';

let t: TestServer;

beforeAll(async () => {
  t = await startTestServer({ work: false });
});
afterAll(async () => t?.close());

describe('demo library sets', () => {
  it('loads the standard sets once, and every item imports into a company as its own record', async () => {
    const logger = createLogger('silent');
    await loadLibraryDemoData(t.server.deps.db, logger);
    await loadLibraryDemoData(t.server.deps.db, logger);
    const c = await createSalesCompany(t, { name: 'Nieuwe installateur' });
    const sets = await t.api('GET', '/api/libraryset?limit=100', { token: c.token });
    expect(sets.body.data.map((s: { name: string }) => s.name).sort()).toEqual(
      DEMO_LIBRARY_SETS.map((s) => s.name).sort(),
    );
    let total = 0;
    const created: { kind: string; id: number; name: string }[] = [];
    for (const set of sets.body.data) {
      const result = await t.api('POST', `/api/libraryset/${set.id}/import`, { token: c.token, body: {} });
      expect(result.status, `${set.name}: ${JSON.stringify(result.body)}`).toBe(200);
      expect(result.body.skipped).toEqual([]);
      expect(result.body.created).toHaveLength(set.items_count);
      total += set.items_count;
      created.push(...result.body.created);
    }
    expect(total).toBe(DEMO_LIBRARY_SETS.reduce((n, s) => n + s.items.length, 0));
    const panelId = created.find((x) => x.name === 'Zonnepaneel 410 Wp full black')!.id;
    const panel = await t.api('GET', `/api/product/${panelId}`, { token: c.token });
    expect(panel.body).toMatchObject({ kpi_value: 410, kpi_unit: 'Wp' });
    const forms = await t.api('GET', '/api/vertical/querypaginated?query=Opname woning', { token: c.token });
    expect(forms.status).toBe(200);
  });
});
