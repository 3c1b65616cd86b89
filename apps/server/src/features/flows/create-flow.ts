import { randomBytes } from 'node:crypto';
import { type FlowStatus, stageOf } from '@im/domain';
import { asc, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/database';
import { companySettings } from '../../platform/db/tables/companies.schema';
import { flowPhase } from '../../platform/db/tables/flowphases.schema';
import { flow, lead } from '../../platform/db/tables/flows.schema';
import { writeLog } from '../../platform/events/write-log';
import { refreshFlowSearchText } from './flow-search-text';

/** 128 random bits, URL-safe: the only credential of the customer's flow page. */
export function newFlowHash(): string {
  return randomBytes(16).toString('base64url');
}

/**
 * The company's next running number of a kind (flow, quotation, ...), gap-free within a transaction.
 * The counter row stays locked until commit, so flows get their numbers in id order: the overview
 * sorts by number along the id index (flow-filters.ts).
 */
export async function nextCompanyNumber(tx: Tx, name: string): Promise<number> {
  const rows = await tx.execute<{ value: number }>(sql`
    insert into company_counter (name, value) values (${name}, 1)
    on conflict (company_id, name) do update set value = company_counter.value + 1
    returning value`);
  return rows.rows[0]!.value;
}

/** The first phase of a stage, the phase a flow gets when it enters that stage. */
export async function firstPhaseOf(tx: Tx, status: FlowStatus): Promise<number | null> {
  const stage = stageOf(status);
  if (!stage) return null;
  const [phase] = await tx
    .select({ id: flowPhase.id })
    .from(flowPhase)
    .where(eq(flowPhase.flowstage, stage))
    .orderBy(asc(flowPhase.order), asc(flowPhase.id))
    .limit(1);
  return phase?.id ?? null;
}

export interface NewFlow {
  relationId: number;
  description?: string;
  flowprofileId?: number | null;
  leadSource?: string;
  userId?: number | null;
  officeUserId?: number | null;
  projectUserId?: number | null;
  locationId?: number | null;
  flowStatus?: FlowStatus;
  tags?: string[];
  type?: string;
  /** The website whose posted form created the flow (its event fires the website trigger). */
  websiteId?: number | null;
}

/**
 * Creates a flow for a relation in the transaction's company: next number, fresh hash, the
 * standard request profile unless one is given, the stage's first phase, its lead dates and a log item.
 */
export async function createFlow(tx: Tx, input: NewFlow): Promise<typeof flow.$inferSelect> {
  const status = input.flowStatus ?? 'new';
  let flowprofileId = input.flowprofileId ?? null;
  if (!flowprofileId) {
    const [settings] = await tx
      .select({ id: companySettings.standardFlowprofileId })
      .from(companySettings)
      .limit(1);
    flowprofileId = settings?.id ?? null;
  }
  const number = await nextCompanyNumber(tx, 'flow');
  const [created] = await tx
    .insert(flow)
    .values({
      hash: newFlowHash(),
      number,
      description: input.description ?? '',
      flowStatus: status,
      flowPhaseId: await firstPhaseOf(tx, status),
      userId: input.userId ?? null,
      officeUserId: input.officeUserId ?? null,
      projectUserId: input.projectUserId ?? null,
      relationId: input.relationId,
      locationId: input.locationId ?? null,
      leadSource: input.leadSource ?? 'Eigen website',
      flowprofileId,
      tags: input.tags ?? [],
      type: input.type ?? '',
    })
    .returning();
  const now = new Date();
  await tx.insert(lead).values({ flowId: created!.id, dateLead: now, ...leadDateFor(status, now) });
  await refreshFlowSearchText(tx, { flowIds: [created!.id] });
  await writeLog(tx, {
    type: 'flow',
    id: created!.id,
    action: 'create',
    description: `Dossier ${number} aangemaakt${input.websiteId ? ' via een websiteformulier' : ''}`,
    ...(input.websiteId ? { changes: { website_id: input.websiteId } } : {}),
  });
  return created!;
}

/** The lead-date column a status sets when a flow first reaches it. */
export function leadDateFor(status: FlowStatus, at: Date): Partial<typeof lead.$inferInsert> {
  switch (stageOf(status) ?? status) {
    case 'intake':
      return { dateIntake: at };
    case 'quotation':
      return { dateQuotation: at };
    case 'confirmation':
      return { dateConfirmation: at };
    case 'project':
      return { dateProject: at };
    case 'invoice':
      return { dateInvoice: at };
    case 'aftercare':
      return { dateAftercare: at };
    case 'completed':
    case 'cancelled':
      return { dateArchived: at };
    default:
      return {};
  }
}
