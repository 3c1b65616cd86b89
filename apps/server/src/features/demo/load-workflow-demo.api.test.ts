import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/test-server';
import { createLogger } from '../../platform/log';
import { CRM_DEMO } from './crm-demo-data';
import { loadWebhooksDemoData } from './load-webhooks-demo';
import { loadWorkflowDemoData } from './load-workflow-demo';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ work: false });
});
afterAll(async () => t?.close());

it("gives a demo company an installer's rule set, once", async () => {
  const companyId = await t.createTestCompany({
    name: CRM_DEMO[0]!.company,
    modules: ['BASIS', 'CRM', 'SETTINGS'],
  });
  const manager = await t.createTestUser({ companyId, role: 1000 });
  const logger = createLogger('warn');
  await loadWebhooksDemoData(t.server.deps.db, logger);
  await loadWorkflowDemoData(t.server.deps.db, logger);
  await loadWorkflowDemoData(t.server.deps.db, logger);
  const token = await t.login(manager.email);
  const rules = (await t.api('GET', '/api/eventtriggerrule', { token })).body as {
    event_trigger_tag: string;
    type_label: string;
    morph_label: string | null;
    is_delayed: boolean;
    delaytime: number;
  }[];
  expect(rules.map((r) => [r.event_trigger_tag, r.type_label])).toEqual(
    expect.arrayContaining([
      ['flow_created_website', 'Notificatie aanmaken'],
      ['flow_created_website', 'E-mail naar de klant sturen'],
      ['quotation_sent', 'Actie aanmaken'],
      ['quotation_approved', 'Status van het dossier wijzigen'],
      ['flow_status_changed', 'Naar webhook sturen'],
    ]),
  );
  expect(rules.find((r) => r.event_trigger_tag === 'quotation_sent')).toMatchObject({
    is_delayed: true,
    delaytime: 4320,
  });
  expect(rules.find((r) => r.type_label === 'Naar webhook sturen')?.morph_label).toBe('CRM-koppeling (demo)');
  expect(rules.find((r) => r.type_label === 'E-mail naar de klant sturen')?.morph_label).toBe(
    'Bevestiging aanvraag via de website',
  );
});
