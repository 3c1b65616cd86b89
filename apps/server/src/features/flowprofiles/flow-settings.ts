import {
  fullName,
  KPI_SETTINGS_TEXTS,
  zDashboardLeadsSetting,
  zDashboardSettings,
  type zUpdateFlowSettings,
} from '@im/domain';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import type { Tx } from '../../platform/db/database';
import { companySettings } from '../../platform/db/tables/companies.schema';
import { flowPhase } from '../../platform/db/tables/flowphases.schema';
import { product } from '../../platform/db/tables/products.schema';
import { user } from '../../platform/db/tables/users.schema';
import { validationError } from '../../platform/errors';
import { writeLog } from '../../platform/events/write-log';
import { listFlowPhases } from '../flowphases';
import { listFlowProfiles, requireFlowProfile } from '.';

function lists(s: typeof companySettings.$inferSelect) {
  return {
    id: s.id,
    lead_sources: s.leadSources,
    flow_tags: s.flowTags,
    cancel_reasons: s.cancelReasons,
    standard_flowprofile_id: s.standardFlowprofileId,
    dashboard_settings: s.dashboardSettings == null ? null : zDashboardSettings.parse(s.dashboardSettings),
    custom_lead_infobox: s.customLeadInfobox,
    email_signature: s.emailSignature,
    appname: s.appname,
    appdescription: s.appdescription,
    brand_button_color: s.brandButtonColor,
    has_logo: s.logoFileId !== null,
    kpi_products: s.kpiProducts,
    kpi_products2: s.kpiProducts2,
    kpi_products3: s.kpiProducts3,
    dashboard_leads: s.dashboardLeads == null ? null : zDashboardLeadsSetting.parse(s.dashboardLeads),
  };
}

/** What the CRM screens choose from: the company's lists, request profiles, flow phases and users. */
export async function currentFlowSettings(tx: Tx, companyId: number) {
  const [settings] = await tx.select().from(companySettings).where(eq(companySettings.companyId, companyId));
  const users = await tx
    .select({
      id: user.id,
      name: user.name,
      nameprefix: user.nameprefix,
      surname: user.surname,
      userType: user.userType,
      role: user.role,
    })
    .from(user)
    .where(and(eq(user.companyId, companyId), isNull(user.deletedAt)))
    .orderBy(asc(user.order), asc(user.name), asc(user.id));
  const {
    id,
    dashboard_settings: _boxes,
    email_signature: _signature,
    appname: _appname,
    appdescription: _appdescription,
    brand_button_color: _color,
    has_logo: _logo,
    ...rest
  } = lists(settings!);
  return {
    ...rest,
    company_settings_id: id,
    flowprofiles: await listFlowProfiles(tx),
    flowphases: await listFlowPhases(tx, eq(flowPhase.companyId, companyId)),
    users: users.map((u) => ({ id: u.id, fullname: fullName(u), user_type: u.userType, role: u.role })),
  };
}

/** The company's settings as the settings screens edit them; null when they are not the company's. */
export async function readFlowSettingsLists(tx: Tx, id: number) {
  const [row] = await tx.select().from(companySettings).where(eq(companySettings.id, id));
  return row ? lists(row) : null;
}

/** KPI products must be live products of the company (422 on the field otherwise). */
async function checkKpiProducts(tx: Tx, input: z.infer<typeof zUpdateFlowSettings>) {
  for (const field of ['kpi_products', 'kpi_products2', 'kpi_products3'] as const) {
    const ids = input[field];
    if (!ids || ids.length === 0) continue;
    const found = await tx
      .select({ id: product.id })
      .from(product)
      .where(and(inArray(product.id, ids), isNull(product.deletedAt)));
    if (found.length !== ids.length)
      throw validationError(KPI_SETTINGS_TEXTS.unknownProduct, {
        [field]: [KPI_SETTINGS_TEXTS.unknownProduct],
      });
  }
}

function changeDescription(input: z.infer<typeof zUpdateFlowSettings>): string {
  if (input.dashboard_settings !== undefined || input.dashboard_leads !== undefined)
    return 'Dashboardinstellingen gewijzigd';
  if (input.kpi_products || input.kpi_products2 || input.kpi_products3) return 'KPI-instellingen gewijzigd';
  if (input.lead_sources || input.flow_tags || input.cancel_reasons)
    return 'Lijsten voor aanvragen gewijzigd';
  return 'Bedrijfsinstellingen gewijzigd';
}

/** Changes the company's lists and standard request profile. Null when the settings are not the company's. */
export async function updateFlowSettings(tx: Tx, id: number, input: z.infer<typeof zUpdateFlowSettings>) {
  const [before] = await tx.select().from(companySettings).where(eq(companySettings.id, id)).for('update');
  if (!before) return null;
  if (input.standard_flowprofile_id !== undefined)
    await requireFlowProfile(tx, input.standard_flowprofile_id, 'standard_flowprofile_id');
  await checkKpiProducts(tx, input);
  const [after] = await tx
    .update(companySettings)
    .set({
      leadSources: input.lead_sources,
      flowTags: input.flow_tags,
      cancelReasons: input.cancel_reasons,
      standardFlowprofileId: input.standard_flowprofile_id,
      dashboardSettings: input.dashboard_settings,
      customLeadInfobox: input.custom_lead_infobox,
      emailSignature: input.email_signature,
      appname: input.appname,
      appdescription: input.appdescription,
      brandButtonColor: input.brand_button_color,
      kpiProducts: input.kpi_products,
      kpiProducts2: input.kpi_products2,
      kpiProducts3: input.kpi_products3,
      dashboardLeads: input.dashboard_leads,
      updatedAt: new Date(),
    })
    .where(eq(companySettings.id, id))
    .returning();
  await writeLog(tx, {
    type: 'companysettings',
    id,
    action: 'update',
    description: changeDescription(input),
    changes: input,
  });
  return lists(after!);
}
