import type { IncidentAction } from '@im/domain';
import { and, asc, desc, eq, isNull, notInArray, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../platform/db/database';
import { company } from '../../platform/db/tables/companies.schema';
import { flow } from '../../platform/db/tables/flows.schema';
import { incident, incidentType } from '../../platform/db/tables/incidents.schema';
import { user } from '../../platform/db/tables/users.schema';
import type { Logger } from '../../platform/logger';
import {
  changeIncidentStatus,
  createIncident,
  createIncidentType,
  reportIncidentByCustomer,
} from '../incidents';
import { findUserByEmail } from '../users';
import { CRM_DEMO } from './crm-demo-data';

/** The two demo types: malfunctions stay visible to the customer for a year, complaints for six months. */
const TYPES = [
  { name: 'Storing', showable_months: 12 },
  { name: 'Klacht', showable_months: 6 },
] as const;

type DemoIncident = {
  type: (typeof TYPES)[number]['name'];
  content: string;
  response?: string;
  remarks?: string;
  classification?: string;
  /** Status changes in order, from open. */
  steps: IncidentAction[];
  /** Handler: an index into the company's staff, or none. */
  user: number | null;
  /** Reported by the customer through the dossier link. */
  byCustomer?: boolean;
  /** Resolved this many days ago (moves resolved_at and created_at back). */
  resolvedDaysAgo?: number;
};

const INCIDENTS: DemoIncident[] = [
  {
    type: 'Storing',
    content: 'Omvormer geeft de foutmelding "Grid fault" en levert sinds gisteren niets meer op.',
    steps: [],
    user: 0,
  },
  {
    type: 'Storing',
    content: 'Monitoring-app toont al drie dagen geen opbrengst, terwijl de panelen in de zon liggen.',
    steps: [],
    user: null,
    byCustomer: true,
  },
  {
    type: 'Klacht',
    content: 'Na de montage liggen er gebroken dakpannen aan de noordzijde van het dak.',
    response: 'Dakdekker is ingeschakeld en komt volgende week de pannen vervangen.',
    classification: 'Schade',
    steps: ['markongoing'],
    user: 1,
  },
  {
    type: 'Storing',
    content: 'Warmtepomp slaat ’s nachts af met foutcode E07; het huis koelt af tot 16 graden.',
    response: 'Monteur ingepland; klant tijdelijk geholpen met de noodstand.',
    remarks: 'Mogelijk defecte druksensor, onderdeel besteld bij de leverancier.',
    classification: 'Urgent',
    steps: ['markongoing'],
    user: 2,
  },
  {
    type: 'Klacht',
    content: 'De monteurs hebben de oprit niet schoon achtergelaten: schroeven en verpakkingsmateriaal.',
    response: 'Excuses aangeboden; de oprit is dezelfde middag schoongemaakt.',
    steps: ['resolve'],
    user: 0,
    resolvedDaysAgo: 12,
  },
  {
    type: 'Storing',
    content: 'Lekkage bij de doorvoer van de koelleidingen naar de buitenunit.',
    response: 'Doorvoer opnieuw afgekit en gecontroleerd op lekkage.',
    classification: 'Garantie',
    steps: ['resolve'],
    user: 1,
    resolvedDaysAgo: 40,
  },
  {
    type: 'Klacht',
    content: 'Buitenunit maakt meer geluid dan in de offerte was afgesproken.',
    response: 'Geluidsmeting gedaan: binnen de norm. Trillingsdempers extra geplaatst.',
    steps: ['markongoing', 'resolve', 'reopen'],
    user: 2,
  },
  {
    type: 'Storing',
    content: 'Thermostaat reageert niet meer na de software-update van de fabrikant.',
    response: 'Thermostaat opnieuw gekoppeld aan de warmtepomp.',
    steps: ['resolve'],
    user: null,
    // Longer ago than the type's 12 months: no longer shown to the customer.
    resolvedDaysAgo: 400,
  },
];

/** Through the model function the customer pages call; answers the new incident's id. */
async function reportedByCustomer(tx: Tx, flowId: number, typeId: number, content: string): Promise<number> {
  const reported = await reportIncidentByCustomer(tx, flowId, { incident_type_id: typeId, content });
  const [row] = await tx.select({ id: incident.id }).from(incident).where(eq(incident.hash, reported.hash));
  return row!.id;
}

async function loadCompany(tx: Tx, callerId: number, logger: Logger): Promise<void> {
  const staff = await tx
    .select({ id: user.id })
    .from(user)
    .where(and(isNull(user.deletedAt), notInArray(user.userType, ['partner', 'dummy'])))
    .orderBy(asc(user.id));
  const flows = await tx
    .select({ id: flow.id })
    .from(flow)
    .where(and(isNull(flow.deletedAt), isNull(flow.mergedIntoFlowId), sql`${flow.flowStatus} <> 'cancelled'`))
    .orderBy(desc(flow.id))
    .limit(INCIDENTS.length);
  if (flows.length === 0 || staff.length === 0) return;
  const caller = { userId: callerId, role: 1000 };
  const types = new Map<string, number>();
  for (const type of TYPES) types.set(type.name, await createIncidentType(tx, type));

  for (const [i, demo] of INCIDENTS.entries()) {
    const flowId = flows[i % flows.length]!.id;
    const typeId = types.get(demo.type)!;
    const id = demo.byCustomer
      ? await reportedByCustomer(tx, flowId, typeId, demo.content)
      : await createIncident(
          tx,
          {
            flow_id: flowId,
            incident_type_id: typeId,
            content: demo.content,
            response: demo.response,
            remarks: demo.remarks,
            classification: demo.classification,
            user_id: demo.user === null ? 0 : staff[demo.user % staff.length]!.id,
          },
          caller,
        );
    for (const step of demo.steps) await changeIncidentStatus(tx, id, step);
    if (demo.resolvedDaysAgo !== undefined) {
      const days = demo.resolvedDaysAgo;
      await tx
        .update(incident)
        .set({
          resolvedAt: sql`now() - make_interval(days => ${days})`,
          createdAt: sql`now() - make_interval(days => ${days + 3})`,
          updatedAt: sql`now() - make_interval(days => ${days})`,
        })
        .where(eq(incident.id, id));
    }
  }
  logger.info({ types: TYPES.length, incidents: INCIDENTS.length }, 'demo incidents loaded');
}

/**
 * Incident types 'Storing' and 'Klacht' and incidents in every status (one reported by the customer,
 * one resolved longer ago than its type shows) on the demo companies' flows. A company that already
 * has incident types is left alone, so loading twice changes nothing.
 */
export async function loadIncidentsDemoData(db: Database, logger: Logger): Promise<void> {
  for (const demo of CRM_DEMO) {
    const [target] = await db.platform((tx) =>
      tx.select({ id: company.id }).from(company).where(eq(company.name, demo.company)),
    );
    if (!target) continue;
    const entered = await db.platform((tx) => findUserByEmail(tx, demo.enteredBy));
    if (!entered) continue;
    await db.tenant({ companyId: target.id, userId: entered.id }, async (tx) => {
      await tx.execute(
        sql`select pg_advisory_xact_lock(hashtext('installatiemanager:incidents-demo'), ${target.id})`,
      );
      const [existing] = await tx.select({ id: incidentType.id }).from(incidentType).limit(1);
      if (existing) return;
      await loadCompany(tx, entered.id, logger);
    });
  }
}
