// Workflow rules of a company: save (checked against the company's records), list, duplicate, delete.
import {
  actionDefinition,
  actionLabel,
  CONDITION_FIELDS,
  delayToMinutes,
  describeCondition,
  type EventTriggerRule,
  type EventTriggerRuleQuery,
  RULE_USER_EVERYONE,
  RULE_USER_HANDLER,
  type RuleCondition,
  type SaveEventTriggerRule,
  triggerDefinition,
  WORKFLOW_MESSAGES,
} from '@im/domain';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/database';
import { delayedRule, eventTriggerRule } from '../../platform/db/tables/workflow.schema';
import { validationError } from '../../platform/errors';
import { writeLog } from '../../platform/events/write-log';
import { loadRuleOptions, morphLabel, userLabel } from '../planning';
import { cancelPendingOfRule, planDateRuleForExistingFlows } from './delayed-rules';
import { triggerInfo } from './event-triggers';

type RuleRow = typeof eventTriggerRule.$inferSelect;

async function checkedConditions(tx: Tx, input: SaveEventTriggerRule): Promise<RuleCondition[]> {
  const out: RuleCondition[] = [];
  for (const [i, c] of input.conditions.entries()) {
    let label = '';
    let verticalId: number | null = null;
    if (c.type === 'form' && c.verticaldatafield_id) {
      const found = await tx.execute<{ label: string; vertical_id: number }>(
        sql`select field_label as label, vertical_id from vertical_data_field where id = ${c.verticaldatafield_id}`,
      );
      const field = found.rows[0];
      if (!field)
        throw validationError(WORKFLOW_MESSAGES.conditionField, {
          [`conditions.${i}.verticaldatafield_id`]: [WORKFLOW_MESSAGES.conditionField],
        });
      label = field.label;
      verticalId = field.vertical_id;
    } else if (c.field_name) {
      label =
        CONDITION_FIELDS.find((f) => f.type === c.type && f.field_name === c.field_name)?.label ??
        c.field_name;
    }
    const condition = {
      type: c.type,
      field_name: c.type === 'form' ? null : (c.field_name ?? null),
      verticaldatafield_id: c.type === 'form' ? (c.verticaldatafield_id ?? null) : null,
      vertical_id: verticalId,
      operator: c.operator,
      field_value:
        c.field_value === null || c.field_value === undefined || String(c.field_value) === ''
          ? null
          : String(c.field_value),
    };
    out.push({
      ...condition,
      pretty_description: c.pretty_description?.trim() || describeCondition(condition, label),
    });
  }
  return out;
}

/** The rule's action must name records of the company that still exist. */
async function checkReferences(tx: Tx, input: SaveEventTriggerRule): Promise<void> {
  const def = actionDefinition(input.type)!;
  if (!def.morph && !def.user) return;
  const options = await loadRuleOptions(tx);
  if (def.morph && def.morph !== 'flowstatus' && morphLabel(options, def.morph, input.morph_id, '') === null)
    throw validationError(WORKFLOW_MESSAGES.morphRequired, { morph_id: [WORKFLOW_MESSAGES.morphRequired] });
  if (
    def.user &&
    input.user_id !== null &&
    input.user_id !== RULE_USER_EVERYONE &&
    input.user_id !== RULE_USER_HANDLER &&
    userLabel(options, input.user_id) === null
  )
    throw validationError(WORKFLOW_MESSAGES.userRequired, { user_id: [WORKFLOW_MESSAGES.userRequired] });
}

function columnsOf(input: SaveEventTriggerRule, conditions: RuleCondition[]) {
  const def = actionDefinition(input.type)!;
  return {
    eventTriggerTag: input.event_trigger_tag,
    type: input.type,
    isDelayed: input.is_delayed,
    delaytime: input.is_delayed ? delayToMinutes(input.delaytime_raw, input.delaytime_unit) : 0,
    delaytimeUnit: input.delaytime_unit,
    delaytimeRaw: input.is_delayed ? input.delaytime_raw : 0,
    cancelTags: input.cancel_tags,
    text: input.text,
    description: input.description,
    // Only what the action uses is kept: a rule never carries a stale template or user.
    morphId: def.morph && def.morph !== 'flowstatus' ? input.morph_id : null,
    userId: def.user ? input.user_id : null,
    conditions,
    startfromnow: input.startfromnow,
    flowTags: def.tags ? input.flowTags : [],
    updatedAt: new Date(),
  };
}

export async function createRule(
  tx: Tx,
  input: SaveEventTriggerRule,
  userId: number | null,
): Promise<number> {
  await checkReferences(tx, input);
  const conditions = await checkedConditions(tx, input);
  const [row] = await tx
    .insert(eventTriggerRule)
    .values({ ...columnsOf(input, conditions), createdBy: userId })
    .returning();
  await planDateRuleForExistingFlows(tx, row!);
  await writeLog(tx, {
    type: 'eventtriggerrule',
    id: row!.id,
    action: 'create',
    description: `Workflowregel aangemaakt: ${row!.description || actionLabel(row!.type)}`,
  });
  return row!.id;
}

export async function updateRule(tx: Tx, id: number, input: SaveEventTriggerRule): Promise<boolean> {
  const [before] = await tx.select().from(eventTriggerRule).where(eq(eventTriggerRule.id, id)).for('update');
  if (!before) return false;
  await checkReferences(tx, input);
  const conditions = await checkedConditions(tx, input);
  const [row] = await tx
    .update(eventTriggerRule)
    .set(columnsOf(input, conditions))
    .where(eq(eventTriggerRule.id, id))
    .returning();
  // A date rule is planned again from the dates; other pending runs keep their moment.
  if (triggerDefinition(row!.eventTriggerTag)?.leadDate || before.eventTriggerTag !== row!.eventTriggerTag) {
    await cancelPendingOfRule(tx, id, 'Geannuleerd: de workflowregel is gewijzigd.');
    await planDateRuleForExistingFlows(tx, row!);
  }
  await writeLog(tx, {
    type: 'eventtriggerrule',
    id,
    action: 'update',
    description: `Workflowregel gewijzigd: ${row!.description || actionLabel(row!.type)}`,
    changes: Object.fromEntries(Object.keys(input).map((k) => [k, (input as Record<string, unknown>)[k]])),
  });
  return true;
}

export async function deleteRule(tx: Tx, id: number): Promise<boolean> {
  const [row] = await tx.select().from(eventTriggerRule).where(eq(eventTriggerRule.id, id));
  if (!row) return false;
  await cancelPendingOfRule(tx, id, 'Geannuleerd: de workflowregel is verwijderd.');
  await tx.delete(eventTriggerRule).where(eq(eventTriggerRule.id, id));
  await writeLog(tx, {
    type: 'eventtriggerrule',
    id,
    action: 'delete',
    description: `Workflowregel verwijderd: ${row.description || actionLabel(row.type)}`,
  });
  return true;
}

export async function duplicateRule(tx: Tx, id: number, userId: number | null): Promise<number | null> {
  const [row] = await tx.select().from(eventTriggerRule).where(eq(eventTriggerRule.id, id));
  if (!row) return null;
  const { id: _id, createdAt: _c, updatedAt: _u, companyId: _co, ...copy } = row;
  const [created] = await tx
    .insert(eventTriggerRule)
    .values({
      ...copy,
      description: `${row.description || actionLabel(row.type)} (kopie)`,
      createdBy: userId,
    })
    .returning();
  await planDateRuleForExistingFlows(tx, created!);
  await writeLog(tx, {
    type: 'eventtriggerrule',
    id: created!.id,
    action: 'duplicate',
    description: `Workflowregel gedupliceerd: ${created!.description}`,
  });
  return created!.id;
}

async function toDto(tx: Tx, rows: RuleRow[]): Promise<EventTriggerRule[]> {
  const ids = rows.map((r) => r.id);
  const pending = ids.length
    ? await tx
        .select({ ruleId: delayedRule.ruleId, n: sql<number>`count(*)::int` })
        .from(delayedRule)
        .where(and(inArray(delayedRule.ruleId, ids), eq(delayedRule.status, 'pending')))
        .groupBy(delayedRule.ruleId)
    : [];
  const triggers = await triggerInfo(tx);
  const options = rows.length ? await loadRuleOptions(tx) : null;
  const out: EventTriggerRule[] = [];
  for (const r of rows) {
    const trigger = triggers.get(r.eventTriggerTag);
    const def = actionDefinition(r.type);
    out.push({
      id: r.id,
      event_trigger_tag: r.eventTriggerTag,
      event_trigger_description: trigger?.description ?? r.eventTriggerTag,
      flowstage: (trigger?.flowstage ?? 'algemeen') as EventTriggerRule['flowstage'],
      type: r.type,
      type_label: actionLabel(r.type),
      is_delayed: r.isDelayed,
      delaytime: r.delaytime,
      delaytime_unit: r.delaytimeUnit as EventTriggerRule['delaytime_unit'],
      delaytime_raw: r.delaytimeRaw,
      cancel_tags: r.cancelTags,
      text: r.text,
      description: r.description,
      morph_id: r.morphId,
      morph_label: options && morphLabel(options, def?.morph, r.morphId, r.text),
      user_id: r.userId,
      user_label: options && userLabel(options, r.userId),
      conditions: r.conditions,
      startfromnow: r.startfromnow,
      flowTags: r.flowTags,
      pending_count: pending.find((p) => p.ruleId === r.id)?.n ?? 0,
      created_at: r.createdAt.toISOString(),
      updated_at: r.updatedAt.toISOString(),
    });
  }
  return out;
}

export async function loadRule(tx: Tx, id: number): Promise<EventTriggerRule | null> {
  const rows = await tx.select().from(eventTriggerRule).where(eq(eventTriggerRule.id, id));
  return rows.length ? (await toDto(tx, rows))[0]! : null;
}

export async function listRules(tx: Tx, query: EventTriggerRuleQuery): Promise<EventTriggerRule[]> {
  const rows = await tx
    .select()
    .from(eventTriggerRule)
    .where(
      and(
        query.event_trigger_tag ? eq(eventTriggerRule.eventTriggerTag, query.event_trigger_tag) : undefined,
        query.type ? eq(eventTriggerRule.type, query.type) : undefined,
      ),
    )
    .orderBy(asc(eventTriggerRule.eventTriggerTag), asc(eventTriggerRule.id));
  const dtos = await toDto(tx, rows);
  return query.flowstage ? dtos.filter((r) => r.flowstage === query.flowstage) : dtos;
}
