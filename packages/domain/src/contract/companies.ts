// The API contract of companies: request and response schemas, written once for server and web.
import { z } from 'zod';
import { DASHBOARD_LEAD_FILTERS } from '../dashboard';
import { MODULE_TAGS } from '../modules';
import { zOffset, zPaginated } from '../pagination';
import { zBrandColor, zId } from './common';
import { zDashboardSettings } from './dashboard';
import { zFlowPhase } from './flowphases';
import { zFlowProfile } from './flowprofiles';
import { zSubscription } from './subscriptions';

export const zCompanyModule = z.object({ id: z.number().int(), tag: z.string(), purchased: z.boolean() });

export const zCompanySettingsSummary = z.object({
  appname: z.string(),
  appdescription: z.string(),
  brand_button_color: z.string().nullable(),
  hostnames: z.array(z.string()),
});

export const zCompanyDetail = z.object({
  id: z.number().int(),
  name: z.string(),
  country: z.string(),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
  company_settings_id: z.number().int().nullable(),
  companysettings: zCompanySettingsSummary,
  modules: z.array(zCompanyModule),
  subscriptions: z.array(zSubscription),
  users_count: z.number().int(),
  created_at: z.string(),
  deleted_at: z.string().nullable(),
});

export type CompanyDetail = z.infer<typeof zCompanyDetail>;

/** A company list (lead sources, tags, cancel reasons): trimmed, non-empty, each once. */
export const zList = z
  .array(z.string().trim().min(1, 'Lege waarden zijn niet toegestaan.').max(100))
  .max(200)
  .transform((items) => [...new Set(items)]);

export const KPI_SETTINGS_TEXTS = {
  unknownProduct: 'Dit product bestaat niet (meer).',
} as const;
/** KPI settings (decision 064): per KPI the products whose kpi_value counts; each once, at most 200. */
const zKpiProducts = z
  .array(zId)
  .max(200)
  .transform((ids) => [...new Set(ids)]);
/** The dashboard's leads box (decision 064): the filter it opens on and how many rows it shows. */
export const zDashboardLeadsSetting = z.object({
  filter: z.enum(DASHBOARD_LEAD_FILTERS),
  limit: z.coerce.number().int().min(1, 'Minimaal 1.').max(25, 'Maximaal 25.'),
});
export type DashboardLeadsSetting = z.infer<typeof zDashboardLeadsSetting>;

export const zFlowSettingsLists = z.object({
  id: z.number().int(),
  lead_sources: z.array(z.string()),
  flow_tags: z.array(z.string()),
  cancel_reasons: z.array(z.string()),
  standard_flowprofile_id: z.number().int().nullable(),
  /** The dashboard's statistic boxes; null: the defaults. */
  dashboard_settings: zDashboardSettings.nullable(),
  /** Spec 000 section 3: the text shown beside every new lead (plain text). */
  custom_lead_infobox: z.string(),
  /** Spec 000 section 3: closes every mail to a customer (plain text; decision 057). */
  email_signature: z.string(),
  appname: z.string(),
  appdescription: z.string(),
  brand_button_color: z.string().nullable(),
  /** Whether a logo was uploaded (read it from getcompanylogo). */
  has_logo: z.boolean(),
  kpi_products: z.array(z.number().int()),
  kpi_products2: z.array(z.number().int()),
  kpi_products3: z.array(z.number().int()),
  /** null: the box opens on 'unsent' with 5 rows. */
  dashboard_leads: zDashboardLeadsSetting.nullable(),
});

export const zUpdateFlowSettings = z.object({
  lead_sources: zList.optional(),
  flow_tags: zList.optional(),
  cancel_reasons: zList.optional(),
  standard_flowprofile_id: zId.optional(),
  /** null: back to the default boxes. */
  dashboard_settings: zDashboardSettings.nullable().optional(),
  custom_lead_infobox: z.string().trim().max(5000, 'Maximaal 5000 tekens.').optional(),
  email_signature: z.string().trim().max(5000, 'Maximaal 5000 tekens.').optional(),
  appname: z.string().trim().min(1, 'Vul een naam in.').max(200).optional(),
  appdescription: z.string().trim().max(2000).optional(),
  brand_button_color: zBrandColor.nullable().optional(),
  kpi_products: zKpiProducts.optional(),
  kpi_products2: zKpiProducts.optional(),
  kpi_products3: zKpiProducts.optional(),
  dashboard_leads: zDashboardLeadsSetting.nullable().optional(),
});

export const zCurrentFlowSettings = zFlowSettingsLists
  .omit({
    id: true,
    dashboard_settings: true,
    email_signature: true,
    appname: true,
    appdescription: true,
    brand_button_color: true,
    has_logo: true,
  })
  .extend({
    company_settings_id: z.number().int(),
    flowprofiles: z.array(zFlowProfile),
    flowphases: z.array(zFlowPhase),
    users: z.array(
      z.object({ id: z.number().int(), fullname: z.string(), user_type: z.string(), role: z.number().int() }),
    ),
  });

export const zCompanyRow = z.object({
  id: z.number().int(),
  name: z.string(),
  country: z.string(),
  users_count: z.number().int(),
  modules: z.array(z.string()),
  created_at: z.string(),
  deleted_at: z.string().nullable(),
});

export const zCompanyPage = zPaginated(zCompanyRow);

export const zName = z.string().trim().min(1).max(200);

export const zCountry = z.string().trim().min(1).max(100);

export const zCompanyLat = z.number().min(-90).max(90).nullable();

export const zCompanyLng = z.number().min(-180).max(180).nullable();

/** A host name as the browser sends it (optionally with a port); stored lowercase. */
export const zHostname = z
  .string()
  .trim()
  .toLowerCase()
  .max(253)
  .regex(
    /^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*(:\d{1,5})?$/,
    'Ongeldige hostnaam.',
  );

export const zCreateCompanyRequest = z.object({
  name: zName,
  country: zCountry.optional(),
  lat: zCompanyLat.optional(),
  lng: zCompanyLng.optional(),
  modules: z.array(z.enum(MODULE_TAGS)).max(MODULE_TAGS.length).optional(),
});

export type CreateCompanyRequest = z.infer<typeof zCreateCompanyRequest>;

export const zUpdateCompanyRequest = z.object({
  name: zName.optional(),
  country: zCountry.optional(),
  lat: zCompanyLat.optional(),
  lng: zCompanyLng.optional(),
  companysettings: z
    .object({
      appname: z.string().trim().min(1).max(200).optional(),
      appdescription: z.string().trim().max(2000).optional(),
      brand_button_color: z
        .string()
        .regex(/^#[0-9a-fA-F]{6}$/, 'Een kleur als #1a2b3c.')
        .nullable()
        .optional(),
      hostnames: z.array(zHostname).max(20).optional(),
    })
    .optional(),
});

export type UpdateCompanyRequest = z.infer<typeof zUpdateCompanyRequest>;

export type CompanyModule = z.infer<typeof zCompanyModule>;
export type CompanySettingsSummary = z.infer<typeof zCompanySettingsSummary>;
export type FlowSettingsLists = z.infer<typeof zFlowSettingsLists>;
export type UpdateFlowSettings = z.infer<typeof zUpdateFlowSettings>;
export type CurrentFlowSettings = z.infer<typeof zCurrentFlowSettings>;
export type CompanyRow = z.infer<typeof zCompanyRow>;
export type CompanyPage = z.infer<typeof zCompanyPage>;

/**
 * GET /api/portal/branding/hostname/{host}: the brand a host name shows before anyone logs in. A host
 * without its own brand answers 200 with the product's defaults (no brand is a normal answer).
 */
export const zBranding = z.object({
  appname: z.string(),
  appdescription: z.string(),
  logo_url: z.string().nullable(),
  background_url: z.string().nullable(),
  brand_button_color: z.string().nullable(),
  /** True when the host has no brand of its own and these are the defaults. */
  is_default: z.boolean(),
});
export type Branding = z.infer<typeof zBranding>;

/** The installer as the customer sees them: name, logo, background, button colour. */
export const zCustomerCompany = zBranding.extend({
  name: z.string(),
  email: z.string(),
  phone: z.string(),
});
export type CustomerCompany = z.infer<typeof zCustomerCompany>;

export const DEFAULT_BRANDING: Branding = {
  appname: 'Installatiemanager',
  appdescription: 'CRM en dossierbeheer voor installatiebedrijven',
  logo_url: null,
  background_url: null,
  brand_button_color: null,
  is_default: true,
};

/**
 * company getAdminUserChangeList: the changes platform administrators made in this company while logged in
 * as one of its users (log items with an admin), newest first (decision 043).
 */
export const zAdminUserChangeQuery = z.object({
  offset: zOffset,
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export const zAdminUserChange = z.object({
  id: z.number().int(),
  created_at: z.string(),
  loggable_type: z.string(),
  loggable_id: z.number().int().nullable(),
  action: z.string(),
  description: z.string(),
  admin_user_id: z.number().int(),
  admin_fullname: z.string(),
  /** The company user the administrator was logged in as. */
  user_id: z.number().int().nullable(),
  user_fullname: z.string(),
});
export type AdminUserChange = z.infer<typeof zAdminUserChange>;
export const zAdminUserChangePage = zPaginated(zAdminUserChange);
