import { asc, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import { company } from '../../platform/db/tables/companies.schema';
import { user } from '../../platform/db/tables/users.schema';
import { website } from '../../platform/db/tables/websites.schema';
import type { Logger } from '../../platform/logger';
import { createWebsite, goLiveWebsite } from '../websites';
import { CRM_DEMO } from './crm-demo-data';

export const DEMO_WEBSITE_NAME = 'Offerteaanvraag zonnepanelen';

const MAPPING = [
  { fieldkey: 'naam', fieldvalue: 'fullname' },
  { fieldkey: 'email', fieldvalue: 'email' },
  { fieldkey: 'telefoon', fieldvalue: 'phone' },
  { fieldkey: 'postcode', fieldvalue: 'postcode' },
  { fieldkey: 'huisnummer', fieldvalue: 'number' },
  { fieldkey: 'opmerking', fieldvalue: 'note' },
] as const;

/**
 * One live website per demo company, its leads handled by a sales user of the company (else its
 * first staff user), so the workflow demo rule "on new website lead" has leads to act on. A company
 * that already has the website is left alone.
 */
export async function loadWebsitesDemoData(db: Database, logger: Logger): Promise<void> {
  for (const demo of CRM_DEMO) {
    const [target] = await db.platform((tx) =>
      tx.select({ id: company.id }).from(company).where(eq(company.name, demo.company)),
    );
    if (!target) continue;
    const domain = demo.enteredBy.split('@')[1]!;
    await db.tenant({ companyId: target.id }, async (tx) => {
      await tx.execute(
        sql`select pg_advisory_xact_lock(hashtext('installatiemanager:websites-demo'), ${target.id})`,
      );
      const [existing] = await tx
        .select({ id: website.id })
        .from(website)
        .where(eq(website.name, DEMO_WEBSITE_NAME));
      if (existing) return;
      const [handler] = await tx
        .select({ id: user.id })
        .from(user)
        .where(isNull(user.deletedAt))
        .orderBy(desc(sql`${user.userType} = 'sales'`), desc(user.role), asc(user.id))
        .limit(1);
      if (!handler) return;
      const id = await createWebsite(tx, {
        name: DEMO_WEBSITE_NAME,
        siteurl: `https://www.${domain}`,
        lead_source: 'Eigen website',
        flowprofile_id: null,
        user_id: handler.id,
        mapping: MAPPING.map((row) => ({ ...row, nullvalue: '', valuemapping: '' })),
      });
      await goLiveWebsite(tx, id);
      logger.info({ company: demo.company }, 'demo website loaded');
    });
  }
}
