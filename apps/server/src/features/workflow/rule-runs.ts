// The flow's "why" log: every rule a trigger reached on it, newest first.
import { actionLabel, type RuleRun, type zRuleRunPage } from '@im/domain';
import { desc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Tx } from '../../platform/db/database';
import { ruleRun } from '../../platform/db/tables/workflow.schema';
import { triggerInfo } from './event-triggers';

export async function listRuleRuns(
  tx: Tx,
  flowId: number,
  page: { offset: number; limit: number },
): Promise<z.infer<typeof zRuleRunPage>> {
  const rows = await tx
    .select()
    .from(ruleRun)
    .where(eq(ruleRun.flowId, flowId))
    .orderBy(desc(ruleRun.id))
    .offset(page.offset)
    .limit(page.limit);
  const [count] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(ruleRun)
    .where(eq(ruleRun.flowId, flowId));
  const triggers = await triggerInfo(tx);
  const data: RuleRun[] = rows.map((r) => ({
    id: r.id,
    rule_id: r.ruleId,
    rule_description: r.ruleDescription || actionLabel(r.ruleType),
    type_label: actionLabel(r.ruleType),
    trigger: r.trigger,
    trigger_description: triggers.get(r.trigger)?.description ?? r.trigger,
    outcome: r.outcome as RuleRun['outcome'],
    reason: r.reason,
    conditions: r.conditions,
    delayed_rule_id: r.delayedRuleId,
    created_at: r.createdAt.toISOString(),
  }));
  return { data, pagination: { total: count?.n ?? 0, offset: page.offset, limit: page.limit } };
}
