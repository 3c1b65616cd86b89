import { actionDefinition, actionLabel, EVENT_TRIGGERS, type TaskEventTrigger } from '@im/domain';
import { asc, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../platform/db/database';
import { eventTrigger, eventTriggerRule } from '../../platform/db/tables/workflow.schema';
import { loadRuleOptions, morphLabel } from './rule-options';

/**
 * The event triggers a task fires (hasTask, as the platform administrator keeps them) with the company's
 * rules on each: what runs when a task is completed.
 */
export async function taskEventTriggers(tx: Tx): Promise<TaskEventTrigger[]> {
  const known = new Set(EVENT_TRIGGERS.map((t) => t.tag));
  const triggers = (
    await tx.select().from(eventTrigger).where(eq(eventTrigger.hasTask, true)).orderBy(asc(eventTrigger.id))
  ).filter((t) => known.has(t.tag));
  if (triggers.length === 0) return [];
  const rules = await tx
    .select()
    .from(eventTriggerRule)
    .where(
      inArray(
        eventTriggerRule.eventTriggerTag,
        triggers.map((t) => t.tag),
      ),
    )
    .orderBy(asc(eventTriggerRule.id));
  const options = rules.length ? await loadRuleOptions(tx) : null;
  return triggers.map((t) => ({
    id: t.id,
    tag: t.tag,
    description: t.description,
    rules: rules
      .filter((r) => r.eventTriggerTag === t.tag)
      .map((r) => ({
        id: r.id,
        description: r.description,
        type_label: actionLabel(r.type),
        morph_label: options && morphLabel(options, actionDefinition(r.type)?.morph, r.morphId, r.text),
        is_delayed: r.isDelayed,
        delaytime: r.delaytime,
        delaytime_raw: r.delaytimeRaw,
        delaytime_unit: r.delaytimeUnit,
        conditions_count: r.conditions.length,
      })),
  }));
}
