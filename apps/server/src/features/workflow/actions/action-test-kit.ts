// Test helpers of the action executors: a rule made in the company, run once on a flow in a tenant
// transaction, as the engine runs it (company set, no logged-in user).
import type { ActionType } from '@im/domain';
import { eq, type SQL } from 'drizzle-orm';
import type { TestServer } from '../../../../test/test-server';
import { flow } from '../../../platform/db/tables/flows.schema';
import { eventTriggerRule } from '../../../platform/db/tables/workflow.schema';
import { ACTION_EXECUTORS } from '.';

export type RuleFields = Partial<typeof eventTriggerRule.$inferInsert>;

/** Makes the rule (deleted again when the action fails: the transaction rolls back) and runs it. */
export function runAction(
  t: TestServer,
  companyId: number,
  type: ActionType,
  flowId: number,
  rule: RuleFields = {},
): Promise<string> {
  return t.server.deps.db.tenant({ companyId }, async (tx) => {
    const [r] = await tx
      .insert(eventTriggerRule)
      .values({ eventTriggerTag: 'flow_status_changed', type, description: '', ...rule })
      .returning();
    const [f] = await tx.select().from(flow).where(eq(flow.id, flowId));
    return ACTION_EXECUTORS[type]({
      tx,
      deps: t.server.deps,
      companyId,
      rule: r!,
      flow: f!,
      event: { id: null, kind: null, entityType: null, entityId: null },
    });
  });
}

/** Rows of a query across companies (to see what an action wrote). */
export async function rows<T>(t: TestServer, query: SQL): Promise<T[]> {
  const res = await t.server.deps.db.platform((tx) => tx.execute(query));
  return res.rows as T[];
}

export async function flowRow(t: TestServer, companyId: number, flowId: number) {
  return t.server.deps.db.tenant({ companyId }, async (tx) => {
    const [f] = await tx.select().from(flow).where(eq(flow.id, flowId));
    return f!;
  });
}
