import type { ActionType } from '@im/domain';
import type { Tx } from '../../../platform/db/database';
import type { flow } from '../../../platform/db/tables/flows.schema';
import type { eventTriggerRule } from '../../../platform/db/tables/workflow.schema';
import type { Deps } from '../../../platform/deps';

export type RuleRecord = typeof eventTriggerRule.$inferSelect;
export type FlowRecord = typeof flow.$inferSelect;

/** What an action works with: the rule, the flow (read in this transaction) and what set it off. */
export interface ActionContext {
  /** A tenant transaction of the flow's company; the action's changes commit with its why-log row. */
  tx: Tx;
  deps: Deps;
  companyId: number;
  rule: RuleRecord;
  flow: FlowRecord;
  /** The domain event behind the run (null fields for date triggers and dry runs). */
  event: { id: string | null; kind: string | null; entityType: string | null; entityId: number | null };
}

/**
 * Carries out one action type. Answers a short Dutch sentence of what it did, for the why log
 * ('Status gewijzigd naar Offerte'). Throws `ActionFailure` (or any error) when it cannot: the run is
 * then logged as failed with that message and the action's changes are rolled back.
 */
export type ActionExecutor = (ctx: ActionContext) => Promise<string>;

export type ActionExecutors = Record<ActionType, ActionExecutor>;

/** A refusal with a message staff can act on ('Het e-mailtemplate bestaat niet meer.'). */
export class ActionFailure extends Error {}
