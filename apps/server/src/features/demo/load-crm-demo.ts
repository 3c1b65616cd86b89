import { DEFAULT_CANCEL_REASONS, DEFAULT_FLOW_PHASES, type FlowStatus, stageOf } from '@im/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../platform/db/database';
import { company } from '../../platform/db/tables/companies.schema';
import { flowPhase } from '../../platform/db/tables/flowphases.schema';
import { flow, lead } from '../../platform/db/tables/flows.schema';
import { relation } from '../../platform/db/tables/relations.schema';
import type { Logger } from '../../platform/logger';
import { createFlow } from '../flows';
import { createLocation } from '../locations';
import { createOrganization } from '../organizations';
import { createRelation } from '../relations';
import { findUserByEmail } from '../users';
import { CRM_DEMO, type DemoAddress, type DemoCrmCompany, type DemoFlow } from './crm-demo-data';

const DAY = 24 * 3600 * 1000;

/** The phase a demo flow sits in: a realistic sub-status of its stage (spec 001 section 4). */
const PHASE_OF: Partial<Record<FlowStatus, string>> = {
  unread: 'Ongelezen',
  new: 'Eerste contact maken',
  intake: 'Opname ingepland',
  quotation: 'Offerte verstuurd',
  confirmation: 'opdrachtbevestiging verstuurd',
  project: 'Werkzaamheden ingepland',
  invoice: 'Factuur verstuurd',
  aftercare: 'Klanttevredenheid onderzoek sturen',
};

/** Statuses in order; a flow has passed every stage before its own (cancelled stops after intake here). */
const REACHED = ['intake', 'quotation', 'confirmation', 'project', 'invoice', 'aftercare'] as const;
const LEAD_DATE_COLUMNS = {
  intake: 'dateIntake',
  quotation: 'dateQuotation',
  confirmation: 'dateConfirmation',
  project: 'dateProject',
  invoice: 'dateInvoice',
  aftercare: 'dateAftercare',
} as const;
/** Days after the lead that each stage was reached, for the lead dates. */
const DAYS_AFTER_LEAD = {
  intake: 4,
  quotation: 10,
  confirmation: 18,
  project: 25,
  invoice: 45,
  aftercare: 60,
};

function stageIndex(status: FlowStatus): number {
  if (status === 'completed') return REACHED.length;
  if (status === 'cancelled') return 1;
  return (REACHED as readonly string[]).indexOf(status) + 1;
}

const location = (at: DemoAddress) => ({
  address: at.address,
  number: at.number,
  number_addition: at.numberAddition,
  postcode: at.postcode,
  city: at.city,
  lat: at.lat,
  lng: at.lng,
});

/** Moves a freshly created flow to its demo status, phase, dates and users. */
async function placeFlow(
  tx: Tx,
  flowId: number,
  demo: DemoFlow,
  users: { sales: number | null; office: number | null; project: number | null },
): Promise<void> {
  const leadAt = new Date(Date.now() - demo.daysAgo * DAY - (flowId % 9) * 3600 * 1000);
  const reached = stageIndex(demo.status);
  const dates: Partial<typeof lead.$inferInsert> = { dateLead: leadAt };
  let lastAt = leadAt;
  for (const [i, stage] of REACHED.entries()) {
    if (i >= reached) break;
    const at = new Date(Math.min(leadAt.getTime() + DAYS_AFTER_LEAD[stage] * DAY, Date.now() - DAY));
    dates[LEAD_DATE_COLUMNS[stage]] = at;
    lastAt = at;
  }
  if (reached >= REACHED.indexOf('project') + 1)
    dates.dateProjectStart = new Date(lastAt.getTime() + 3 * DAY);
  if (demo.status === 'completed' || demo.status === 'cancelled')
    dates.dateArchived = new Date(Math.min(lastAt.getTime() + 14 * DAY, Date.now()));
  const stage = stageOf(demo.status);
  const phaseName = PHASE_OF[demo.status];
  const [phase] =
    stage && phaseName && DEFAULT_FLOW_PHASES[stage].includes(phaseName)
      ? await tx
          .select({ id: flowPhase.id })
          .from(flowPhase)
          .where(and(eq(flowPhase.flowstage, stage), eq(flowPhase.description, phaseName)))
          .limit(1)
      : [];
  const inProject = ['project', 'invoice', 'aftercare', 'completed'].includes(demo.status);
  await tx
    .update(flow)
    .set({
      flowStatus: demo.status,
      flowPhaseId: phase?.id ?? null,
      userId: users.sales,
      officeUserId: reached >= 2 ? users.office : null,
      projectUserId: inProject ? users.project : null,
      tags: demo.tags ?? [],
      cancelReason:
        demo.status === 'cancelled' ? DEFAULT_CANCEL_REASONS[flowId % DEFAULT_CANCEL_REASONS.length]! : null,
      createdAt: leadAt,
      updatedAt: dates.dateArchived ?? lastAt,
      flowstageStartAt: lastAt,
    })
    .where(eq(flow.id, flowId));
  await tx.update(lead).set(dates).where(eq(lead.flowId, flowId));
}

async function loadCompany(tx: Tx, demo: DemoCrmCompany, logger: Logger): Promise<void> {
  const userId = async (email: string | undefined) =>
    email ? ((await findUserByEmail(tx, email))?.id ?? null) : null;
  const sales = await userId(demo.salesUser);
  const office = await userId(demo.officeUser);
  const projectUsers: number[] = [];
  for (const email of demo.projectUsers) {
    const id = await userId(email);
    if (id) projectUsers.push(id);
  }
  let flows = 0;
  let n = 0;
  const addFlows = async (relationId: number, firstFlowId: number | null, list: DemoFlow[]) => {
    for (const [i, f] of list.entries()) {
      const id =
        i === 0 && firstFlowId
          ? firstFlowId
          : (await createFlow(tx, { relationId, description: f.description, leadSource: f.leadSource })).id;
      await placeFlow(tx, id, f, {
        sales,
        office,
        project: projectUsers[n++ % Math.max(1, projectUsers.length)] ?? null,
      });
      flows++;
    }
  };
  for (const r of demo.relations) {
    const created = await createRelation(
      tx,
      {
        fullname: r.fullname,
        email: r.email,
        phone: r.phone,
        lead_source: r.leadSource,
        location: location(r.at),
        createnewflow: r.flows.length > 0,
        flow_description: r.flows[0]?.description,
      },
      { lat: r.at.lat, lng: r.at.lng },
    );
    await addFlows(created.id, created.flowId, r.flows);
  }
  for (const o of demo.organizations) {
    const orgId = await createOrganization(
      tx,
      {
        name: o.name,
        email: o.email,
        phone: o.phone,
        coc_number: o.cocNumber,
        location: location(o.at),
        relation: { fullname: o.contact.fullname, email: o.contact.email, phone: o.contact.phone },
        createnewflow: o.contact.flows.length > 0,
        flow_description: o.contact.flows[0]?.description,
      },
      { lat: o.at.lat, lng: o.at.lng },
    );
    const [contact] = await tx
      .select({ id: relation.id })
      .from(relation)
      .where(eq(relation.organizationId, orgId))
      .limit(1);
    // The contact person works at the organization's address.
    await createLocation(
      tx,
      { relationId: contact!.id },
      { ...location(o.at), description: 'Werkadres' },
      {
        lat: o.at.lat,
        lng: o.at.lng,
      },
    );
    const [firstFlow] = await tx
      .select({ id: flow.id })
      .from(flow)
      .where(eq(flow.relationId, contact!.id))
      .limit(1);
    await addFlows(contact!.id, firstFlow?.id ?? null, o.contact.flows);
  }
  // A relation is as old as its first lead.
  await tx.execute(sql`
    update ${relation} r set created_at = f.first, updated_at = greatest(f.last, f.first)
    from (select relation_id, min(created_at) as first, max(updated_at) as last from ${flow} group by relation_id) f
    where f.relation_id = r.id`);
  logger.info(
    { company: demo.company, relations: demo.relations.length + demo.organizations.length, flows },
    'demo CRM data loaded',
  );
}

/**
 * Relations, organizations with contact persons, locations and flows in every status for the demo
 * companies (README "Demo data"). A company that already has relations is left alone, so loading
 * twice changes nothing.
 */
export async function loadCrmDemoData(db: Database, logger: Logger): Promise<void> {
  for (const demo of CRM_DEMO) {
    const [target] = await db.platform((tx) =>
      tx.select({ id: company.id }).from(company).where(eq(company.name, demo.company)),
    );
    if (!target) continue;
    const user = await db.platform((tx) => findUserByEmail(tx, demo.enteredBy));
    await db.tenant({ companyId: target.id, userId: user?.id ?? null }, async (tx) => {
      await tx.execute(
        sql`select pg_advisory_xact_lock(hashtext('installatiemanager:crm-demo'), ${target.id})`,
      );
      const [existing] = await tx.select({ id: relation.id }).from(relation).limit(1);
      if (existing) return;
      await loadCompany(tx, demo, logger);
    });
  }
}
