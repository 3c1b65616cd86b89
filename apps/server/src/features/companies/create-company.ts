import type { ModuleTag } from '@im/domain';
import type { Tx } from '../../platform/db/database';
import { company, companySettings } from '../../platform/db/tables/companies.schema';
import { writeLog } from '../../platform/events/write-log';
import { ensureCompanyCrmDefaults } from './company-defaults';
import { addCompanyModules } from './company-modules';

export interface NewCompany {
  id?: number;
  name: string;
  country?: string;
  lat?: number | null;
  lng?: number | null;
  modules: readonly ModuleTag[];
  /** false when a platform admin hands the modules out rather than the company buying them. */
  modulesPurchased?: boolean;
  appname?: string;
  appdescription?: string;
}

/** Creates a company with its settings and modules. Runs in platform scope (the company is new). */
export async function createCompany(tx: Tx, input: NewCompany): Promise<number> {
  const [row] = await tx
    .insert(company)
    .values({
      id: input.id,
      name: input.name,
      country: input.country ?? 'Nederland',
      lat: input.lat ?? null,
      lng: input.lng ?? null,
    })
    .returning({ id: company.id });
  const companyId = row!.id;
  await tx.insert(companySettings).values({
    companyId,
    appname: input.appname ?? 'Installatiemanager',
    appdescription: input.appdescription ?? 'Het besturingssysteem voor installatiebedrijven',
  });
  await addCompanyModules(tx, companyId, input.modules, input.modulesPurchased ?? true);
  await ensureCompanyCrmDefaults(tx, companyId);
  await writeLog(tx, {
    type: 'company',
    id: companyId,
    action: 'create',
    description: `Bedrijf ${input.name} aangemaakt`,
    companyId,
  });
  return companyId;
}
