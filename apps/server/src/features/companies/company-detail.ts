import type { CompanyDetail } from '@im/domain';
import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/database';
import { company, companySettings } from '../../platform/db/tables/companies.schema';
import { toIso } from '../../platform/http/dates';
import { companySubscriptions } from '../subscriptions';
import { listCompanyModules } from './company-modules';

/**
 * Active users of the company row of the outer query. The outer column is written out: drizzle
 * renders `${company.id}` unqualified in single-table selects, where it would bind to `u.id`.
 */
export const usersCountSql = sql<number>`(select count(*)::int from "user" u where u.company_id = "company"."id" and u.deleted_at is null)`;

/** One company with settings, modules and subscriptions, trashed or not; null when it is not visible. */
export async function loadCompanyDetail(tx: Tx, id: number): Promise<CompanyDetail | null> {
  const [row] = await tx
    .select({
      company,
      settings: {
        id: companySettings.id,
        appname: companySettings.appname,
        appdescription: companySettings.appdescription,
        brandButtonColor: companySettings.brandButtonColor,
        hostnames: companySettings.hostnames,
      },
      usersCount: usersCountSql,
    })
    .from(company)
    .leftJoin(companySettings, eq(companySettings.companyId, company.id))
    .where(eq(company.id, id));
  if (!row) return null;
  const c = row.company;
  return {
    id: c.id,
    name: c.name,
    country: c.country,
    lat: c.lat,
    lng: c.lng,
    company_settings_id: row.settings?.id ?? null,
    companysettings: {
      appname: row.settings?.appname ?? 'Installatiemanager',
      appdescription: row.settings?.appdescription ?? '',
      brand_button_color: row.settings?.brandButtonColor ?? null,
      hostnames: row.settings?.hostnames ?? [],
    },
    modules: await listCompanyModules(tx, id),
    subscriptions: await companySubscriptions(tx, id),
    users_count: row.usersCount,
    created_at: toIso(c.createdAt),
    deleted_at: c.deletedAt ? toIso(c.deletedAt) : null,
  };
}
