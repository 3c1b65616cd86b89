import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/test-server';
import { createTestFlow, createTestRelation } from './flow-test-factory';
import { SEARCH_TOO_SHORT } from './search-flows';

let t: TestServer;
let companyId: number;
let token: string;

beforeAll(async () => {
  t = await startTestServer({ work: false });
  companyId = await t.createTestCompany();
  token = await t.login((await t.createTestUser({ companyId })).email);
  const visser = await createTestRelation(t, companyId, {
    name: 'Anna',
    surname: 'Visser',
    email: 'anna@visser.nl',
    city: 'Hattem',
    street: 'Molenweg',
  });
  const boer = await createTestRelation(t, companyId, { name: 'Bram', surname: 'de Boer', city: 'Kampen' });
  await createTestFlow(t, companyId, { relationId: visser, description: 'Warmtepomp' });
  await createTestFlow(t, companyId, { relationId: visser, description: 'Zonnepanelen' });
  await createTestFlow(t, companyId, { relationId: boer, description: 'Warmtepomp hybride' });
  await t.server.deps.db.tenant({ companyId }, (tx) =>
    tx.execute(
      sql`insert into organization (name) values ('Visser Installatietechniek BV'), ('Bouwbedrijf Noord')`,
    ),
  );
});
afterAll(async () => t?.close());

const search = (query: string, extra = '') =>
  t.api('GET', `/api/flow/searchforsearchterm?query=${encodeURIComponent(query)}${extra}`, { token });

describe('global search', () => {
  it('needs 3 characters', async () => {
    for (const q of ['', 'vi', '  v ']) {
      const res = await search(q);
      expect(res.status, q).toBe(422);
      expect(res.body.message).toBe(SEARCH_TOO_SHORT);
    }
    expect((await search('vis')).status).toBe(200);
  });

  it('finds flows, relations and organizations, every word must match', async () => {
    const res = await search('visser');
    expect(res.status).toBe(200);
    expect(res.body.flows).toHaveLength(2);
    expect(res.body.flows[0]).toMatchObject({
      description: 'Zonnepanelen',
      relation_fullname: 'Anna Visser',
      address: 'Molenweg 12, 8011 AB Hattem',
      flow_status: 'new',
      number: expect.any(Number),
    });
    expect(res.body.relations).toEqual([
      { id: expect.any(Number), fullname: 'Anna Visser', address: 'Molenweg 12, 8011 AB Hattem' },
    ]);
    expect(res.body.organizations).toEqual([
      { id: expect.any(Number), name: 'Visser Installatietechniek BV', address: '' },
    ]);

    const both = await search('warmtepomp kampen');
    expect(both.body.flows.map((f: { description: string }) => f.description)).toEqual([
      'Warmtepomp hybride',
    ]);
    expect(both.body.relations).toEqual([]);
    const none = await search('onvindbaar');
    expect(none.body).toEqual({ flows: [], relations: [], organizations: [] });
  });

  it('limits each list', async () => {
    const res = await search('warmtepomp', '&limit=1');
    expect(res.body.flows).toHaveLength(1);
    expect((await search('warmtepomp', '&limit=101')).status).toBe(422);
  });
});

describe('merge target picker', () => {
  it('answers display names with address and number, newest first, without the flow itself', async () => {
    const res = await t.api('GET', '/api/flow/querywithdisplaynamewithaddress?query=visser', { token });
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(2);
    expect(res.body[0].displayname).toMatch(/^Anna Visser - Molenweg 12, Hattem \(#\d+\)$/);
    const without = await t.api(
      'GET',
      `/api/flow/querywithdisplaynamewithaddress?query=visser&excludeId=${res.body[0].id}`,
      { token },
    );
    expect(without.body.map((h: { id: number }) => h.id)).toEqual([res.body[1].id]);
  });
});
