import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import { company } from '../../platform/db/tables/companies.schema';
import { webhookConnection } from '../../platform/db/tables/webhooks.schema';
import type { Logger } from '../../platform/logger';
import { createConnection } from '../webhooks';
import { CRM_DEMO } from './crm-demo-data';

export const DEMO_WEBHOOK_NAME = 'CRM-koppeling (demo)';
export const DEMO_WEBHOOK_URL = 'https://example.com/webhooks/installatiemanager';

/**
 * One webhook connection per demo company, for the workflow rule action "Naar webhook sturen". It
 * stays unverified: the demo endpoint is an example address (and a demo machine may be offline).
 */
export async function loadWebhooksDemoData(db: Database, logger: Logger): Promise<void> {
  for (const demo of CRM_DEMO) {
    const [target] = await db.platform((tx) =>
      tx.select({ id: company.id }).from(company).where(eq(company.name, demo.company)),
    );
    if (!target) continue;
    await db.tenant({ companyId: target.id }, async (tx) => {
      await tx.execute(
        sql`select pg_advisory_xact_lock(hashtext('installatiemanager:webhooks-demo'), ${target.id})`,
      );
      const [existing] = await tx
        .select({ id: webhookConnection.id })
        .from(webhookConnection)
        .where(eq(webhookConnection.name, DEMO_WEBHOOK_NAME));
      if (existing) return;
      await createConnection(tx, {
        name: DEMO_WEBHOOK_NAME,
        url: DEMO_WEBHOOK_URL,
        method: 'POST',
        header_tags: [],
        body_tags: [
          { fieldkey: 'dossiernummer', fieldvalue: '{{ dossier.nummer }}', example: '1042', nullvalue: '' },
          {
            fieldkey: 'relatie',
            fieldvalue: '{{ relatie.naam }}',
            example: 'Jan de Vries',
            nullvalue: 'Onbekend',
          },
          { fieldkey: 'status', fieldvalue: '{{ dossier.status }}', example: 'Offerte', nullvalue: '' },
        ],
        query_tags: [],
      });
      logger.info({ company: demo.company }, 'demo webhook connection loaded');
    });
  }
}
