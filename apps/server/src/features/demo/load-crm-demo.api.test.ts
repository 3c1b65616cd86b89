import { FLOW_STATUSES } from '@im/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/test-server';
import { createLogger } from '../../platform/log';
import { DEMO_PASSWORD, loadDemoData } from './load-demo';

let t: TestServer;

beforeAll(async () => {
  t = await startTestServer({ work: false });
});
afterAll(async () => t?.close());

async function crmCounts() {
  const r = await t.server.deps.db.platform((tx) =>
    tx.execute<{
      company: string;
      relations: number;
      organizations: number;
      flows: number;
      locations: number;
    }>(sql`
      select c.name as company,
        (select count(*)::int from relation r where r.company_id = c.id) as relations,
        (select count(*)::int from organization o where o.company_id = c.id) as organizations,
        (select count(*)::int from flow f where f.company_id = c.id) as flows,
        (select count(*)::int from location l where l.company_id = c.id) as locations
      from company c where c.id <> 1 order by c.name`),
  );
  return r.rows;
}

describe('CRM demo data', () => {
  it('loads relations, organizations and flows in every status, once', async () => {
    const logger = createLogger('warn');
    await loadDemoData(t.server.deps.db, logger, t.server.deps.storage);
    const first = await crmCounts();
    await loadDemoData(t.server.deps.db, logger, t.server.deps.storage);
    expect(await crmCounts()).toEqual(first);
    expect(first).toEqual([
      { company: 'Warmtepomp Totaal Twente', relations: 10, organizations: 0, flows: 10, locations: 10 },
      // With the partner project's 40 homes and its main flow (decision 062).
      { company: 'Zonnestroom Noord B.V.', relations: 81, organizations: 9, flows: 83, locations: 89 },
    ]);

    const sanne = await t.login('sanne@zonnestroom-noord.nl', DEMO_PASSWORD);
    const relations = await t.api('GET', '/api/relation/querypaginated?limit=100', { token: sanne });
    expect(relations.body.pagination.total).toBe(81);
    for (const r of relations.body.data) {
      expect(r.address, r.fullname).toMatch(/^.+ \d+.*, \d{4} [A-Z]{2} .+$/);
      expect(r.lat, r.fullname).toBeGreaterThan(52);
      expect(r.lat, r.fullname).toBeLessThan(53.5);
      expect(r.flow_status, r.fullname).not.toBeNull();
    }
    const statuses = await t.server.deps.db.platform((tx) =>
      tx.execute<{ flow_status: string }>(sql`
        select distinct f.flow_status from flow f join company c on c.id = f.company_id
        where c.name = 'Zonnestroom Noord B.V.'`),
    );
    expect(statuses.rows.map((s) => s.flow_status).sort()).toEqual([...FLOW_STATUSES].sort());

    const orgs = await t.api('GET', '/api/organization/querypaginated?limit=100', { token: sanne });
    expect(orgs.body.pagination.total).toBe(9);
    for (const o of orgs.body.data) {
      expect(o.contactperson, o.name).not.toBeNull();
      expect(o.relations_count, o.name).toBe(1);
    }
    const search = await t.api('GET', '/api/relation/search?query=gerrit%20heuv', { token: sanne });
    expect(search.body.map((r: { fullname: string }) => r.fullname)).toEqual(['Gerrit van den Heuvel']);

    const eva = await t.login('eva@warmtepomptotaal.nl', DEMO_PASSWORD);
    const twente = await t.api('GET', '/api/relation/querypaginated?query=enschede', { token: eva });
    // Two live in Enschede, one on the Enschedesestraat in Hengelo.
    expect(twente.body.pagination.total).toBe(3);
  });
});
