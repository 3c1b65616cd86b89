import { MAIN_COMPANY_ID, MODULE_TAGS, type ModuleTag, type Theme, type UserType } from '@im/domain';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../platform/db/database';
import { company, module } from '../../platform/db/tables/companies.schema';
import {
  subscription,
  subscriptionType,
  subscriptionTypeModule,
} from '../../platform/db/tables/subscriptions.schema';
import { systemNotification } from '../../platform/db/tables/systemnotifications.schema';
import type { FileStorage } from '../../platform/files/storage';
import type { Logger } from '../../platform/logger';
import { createCompany } from '../companies';
import { createSubscription, createSubscriptionType } from '../subscriptions';
import { createSystemNotification } from '../systemnotifications';
import { createUser, findUserByEmail } from '../users';
import { loadCommunicationDemoData } from './load-communication-demo';
import { loadCrmDemoData } from './load-crm-demo';
import { loadCustomerDemoData } from './load-customer-demo';
import { loadDocumentsDemoData } from './load-documents-demo';
import { loadFormsDemoData } from './load-forms-demo';
import { loadIncidentsDemoData } from './load-incidents-demo';
import { loadInvoicesDemoData } from './load-invoices-demo';
import { loadLibraryDemoData } from './load-library-demo';
import { loadPartnerProjectsDemoData } from './load-partnerprojects-demo';
import { loadPartnersDemoData } from './load-partners-demo';
import { loadPlanningDemoData } from './load-planning-demo';
import { loadProductDemoData } from './load-product-demo';
import { loadTaskContextsDemoData } from './load-task-contexts-demo';
import { loadWebhooksDemoData } from './load-webhooks-demo';
import { loadWebsitesDemoData } from './load-websites-demo';
import { loadWorkflowDemoData } from './load-workflow-demo';

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
  /** Name of the demo subscription type it subscribes to (which also gives it that type's modules). */
  subscription: string;
  users: DemoUser[];
}

export const DEMO_SUBSCRIPTION_TYPES: { name: string; description: string; modules: readonly ModuleTag[] }[] =
  [
    {
      name: 'Basis',
      description: 'Dashboard, relaties en aanvragen, en de bedrijfsinstellingen',
      modules: ['BASIS', 'CRM', 'SETTINGS'],
    },
    {
      name: 'Compleet',
      description: 'Alle modules voor installatiebedrijven, van aanvraag tot service',
      modules: MODULE_TAGS.filter((m) => m !== 'ADMIN'),
    },
  ];

export const DEMO_SYSTEM_NOTIFICATION: { content: string; theme: Theme } = {
  content:
    'Gepland onderhoud: op dinsdag 15 december 2026 tussen 22:00 en 23:00 uur is Installatiemanager niet bereikbaar. Sla uw werk vóór 22:00 uur op.',
  theme: 'info',
};

const INSTALLER_MODULES = MODULE_TAGS.filter((m) => m !== 'ADMIN');

export const DEMO_COMPANIES: DemoCompany[] = [
  {
    name: 'Zonnestroom Noord B.V.',
    modules: INSTALLER_MODULES,
    appdescription: 'Zonnepanelen, thuisbatterijen en laadpalen in Noord-Nederland',
    subscription: 'Compleet',
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
    subscription: 'Basis',
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
export async function loadDemoData(db: Database, logger: Logger, storage: FileStorage): Promise<void> {
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
  // Platform data is logged under the main company, as when a platform admin creates it.
  await db.platform(
    async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext('installatiemanager:demo'))`);
      const typeIds = new Map<string, number>();
      for (const type of DEMO_SUBSCRIPTION_TYPES)
        typeIds.set(type.name, await ensureSubscriptionType(tx, type));
      for (const demo of DEMO_COMPANIES) {
        const typeId = typeIds.get(demo.subscription)!;
        const [target] = await tx.select({ id: company.id }).from(company).where(eq(company.name, demo.name));
        if (!target) continue;
        const existing = await tx
          .select({ id: subscription.id })
          .from(subscription)
          .where(and(eq(subscription.companyId, target.id), eq(subscription.subscriptionTypeId, typeId)));
        if (existing.length > 0) continue;
        await createSubscription(tx, {
          company_id: target.id,
          subscription_type_id: typeId,
          start_date: '2026-01-01',
          end_date: null,
        });
        logger.info({ company: demo.name, subscription: demo.subscription }, 'demo subscription loaded');
      }
      const notice = await tx
        .select({ id: systemNotification.id })
        .from(systemNotification)
        .where(eq(systemNotification.content, DEMO_SYSTEM_NOTIFICATION.content));
      if (notice.length === 0) {
        await createSystemNotification(tx, { ...DEMO_SYSTEM_NOTIFICATION, active: true });
      }
    },
    { companyId: MAIN_COMPANY_ID },
  );
  await loadCrmDemoData(db, logger);
  await loadProductDemoData(db, logger);
  await loadPlanningDemoData(db, logger);
  await loadCommunicationDemoData(db, logger);
  await loadIncidentsDemoData(db, logger);
  await loadDocumentsDemoData(db, storage, logger);
  await loadInvoicesDemoData(db, storage, logger);
  await loadFormsDemoData(db, storage, logger);
  await loadTaskContextsDemoData(db, logger);
  await loadCustomerDemoData(db, logger);
  await loadWebsitesDemoData(db, logger);
  await loadWebhooksDemoData(db, logger);
  await loadWorkflowDemoData(db, logger);
  await loadPartnersDemoData(db, logger, DEMO_PASSWORD);
  await loadLibraryDemoData(db, logger);
  await loadPartnerProjectsDemoData(db, logger);
  // A bulk load into fresh tables: give the planner its statistics now, as autovacuum would a minute
  // later. Until then it guesses, and on tables this small it guesses a sequential scan per joined row
  // (measured on the relation overview: a third more database time per page).
  await db.pool.query('analyze');
}

async function ensureSubscriptionType(
  tx: Tx,
  type: (typeof DEMO_SUBSCRIPTION_TYPES)[number],
): Promise<number> {
  const [found] = await tx
    .select({ id: subscriptionType.id })
    .from(subscriptionType)
    .where(sql`lower(${subscriptionType.name}) = ${type.name.toLowerCase()}`);
  if (found) return found.id;
  const id = await createSubscriptionType(tx, { name: type.name, description: type.description });
  const modules = await tx
    .select({ id: module.id })
    .from(module)
    .where(inArray(module.tag, [...type.modules]));
  await tx
    .insert(subscriptionTypeModule)
    .values(modules.map((m) => ({ subscriptionTypeId: id, moduleId: m.id })))
    .onConflictDoNothing();
  return id;
}
