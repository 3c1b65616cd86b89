import type { CreateCompanyRequest, UpdateCompanyRequest } from '@im/domain';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/database';
import { company, companySettings } from '../../platform/db/tables/companies.schema';
import { validationError } from '../../platform/errors';
import { writeLog } from '../../platform/events/write-log';
import { createCompany } from './create-company';

export const HOSTNAME_TAKEN = 'Deze hostnaam is al in gebruik bij een ander bedrijf.';

/** A platform admin creates a company; the modules are handed out, so not marked purchased. */
export function saveCompany(tx: Tx, input: CreateCompanyRequest): Promise<number> {
  return createCompany(tx, {
    name: input.name,
    country: input.country,
    lat: input.lat,
    lng: input.lng,
    modules: input.modules ?? [],
    modulesPurchased: false,
  });
}

/** Changes company fields and its settings; answers false when the company does not exist. */
export async function updateCompany(tx: Tx, id: number, input: UpdateCompanyRequest): Promise<boolean> {
  const [existing] = await tx
    .select({ id: company.id })
    .from(company)
    .where(eq(company.id, id))
    .for('update');
  if (!existing) return false;
  const { companysettings: settings, ...fields } = input;
  const set: Partial<typeof company.$inferInsert> = {};
  if (fields.name !== undefined) set.name = fields.name;
  if (fields.country !== undefined) set.country = fields.country;
  if (fields.lat !== undefined) set.lat = fields.lat;
  if (fields.lng !== undefined) set.lng = fields.lng;
  if (Object.keys(set).length > 0) {
    await tx
      .update(company)
      .set({ ...set, updatedAt: new Date() })
      .where(eq(company.id, id));
  }
  const settingsSet: Partial<typeof companySettings.$inferInsert> = {};
  if (settings?.appname !== undefined) settingsSet.appname = settings.appname;
  if (settings?.appdescription !== undefined) settingsSet.appdescription = settings.appdescription;
  if (settings?.brand_button_color !== undefined) settingsSet.brandButtonColor = settings.brand_button_color;
  if (settings?.hostnames !== undefined) {
    const hostnames = [...new Set(settings.hostnames)];
    await refuseTakenHostnames(tx, id, hostnames);
    settingsSet.hostnames = hostnames;
  }
  if (Object.keys(settingsSet).length > 0) {
    await tx
      .update(companySettings)
      .set({ ...settingsSet, updatedAt: new Date() })
      .where(eq(companySettings.companyId, id));
  }
  if (Object.keys(set).length > 0 || Object.keys(settingsSet).length > 0) {
    await writeLog(tx, {
      type: 'company',
      id,
      action: 'update',
      description: 'Bedrijf gewijzigd',
      changes: input,
      companyId: id,
    });
  }
  return true;
}

/** Branding is looked up by host name, so one host belongs to one company. */
async function refuseTakenHostnames(tx: Tx, companyId: number, hostnames: string[]): Promise<void> {
  if (hostnames.length === 0) return;
  const list = sql.join(
    hostnames.map((h) => sql`${h}`),
    sql`, `,
  );
  const taken = await tx
    .select({ id: companySettings.id })
    .from(companySettings)
    .where(
      and(
        ne(companySettings.companyId, companyId),
        sql`exists (select 1 from jsonb_array_elements_text(${companySettings.hostnames}) h(v) where h.v in (${list}))`,
      ),
    )
    .limit(1);
  if (taken.length > 0) {
    throw validationError(HOSTNAME_TAKEN, { 'companysettings.hostnames': [HOSTNAME_TAKEN] });
  }
}
