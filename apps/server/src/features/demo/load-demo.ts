import { MODULE_TAGS, type ModuleTag, type UserType } from '@im/domain';
import type { Database } from '../../platform/db/database';
import type { Logger } from '../../platform/logger';
import { createCompany } from '../companies/create-company';
import { createUser } from '../users/create-user';
import { findUserByEmail } from '../users/find-user';

/** Every demo user logs in with this password (README "Demo data"). */
export const DEMO_PASSWORD = 'Welkom123';

interface DemoUser {
  name: string;
  nameprefix?: string;
  surname: string;
  email: string;
  role: number;
  userType: UserType;
  altDashboard?: string;
}

interface DemoCompany {
  name: string;
  modules: readonly ModuleTag[];
  appdescription: string;
  users: DemoUser[];
}

const INSTALLER_MODULES = MODULE_TAGS.filter((m) => m !== 'ADMIN' && m !== 'PARTNER');

export const DEMO_COMPANIES: DemoCompany[] = [
  {
    name: 'Zonnestroom Noord B.V.',
    modules: INSTALLER_MODULES,
    appdescription: 'Zonnepanelen, thuisbatterijen en laadpalen in Noord-Nederland',
    users: [
      {
        name: 'Sanne',
        nameprefix: 'de',
        surname: 'Vries',
        email: 'sanne@zonnestroom-noord.nl',
        role: 5000,
        userType: 'standard',
      },
      {
        name: 'Mark',
        surname: 'Jansen',
        email: 'mark@zonnestroom-noord.nl',
        role: 1000,
        userType: 'sales',
        altDashboard: 'sales',
      },
      { name: 'Lisa', surname: 'Bakker', email: 'lisa@zonnestroom-noord.nl', role: 200, userType: 'support' },
      {
        name: 'Ahmed',
        surname: 'El Amrani',
        email: 'ahmed@zonnestroom-noord.nl',
        role: 300,
        userType: 'project',
        altDashboard: 'project',
      },
      {
        name: 'Tom',
        surname: 'Visser',
        email: 'tom@zonnestroom-noord.nl',
        role: 100,
        userType: 'project',
        altDashboard: 'project',
      },
      { name: 'Kees', surname: 'Mulder', email: 'kees@dakwerken-mulder.nl', role: 100, userType: 'external' },
    ],
  },
  {
    name: 'Warmtepomp Totaal Twente',
    modules: ['BASIS', 'CRM', 'SALES', 'SETTINGS', 'INTAKE', 'QUOTATION', 'INVOICE', 'PARTNER'],
    appdescription: 'Warmtepompen en isolatie in Twente',
    users: [
      {
        name: 'Eva',
        nameprefix: 'van',
        surname: 'Dijk',
        email: 'eva@warmtepomptotaal.nl',
        role: 5000,
        userType: 'standard',
      },
      {
        name: 'Peter',
        surname: 'Smit',
        email: 'peter@warmtepomptotaal.nl',
        role: 100,
        userType: 'partner',
        altDashboard: 'partner',
      },
    ],
  },
];

/** Loads the demo companies on top of the main company; a second run changes nothing. */
export async function loadDemoData(db: Database, logger: Logger): Promise<void> {
  for (const demo of DEMO_COMPANIES) {
    await db.platform(async (tx) => {
      if (await findUserByEmail(tx, demo.users[0]!.email)) return;
      const companyId = await createCompany(tx, {
        name: demo.name,
        modules: demo.modules,
        appdescription: demo.appdescription,
      });
      for (const u of demo.users) {
        await createUser(tx, { ...u, companyId, password: DEMO_PASSWORD });
      }
      logger.info({ company: demo.name, users: demo.users.length }, 'demo company loaded');
    });
  }
}
