// Delayed rules: planning, cancelling (by tags, by a rule's change or deletion, by staff) and the
// flow's list. A date rule is planned from the flow's lead date; its `event_id` holds `date:<moment>`
// so one date plans it once, however many events touch the flow.
import { actionLabel, type DelayedRule, type LeadDateField, triggerDefinition } from '@im/domain';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/database';
import { lead } from '../../platform/db/tables/flows.schema';
import { delayedRule, eventTriggerRule, ruleRun } from '../../platform/db/tables/workflow.schema';

type RuleRow = typeof eventTriggerRule.$inferSelect;

/** The lead-date column of a date trigger (names are the columns' own). */
const dateColumn = (field: LeadDateField) => sql.identifier(field);

const delayOf = (rule: RuleRow) => (rule.isDelayed ? rule.delaytime : 0);

/** Marks pending runs cancelled with a reason and logs each in the why log. */
async function cancelWhere(tx: Tx, where: ReturnType<typeof and>, reason: string): Promise<number> {
  const cancelled = await tx
    .update(delayedRule)
    .set({ status: 'cancelled', reason, finishedAt: new Date() })
    .where(and(eq(delayedRule.status, 'pending'), where))
    .returning();
  if (!cancelled.length) return 0;
  const rules = await tx
    .select({
      id: eventTriggerRule.id,
      description: eventTriggerRule.description,
      type: eventTriggerRule.type,
    })
    .from(eventTriggerRule)
    .where(
      inArray(
        eventTriggerRule.id,
        cancelled.map((c) => c.ruleId ?? 0),
      ),
    );
  await tx
    .insert(ruleRun)
    .values(
      cancelled.map((c) => {
        const rule = rules.find((r) => r.id === c.ruleId);
        return {
          ruleId: c.ruleId,
          ruleDescription: rule?.description ?? '',
          ruleType: rule?.type ?? '',
          flowId: c.flowId,
          trigger: c.trigger,
          runKey: `c${c.id}`,
          delayedRuleId: c.id,
          outcome: 'cancelled',
          reason,
        };
      }),
    )
    .onConflictDoNothing();
  return cancelled.length;
}

export function cancelPendingOfRule(tx: Tx, ruleId: number, reason: string): Promise<number> {
  return cancelWhere(tx, eq(delayedRule.ruleId, ruleId), reason);
}

export function cancelPendingOfFlow(tx: Tx, flowId: number, reason: string): Promise<number> {
  return cancelWhere(tx, eq(delayedRule.flowId, flowId), reason);
}

/** Pending runs of the flow whose rule names one of the arriving tags among its cancel tags. */
export async function cancelByTags(tx: Tx, flowId: number, added: string[]): Promise<number> {
  if (!added.length) return 0;
  const lower = added.map((t) => t.toLowerCase());
  const hits = await tx.execute<{ id: number; tag: string }>(sql`
    select d.id, t.tag from delayed_rule d
    join event_trigger_rule r on r.id = d.rule_id
    cross join lateral (select trim(x) as tag from unnest(string_to_array(r.cancel_tags, ',')) x) t
    where d.flow_id = ${flowId} and d.status = 'pending'
      and lower(t.tag) in (select jsonb_array_elements_text(${JSON.stringify(lower)}::jsonb))`);
  let n = 0;
  const byTag = new Map<string, { id: number }[]>();
  for (const hit of hits.rows) byTag.set(hit.tag, [...(byTag.get(hit.tag) ?? []), hit]);
  for (const [tag, ids] of byTag) {
    n += await cancelWhere(
      tx,
      inArray(
        delayedRule.id,
        ids.map((i) => i.id),
      ),
      `Geannuleerd door de tag '${tag}'.`,
    );
  }
  return n;
}

/** Plans a rule's run on a flow for a moment (an event-triggered delay). */
export async function scheduleRule(
  tx: Tx,
  input: {
    rule: RuleRow;
    flowId: number;
    trigger: string;
    eventId: string | null;
    depth: number;
    dueAt: Date;
  },
): Promise<number> {
  const [row] = await tx
    .insert(delayedRule)
    .values({
      ruleId: input.rule.id,
      flowId: input.flowId,
      trigger: input.trigger,
      eventId: input.eventId,
      depth: input.depth,
      dueAt: input.dueAt,
    })
    .returning({ id: delayedRule.id });
  return row!.id;
}

/**
 * Brings a flow's date rules in line with its lead dates: a rule is planned at date + delay (negative:
 * before); a date in the past plans nothing unless the rule starts from now, then it runs at once. A
 * changed date cancels the run planned for the old one; an emptied date cancels it.
 */
export async function planDateRulesForFlow(tx: Tx, flowId: number, rules: RuleRow[], now = new Date()) {
  const dateRules = rules.filter((r) => triggerDefinition(r.eventTriggerTag)?.leadDate);
  if (!dateRules.length) return;
  const [dates] = await tx.select().from(lead).where(eq(lead.flowId, flowId));
  const planned = await tx
    .select({
      id: delayedRule.id,
      ruleId: delayedRule.ruleId,
      eventId: delayedRule.eventId,
      status: delayedRule.status,
    })
    .from(delayedRule)
    .where(
      and(
        eq(delayedRule.flowId, flowId),
        inArray(
          delayedRule.ruleId,
          dateRules.map((r) => r.id),
        ),
      ),
    );
  for (const rule of dateRules) {
    const field = triggerDefinition(rule.eventTriggerTag)!.leadDate!;
    const camel = field.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase()) as keyof typeof dates;
    const date = (dates?.[camel] as Date | null | undefined) ?? null;
    const basis = date ? `date:${date.toISOString()}` : null;
    const existing = planned.filter((p) => p.ruleId === rule.id);
    if (basis && existing.some((e) => e.eventId === basis)) continue;
    const stale = existing.filter((e) => e.status === 'pending').map((e) => e.id);
    if (stale.length)
      await cancelWhere(
        tx,
        inArray(delayedRule.id, stale),
        date ? 'Geannuleerd: de datum is gewijzigd.' : 'Geannuleerd: de datum is leeggemaakt.',
      );
    if (!date || !basis) continue;
    let due = new Date(date.getTime() + delayOf(rule) * 60_000);
    if (due < now) {
      if (!rule.startfromnow) continue;
      due = now;
    }
    await scheduleRule(tx, {
      rule,
      flowId,
      trigger: rule.eventTriggerTag,
      eventId: basis,
      depth: 0,
      dueAt: due,
    });
  }
}

/**
 * A new or changed date rule is planned for the live flows whose moment is still to come (set-based;
 * past moments are not caught up, also with startfromnow: that would fire on every old flow at once).
 */
export async function planDateRuleForExistingFlows(tx: Tx, rule: RuleRow): Promise<void> {
  const field = triggerDefinition(rule.eventTriggerTag)?.leadDate;
  if (!field) return;
  const col = dateColumn(field);
  await tx.execute(sql`
    insert into delayed_rule (rule_id, flow_id, trigger, event_id, depth, due_at)
    select ${rule.id}, l.flow_id, ${rule.eventTriggerTag}, 'date:' || to_char(l.${col} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
           0, l.${col} + make_interval(mins => ${delayOf(rule)})
    from lead l join flow f on f.id = l.flow_id
    where f.deleted_at is null and l.${col} is not null
      and l.${col} + make_interval(mins => ${delayOf(rule)}) > now()`);
}

export async function listDelayedRules(tx: Tx, flowId: number): Promise<DelayedRule[]> {
  const rows = await tx
    .select({
      d: delayedRule,
      description: eventTriggerRule.description,
      type: eventTriggerRule.type,
    })
    .from(delayedRule)
    .leftJoin(eventTriggerRule, eq(eventTriggerRule.id, delayedRule.ruleId))
    .where(eq(delayedRule.flowId, flowId))
    .orderBy(desc(delayedRule.dueAt))
    .limit(200);
  return rows
    .map(({ d, description, type }) => ({
      id: d.id,
      rule_id: d.ruleId,
      rule_description: description || (type ? actionLabel(type) : 'Verwijderde regel'),
      type_label: type ? actionLabel(type) : '',
      event_trigger_description: triggerDefinition(d.trigger)?.description ?? d.trigger,
      flow_id: d.flowId,
      due_at: d.dueAt.toISOString(),
      status: d.status as DelayedRule['status'],
      reason: d.reason,
      created_at: d.createdAt.toISOString(),
    }))
    .sort(
      (a, b) =>
        Number(b.status === 'pending') - Number(a.status === 'pending') || a.due_at.localeCompare(b.due_at),
    );
}

export async function loadDelayedRule(tx: Tx, id: number) {
  const [row] = await tx.select().from(delayedRule).where(eq(delayedRule.id, id));
  return row ?? null;
}
