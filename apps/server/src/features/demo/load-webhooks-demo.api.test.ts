import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/test-server';
import { createLogger } from '../../platform/log';
import { CRM_DEMO } from './crm-demo-data';
import { DEMO_WEBHOOK_NAME, DEMO_WEBHOOK_URL, loadWebhooksDemoData } from './load-webhooks-demo';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ work: false });
});
afterAll(async () => t?.close());

it('gives a demo company one unverified webhook connection to the demo endpoint, once', async () => {
  const companyId = await t.createTestCompany({
    name: CRM_DEMO[0]!.company,
    modules: ['BASIS', 'CRM', 'SETTINGS'],
  });
  const manager = await t.createTestUser({ companyId, role: 1000 });
  const logger = createLogger('warn');
  await loadWebhooksDemoData(t.server.deps.db, logger);
  await loadWebhooksDemoData(t.server.deps.db, logger);
  const token = await t.login(manager.email);
  const list = await t.api('GET', '/api/webhookconnection', { token });
  expect(list.body).toHaveLength(1);
  expect(list.body[0]).toMatchObject({
    name: DEMO_WEBHOOK_NAME,
    url: DEMO_WEBHOOK_URL,
    status: 'unverified',
  });
  const detail = await t.api('GET', `/api/webhookconnection/${list.body[0].id}`, { token });
  expect(detail.body.body_tags.map((tag: { fieldvalue: string }) => tag.fieldvalue)).toEqual([
    '{{ dossier.nummer }}',
    '{{ relatie.naam }}',
    '{{ dossier.status }}',
  ]);
});
