import type { Lead, UpdateLeadRequest } from '@im/domain';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../platform/db/database';
import { lead } from '../../platform/db/tables/flows.schema';
import { notFound } from '../../platform/errors';
import { writeLog } from '../../platform/events/write-log';
import { FLOW_NOT_FOUND, findFlow, lockFlow } from './flow-access';
import { loadLead } from './flow-dto';

const HOUR_MS = 3_600_000;

/** '2026-11-21' is that day at 00:00 in Europe/Amsterdam; a date-time needs its offset. */
function toDate(value: string): Date {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return new Date(value);
  const utcMidnight = Date.parse(`${value}T00:00:00Z`);
  // The offset at that moment (+01:00 or +02:00), found by formatting; shift back by it.
  const probe = new Date(utcMidnight).toLocaleString('en-US', {
    timeZone: 'Europe/Amsterdam',
    hour12: false,
  });
  const localHour = Number(/, (\d{2}):/.exec(probe)?.[1] ?? 0) % 24;
  return new Date(utcMidnight - localHour * HOUR_MS);
}

const COLUMNS = {
  date_lead: 'dateLead',
  date_intake: 'dateIntake',
  date_quotation: 'dateQuotation',
  date_confirmation: 'dateConfirmation',
  date_project: 'dateProject',
  date_project_start: 'dateProjectStart',
  date_invoice: 'dateInvoice',
  date_aftercare: 'dateAftercare',
  date_archived: 'dateArchived',
} as const satisfies Record<keyof UpdateLeadRequest, keyof typeof lead.$inferInsert>;

/** The lead dates of a flow (live or trashed) of the company. */
export async function getLead(tx: Tx, flowId: number): Promise<Lead> {
  if (!(await findFlow(tx, flowId))) throw notFound(FLOW_NOT_FOUND);
  return loadLead(tx, flowId);
}

/** Corrects lead dates of a live flow (the lead edit modal); null clears a date. */
export async function updateLead(tx: Tx, flowId: number, input: UpdateLeadRequest): Promise<Lead> {
  const row = await lockFlow(tx, flowId);
  const set: Partial<typeof lead.$inferInsert> = {};
  for (const [field, column] of Object.entries(COLUMNS) as [keyof UpdateLeadRequest, keyof typeof set][]) {
    const value = input[field];
    if (value === undefined) continue;
    (set as Record<string, Date | null>)[column] = value === null ? null : toDate(value);
  }
  if (Object.keys(set).length > 0) {
    const updated = await tx
      .update(lead)
      .set({ ...set, updatedAt: new Date() })
      .where(eq(lead.flowId, flowId))
      .returning({ id: lead.id });
    if (updated.length === 0) await tx.insert(lead).values({ flowId, ...set });
    await writeLog(tx, {
      type: 'flow',
      id: flowId,
      action: 'update',
      description: `Leaddatums van dossier ${row.number} gewijzigd`,
      changes: Object.fromEntries(Object.keys(input).map((k) => [k, input[k as keyof UpdateLeadRequest]])),
    });
  }
  return loadLead(tx, flowId);
}
