// Event triggers as records: seeded from the domain's list at start-up (new tags added, edited
// descriptions kept), read by every company, edited by the platform administrator.
import { EVENT_TRIGGERS, type EventTrigger, type UpdateEventTrigger } from '@im/domain';
import { asc, eq, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../platform/db/database';
import { eventTrigger } from '../../platform/db/tables/workflow.schema';
import { writeLog } from '../../platform/events/write-log';

export async function seedEventTriggers(db: Database): Promise<void> {
  await db.platform((tx) =>
    tx
      .insert(eventTrigger)
      .values(
        EVENT_TRIGGERS.map((t) => ({
          tag: t.tag,
          description: t.description,
          flowstage: t.flowstage,
          hasDocument: t.hasDocument,
          hasTask: t.hasTask,
          leadDate: t.leadDate ?? null,
        })),
      )
      .onConflictDoNothing({ target: eventTrigger.tag }),
  );
}

type TriggerRow = typeof eventTrigger.$inferSelect;

function toDto(row: TriggerRow, rulesCount: number): EventTrigger {
  return {
    id: row.id,
    tag: row.tag,
    description: row.description,
    flowstage: row.flowstage as EventTrigger['flowstage'],
    hasDocument: row.hasDocument,
    hasTask: row.hasTask,
    lead_date: row.leadDate,
    rules_count: rulesCount,
  };
}

/** Every trigger the engine knows, with the number of the caller's company's rules on it. */
export async function listEventTriggers(tx: Tx): Promise<EventTrigger[]> {
  const known = new Set(EVENT_TRIGGERS.map((t) => t.tag));
  const rows = await tx.select().from(eventTrigger).orderBy(asc(eventTrigger.id));
  const counts = await tx.execute<{ tag: string; n: number }>(
    sql`select event_trigger_tag as tag, count(*)::int as n from event_trigger_rule group by 1`,
  );
  return rows
    .filter((r) => known.has(r.tag))
    .map((r) => toDto(r, counts.rows.find((c) => c.tag === r.tag)?.n ?? 0));
}

export async function loadEventTrigger(tx: Tx, id: number): Promise<EventTrigger | null> {
  const list = await listEventTriggers(tx);
  return list.find((t) => t.id === id) ?? null;
}

/** The trigger descriptions and stages as stored (the platform administrator may have edited them). */
export async function triggerInfo(tx: Tx): Promise<Map<string, { description: string; flowstage: string }>> {
  const rows = await tx
    .select({
      tag: eventTrigger.tag,
      description: eventTrigger.description,
      flowstage: eventTrigger.flowstage,
    })
    .from(eventTrigger);
  return new Map(rows.map((r) => [r.tag, r]));
}

export async function updateEventTrigger(tx: Tx, id: number, input: UpdateEventTrigger): Promise<boolean> {
  const [row] = await tx
    .update(eventTrigger)
    .set({ ...input, updatedAt: new Date() })
    .where(eq(eventTrigger.id, id))
    .returning();
  if (!row) return false;
  await writeLog(tx, {
    type: 'eventtrigger',
    id,
    action: 'update',
    description: `Trigger ${row.tag} gewijzigd`,
    changes: input,
  });
  return true;
}
