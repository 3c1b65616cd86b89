import { afterAll, beforeAll, expect, it } from 'vitest';
import { createCrmCompany } from '../../../test/crm-factories';
import { startTestServer, type TestServer } from '../../../test/test-server';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ work: false });
});
afterAll(async () => t?.close());

it('limits the public lead endpoint per address: 429 after 60 calls a minute', async () => {
  const { token, userId } = await createCrmCompany(t);
  const created = await t.api('POST', '/api/website', {
    token,
    body: { name: 'Limiet', user_id: userId, mapping: [{ fieldkey: 'email', fieldvalue: 'email' }] },
  });
  const statuses: number[] = [];
  for (let i = 0; i < 61; i++) {
    // A concept website answers 404: cheap calls that still count.
    statuses.push((await t.api('POST', created.body.endpoint_url, { body: { email: 'a@b.nl' } })).status);
  }
  expect(statuses.slice(0, 60).every((s) => s === 404)).toBe(true);
  const last = await t.api('POST', created.body.endpoint_url, { body: { email: 'a@b.nl' } });
  expect(last.status).toBe(429);
  expect(last.body.message).toBeTruthy();
});
