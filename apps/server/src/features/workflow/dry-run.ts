// The dry run: which of the company's rules would run on a flow if their trigger happened now, and why.
import {
  actionLabel,
  type DryRunResult,
  evaluateConditions,
  formatDateTimeNl,
  formatDelay,
  triggerDefinition,
} from '@im/domain';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Tx } from '../../platform/db/database';
import { flow, lead } from '../../platform/db/tables/flows.schema';
import { eventTriggerRule } from '../../platform/db/tables/workflow.schema';
import { triggerInfo } from './event-triggers';
import { loadFacts } from './facts';

export async function dryRun(tx: Tx, flowId: number, tag?: string): Promise<DryRunResult | null> {
  const [f] = await tx
    .select()
    .from(flow)
    .where(and(eq(flow.id, flowId), isNull(flow.deletedAt)));
  if (!f) return null;
  const rules = await tx
    .select()
    .from(eventTriggerRule)
    .where(tag ? eq(eventTriggerRule.eventTriggerTag, tag) : undefined)
    .orderBy(asc(eventTriggerRule.eventTriggerTag), asc(eventTriggerRule.id));
  const [dates] = await tx.select().from(lead).where(eq(lead.flowId, flowId));
  const triggers = await triggerInfo(tx);
  const now = new Date();
  const out: DryRunResult = [];
  const facts = await loadFacts(
    tx,
    f,
    rules.flatMap((r) => r.conditions),
  );
  for (const rule of rules) {
    const verdict = evaluateConditions(rule.conditions, facts);
    const leadDate = triggerDefinition(rule.eventTriggerTag)?.leadDate;
    const delay = rule.isDelayed ? rule.delaytime : 0;
    let dueAt: Date | null = rule.isDelayed ? new Date(now.getTime() + Math.max(0, delay) * 60_000) : null;
    let reason = verdict.holds ? 'Alle voorwaarden kloppen.' : 'Niet aan alle voorwaarden voldaan.';
    let wouldFire = verdict.holds;
    if (leadDate) {
      const camel = leadDate.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase()) as keyof NonNullable<
        typeof dates
      >;
      const date = (dates?.[camel] as Date | null | undefined) ?? null;
      if (!date) {
        dueAt = null;
        wouldFire = false;
        reason = 'De datum waar deze regel van uitgaat is niet ingevuld.';
      } else {
        dueAt = new Date(date.getTime() + delay * 60_000);
        if (dueAt < now && !rule.startfromnow) {
          wouldFire = false;
          reason = `Het moment (${formatDateTimeNl(dueAt)}) ligt in het verleden.`;
        } else if (dueAt < now) dueAt = now;
      }
    }
    if (wouldFire && dueAt)
      reason += ` Uitvoering op ${formatDateTimeNl(dueAt)}${rule.isDelayed && !leadDate ? ` (na ${formatDelay(delay)})` : ''}.`;
    out.push({
      rule_id: rule.id,
      description: rule.description || actionLabel(rule.type),
      type_label: actionLabel(rule.type),
      trigger: rule.eventTriggerTag,
      trigger_description: triggers.get(rule.eventTriggerTag)?.description ?? rule.eventTriggerTag,
      would_fire: wouldFire,
      due_at: dueAt ? dueAt.toISOString() : null,
      reason,
      conditions: verdict.outcomes.map((o) => ({
        pretty_description: o.condition.pretty_description,
        holds: o.holds,
        actual: o.actual,
      })),
    });
  }
  return out;
}
