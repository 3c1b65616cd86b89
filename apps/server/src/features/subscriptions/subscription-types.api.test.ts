import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSubscriptionType, logActions as logOf, moduleIdsByTag } from '../../../test/admin-factories';
import { ADMIN, startTestServer, type TestServer } from '../../../test/test-server';
import { TYPE_IN_USE } from './subscription-types';

let t: TestServer;
let admin: string;
let moduleIds: Record<string, number>;
const logActions = (type: string, id: number) => logOf(t, type, id);
const createType = (name: string, tags: string[]) => createSubscriptionType(t, admin, moduleIds, name, tags);

beforeAll(async () => {
  t = await startTestServer({ work: false });
  admin = await t.login(ADMIN.email, ADMIN.password);
  moduleIds = await moduleIdsByTag(t, admin);
});
afterAll(async () => t?.close());

describe('subscription types', () => {
  it('creates, reads, renames and lists a type with its modules', async () => {
    const created = await t.api('POST', '/api/subscriptiontype', {
      token: admin,
      body: { name: 'Starter', description: 'Voor kleine installateurs' },
    });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: expect.any(Number),
      name: 'Starter',
      description: 'Voor kleine installateurs',
      modules: [],
    });
    const id = created.body.id;
    const add = await t.api('PATCH', `/api/subscriptiontype/${id}/addmoduletosubscriptiontype`, {
      token: admin,
      body: { moduleId: moduleIds.CRM },
    });
    expect(add.body.modules).toEqual([{ id: moduleIds.CRM, tag: 'CRM' }]);
    // Adding it twice is fine.
    await t.api('PATCH', `/api/subscriptiontype/${id}/addmoduletosubscriptiontype`, {
      token: admin,
      body: { moduleId: moduleIds.BASIS },
    });
    const twice = await t.api('PATCH', `/api/subscriptiontype/${id}/addmoduletosubscriptiontype`, {
      token: admin,
      body: { moduleId: moduleIds.CRM },
    });
    expect(twice.status).toBe(200);
    expect(twice.body.modules.map((m: { tag: string }) => m.tag)).toEqual(['BASIS', 'CRM']);
    const removed = await t.api('PATCH', `/api/subscriptiontype/${id}/removemodulefromsubscriptiontype`, {
      token: admin,
      body: { moduleId: moduleIds.BASIS },
    });
    expect(removed.body.modules.map((m: { tag: string }) => m.tag)).toEqual(['CRM']);

    const renamed = await t.api('PATCH', `/api/subscriptiontype/${id}`, {
      token: admin,
      body: { name: 'Start' },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ name: 'Start', description: 'Voor kleine installateurs' });
    expect((await t.api('GET', `/api/subscriptiontype/${id}`, { token: admin })).body).toEqual(renamed.body);
    const list = await t.api('GET', '/api/subscriptiontype', { token: admin });
    expect(list.body).toContainEqual(renamed.body);
    expect(await logActions('subscriptiontype', id)).toEqual([
      'create',
      'update',
      'update',
      'update',
      'update',
    ]);
  });

  it('refuses a duplicate name, bad input and unknown modules with 422', async () => {
    await createType('Uniek', []);
    const dup = await t.api('POST', '/api/subscriptiontype', { token: admin, body: { name: 'UNIEK' } });
    expect(dup.status).toBe(422);
    expect(dup.body.errors.name).toBeDefined();
    for (const body of [{}, { name: '' }, { name: 'x'.repeat(101) }, { name: 3 }]) {
      expect((await t.api('POST', '/api/subscriptiontype', { token: admin, body })).status).toBe(422);
    }
    const other = await createType('Ander', []);
    const renameDup = await t.api('PATCH', `/api/subscriptiontype/${other}`, {
      token: admin,
      body: { name: 'uniek' },
    });
    expect(renameDup.status).toBe(422);
    const unknownModule = await t.api('PATCH', `/api/subscriptiontype/${other}/addmoduletosubscriptiontype`, {
      token: admin,
      body: { moduleId: 999 },
    });
    expect(unknownModule.status).toBe(422);
    expect(unknownModule.body.errors.moduleId).toBeDefined();
  });

  it('answers 404 for unknown types', async () => {
    expect((await t.api('GET', '/api/subscriptiontype/999999', { token: admin })).status).toBe(404);
    expect(
      (await t.api('PATCH', '/api/subscriptiontype/999999', { token: admin, body: { name: 'X' } })).status,
    ).toBe(404);
    expect((await t.api('DELETE', '/api/subscriptiontype/999999', { token: admin })).status).toBe(404);
    const add = await t.api('PATCH', '/api/subscriptiontype/999999/addmoduletosubscriptiontype', {
      token: admin,
      body: { moduleId: moduleIds.CRM },
    });
    expect(add.status).toBe(404);
  });

  it('deletes an unused type, but not one that subscriptions use (409)', async () => {
    const unused = await createType('Ongebruikt', ['CRM']);
    const del = await t.api('DELETE', `/api/subscriptiontype/${unused}`, { token: admin });
    expect(del.status).toBe(200);
    expect(del.body.message).toBeTruthy();
    expect((await t.api('GET', `/api/subscriptiontype/${unused}`, { token: admin })).status).toBe(404);
    expect(await logActions('subscriptiontype', unused)).toContain('delete');

    const used = await createType('In gebruik', ['CRM']);
    const companyId = await t.createTestCompany();
    const sub = await t.api('POST', '/api/subscription', {
      token: admin,
      body: { company_id: companyId, subscription_type_id: used, start_date: '2026-01-01' },
    });
    expect(sub.status).toBe(201);
    const refused = await t.api('DELETE', `/api/subscriptiontype/${used}`, { token: admin });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(TYPE_IN_USE);
    expect((await t.api('GET', `/api/subscriptiontype/${used}`, { token: admin })).status).toBe(200);
  });
});
