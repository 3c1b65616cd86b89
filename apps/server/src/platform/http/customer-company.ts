import type { CustomerCompany } from '@im/domain';
import { eq } from 'drizzle-orm';
import { profileBrandingOfFlow } from '../branding/profile-branding';
import type { Tx } from '../db/database';
import { company, companySettings } from '../db/tables/companies.schema';

/**
 * The installer as their customer sees them on every customer page: name, contact, logo, background
 * and button colour of the company settings. With a flow hash the images come by that hash (spec 002:
 * getflowlogobycustomer, getflowcustomerbackground), else from the public branding routes. A flow whose
 * request profile has its own branding shows that profile's sender name, logo and colour (decision 057).
 */
export async function customerCompany(
  tx: Tx,
  companyId: number,
  flowHash: string | null,
): Promise<CustomerCompany> {
  const [row] = await tx
    .select({ name: company.name, s: companySettings })
    .from(company)
    .leftJoin(companySettings, eq(companySettings.companyId, company.id))
    .where(eq(company.id, companyId));
  const s = row?.s ?? null;
  const byHash = flowHash ? `/api/flow/${encodeURIComponent(flowHash)}` : null;
  const own = flowHash ? await profileBrandingOfFlow(tx, { hash: flowHash }) : null;
  const base = {
    name: row?.name ?? '',
    appname: s?.appname ?? row?.name ?? '',
    appdescription: s?.appdescription ?? '',
    email: s?.email ?? '',
    phone: s?.phone ?? '',
    logo_url: s?.logoFileId
      ? byHash
        ? `${byHash}/getflowlogobycustomer`
        : `/api/portal/branding/logo/${s.id}`
      : null,
    background_url: s?.customerBackgroundFileId
      ? byHash
        ? `${byHash}/getflowcustomerbackground`
        : `/api/portal/branding/background/${s.id}`
      : null,
    brand_button_color: s?.brandButtonColor ?? null,
    is_default: false,
  };
  if (!own) return base;
  return {
    ...base,
    name: own.sender_name || base.name,
    appname: own.sender_name || base.appname,
    logo_url: own.logo_file_id && byHash ? `${byHash}/getflowlogobycustomer` : base.logo_url,
    brand_button_color: own.brand_button_color ?? base.brand_button_color,
  };
}
