// The workflow engine (decision 027): a durable consumer of domain events that runs the company's
// rules on each event's flow, and a sweeper that fires delayed rules when due. Every rule runs in its
// own tenant transaction after the change that set it off committed; its why-log row is claimed first
// (`run_key`), so a redelivered event never runs a rule twice.
import {
  evaluateConditions,
  formatDateTimeNl,
  MAX_RULE_DEPTH,
  touchesLeadDates,
  triggerDefinition,
  triggersOfEvent,
} from '@im/domain';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { flow } from '../../platform/db/tables/flows.schema';
import { delayedRule, eventTriggerRule, ruleRun } from '../../platform/db/tables/workflow.schema';
import { SETTING } from '../../platform/db/tenancy-sql';
import type { Deps } from '../../platform/deps';
import type { DurableEvent, EventConsumer } from '../../platform/events';
import { announceOverdueInvoices } from '../invoices';
import { ACTION_EXECUTORS } from './actions';
import type { RuleRecord } from './actions/types';
import { cancelByTags, planDateRulesForFlow, scheduleRule } from './delayed-rules';
import { loadFacts, loadFlowFacts } from './facts';

const SWEEP_MS = 1_000;
const CLAIM_BATCH = 200;
const CONCURRENCY = 6;
const STALE_CLAIM_MINUTES = 5;
const EVENT_ATTEMPTS = 3;
/** How often invoices that passed their due date are looked for ('factuur vervallen'). */
const OVERDUE_CHECK_MS = 60_000;

export const DEPTH_REASON = `Niet uitgevoerd: deze wijziging kwam uit ${MAX_RULE_DEPTH} workflowregels na elkaar (een lus wordt zo gestopt).`;

interface RunInput {
  rule: RuleRecord;
  flowId: number;
  trigger: string;
  eventId: string | null;
  event: { kind: string | null; entityType: string | null; entityId: number | null };
  depth: number;
  runKey: string;
  delayedRuleId?: number;
  /** The conditions as they held when the event happened (all rules of one event see one state). */
  verdict?: ReturnType<typeof evaluateConditions>;
}

const conditionLog = (verdict: ReturnType<typeof evaluateConditions>) =>
  verdict.outcomes.map((o) => ({
    pretty_description: o.condition.pretty_description,
    holds: o.holds,
    actual: o.actual,
  }));

/** Tags that arrive with an event: `{ tags: [before, after] }` from the flow's update log. */
function addedTags(event: DurableEvent): string[] {
  const change = event.changes?.tags;
  if (!Array.isArray(change) || change.length !== 2) return [];
  const [before, after] = change as [unknown, unknown];
  if (!Array.isArray(after)) return [];
  const had = new Set((Array.isArray(before) ? before : []).map((t) => String(t).toLowerCase()));
  return after.map(String).filter((t) => !had.has(t.toLowerCase()));
}

async function inPool<T>(items: T[], size: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await fn(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(size, items.length) }, worker));
}

export class WorkflowEngine {
  private timer: NodeJS.Timeout | undefined;
  private sweeping: Promise<void> | null = null;
  private lastStaleCheck = 0;
  private lastOverdueCheck = 0;

  constructor(private readonly deps: Deps) {}

  /** Registered with the event dispatcher: one batch of events at a time, in outbox order. */
  consumer(): EventConsumer {
    return { name: 'workflow', batchSize: 200, handle: (events) => this.handle(events) };
  }

  start(): void {
    this.timer = setInterval(() => this.wake(), SWEEP_MS);
    this.timer.unref();
    this.wake();
  }

  stop(): void {
    clearInterval(this.timer);
  }

  /** Settles the sweep in progress (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.sweeping) await this.sweeping;
  }

  wake(): void {
    if (this.sweeping) return;
    this.sweeping = this.sweep()
      .catch((err) => this.deps.logger.error({ err }, 'delayed rule sweep failed'))
      .finally(() => {
        this.sweeping = null;
      });
  }

  async handle(events: DurableEvent[]): Promise<void> {
    const work = events
      .filter((e) => e.flow_id !== null)
      .map((e) => ({
        e,
        triggers: triggersOfEvent({ kind: e.kind, changes: e.changes }),
        dates: touchesLeadDates({ kind: e.kind, changes: e.changes }),
        added: addedTags(e),
      }))
      .filter((w) => w.triggers.length || w.dates || w.added.length);
    if (!work.length) return;
    const companies = [...new Set(work.map((w) => w.e.company_id))];
    const rules = await this.deps.db.platform((tx) =>
      tx.select().from(eventTriggerRule).where(inArray(eventTriggerRule.companyId, companies)),
    );
    // A rule applies to what happens from its creation on (a new rule does not replay history).
    const rulesAt = (e: DurableEvent) => {
      const at = Date.parse(e.created_at);
      return rules.filter((r) => r.companyId === e.company_id && r.createdAt.getTime() <= at);
    };
    // Arriving tags and moved lead dates first (rare), event by event.
    for (const item of work) {
      const own = rulesAt(item.e);
      const dated = item.dates && own.some((r) => triggerDefinition(r.eventTriggerTag)?.leadDate);
      if (!item.added.length && !dated) continue;
      await this.retrying(item.e.id, () =>
        this.deps.db.tenant({ companyId: item.e.company_id }, async (tx) => {
          await tx.execute(
            sql`select set_config(${SETTING.ruleDepth}, ${String(item.e.rule_depth + 1)}, true)`,
          );
          if (item.added.length) await cancelByTags(tx, item.e.flow_id!, item.added);
          if (dated) await planDateRulesForFlow(tx, item.e.flow_id!, own);
        }),
      );
    }
    // Every rule an event reaches is judged on the flows as they are now, one transaction per company
    // for the batch; rules that do not apply are logged there in bulk.
    const acting: RunInput[] = [];
    for (const companyId of companies) {
      const items = work.filter((w) => w.e.company_id === companyId);
      await this.retrying(items[0]!.e.id, async () => {
        acting.push(...(await this.judge(companyId, items, rulesAt)));
      });
    }
    // Rules that act run in their own transactions: in event order per flow, flows side by side.
    const byFlow = new Map<number, RunInput[]>();
    for (const run of acting) byFlow.set(run.flowId, [...(byFlow.get(run.flowId) ?? []), run]);
    await inPool([...byFlow.values()], CONCURRENCY, async (runs) => {
      for (const run of runs) await this.run(run);
    });
  }

  /** A few tries, then logged: one event's trouble must not hold back every later event. */
  private async retrying(eventId: string, fn: () => Promise<void>): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await fn();
      } catch (err) {
        if (attempt >= EVENT_ATTEMPTS) {
          this.deps.logger.error({ err, eventId }, 'workflow rules skipped events after repeated failures');
          return;
        }
        await new Promise((r) => setTimeout(r, 200 * attempt));
      }
    }
  }

  private async judge(
    companyId: number,
    items: { e: DurableEvent; triggers: string[] }[],
    rulesAt: (e: DurableEvent) => RuleRecord[],
  ): Promise<RunInput[]> {
    const reached = items.flatMap(({ e, triggers }) => {
      const own = rulesAt(e);
      return triggers.flatMap((trigger) =>
        own.filter((r) => r.eventTriggerTag === trigger).map((rule) => ({ e, trigger, rule })),
      );
    });
    if (!reached.length) return [];
    return this.deps.db.tenant({ companyId }, async (tx) => {
      const flows = await loadFlowFacts(
        tx,
        reached.map((r) => r.e.flow_id!),
        reached.flatMap((r) => r.rule.conditions),
      );
      const skipped: (typeof ruleRun.$inferInsert)[] = [];
      const acting: RunInput[] = [];
      for (const { e, trigger, rule } of reached) {
        const flowId = e.flow_id!;
        const runKey = `e${e.id}r${rule.id}`;
        const base = {
          ruleId: rule.id,
          ruleDescription: rule.description,
          ruleType: rule.type,
          flowId,
          trigger,
          runKey,
        };
        const found = flows.get(flowId);
        if (!found) {
          skipped.push({ ...base, outcome: 'skipped', reason: 'Het dossier bestaat niet meer.' });
          continue;
        }
        if (e.rule_depth >= MAX_RULE_DEPTH) {
          this.deps.logger.warn({ ruleId: rule.id, flowId }, 'workflow rule depth limit reached');
          skipped.push({ ...base, outcome: 'skipped', reason: DEPTH_REASON });
          continue;
        }
        const verdict = evaluateConditions(rule.conditions, found.facts);
        const planned = rule.isDelayed && !triggerDefinition(rule.eventTriggerTag)?.leadDate;
        if (planned || verdict.holds) {
          acting.push({
            verdict,
            rule,
            flowId,
            trigger,
            eventId: e.id,
            event: { kind: e.kind, entityType: e.entity_type, entityId: e.entity_id },
            depth: e.rule_depth,
            runKey,
          });
          continue;
        }
        skipped.push({
          ...base,
          outcome: 'skipped',
          reason: 'Niet aan alle voorwaarden voldaan.',
          conditions: conditionLog(verdict),
        });
      }
      for (let i = 0; i < skipped.length; i += 500)
        await tx
          .insert(ruleRun)
          .values(skipped.slice(i, i + 500))
          .onConflictDoNothing();
      return acting;
    });
  }

  /** Runs (or plans) one rule on one flow; never throws: a failure is the run's outcome. */
  async run(input: RunInput): Promise<void> {
    const { rule, flowId } = input;
    const companyId = rule.companyId;
    const base = {
      ruleId: rule.id,
      ruleDescription: rule.description,
      ruleType: rule.type,
      flowId,
      trigger: input.trigger,
      runKey: input.runKey,
      delayedRuleId: input.delayedRuleId ?? null,
    };
    try {
      await this.deps.db.tenant({ companyId }, async (tx) => {
        await tx.execute(sql`select set_config(${SETTING.ruleDepth}, ${String(input.depth + 1)}, true)`);
        const [claimed] = await tx
          .insert(ruleRun)
          .values({ ...base, outcome: 'fired' })
          .onConflictDoNothing()
          .returning({ id: ruleRun.id });
        if (!claimed) return;
        const finish = async (
          outcome: 'fired' | 'scheduled' | 'skipped',
          reason: string,
          conditions: { pretty_description: string; holds: boolean; actual: string }[] = [],
          delayedRuleId?: number,
        ) => {
          await tx
            .update(ruleRun)
            .set({ outcome, reason, conditions, delayedRuleId: delayedRuleId ?? base.delayedRuleId })
            .where(eq(ruleRun.id, claimed.id));
          if (input.delayedRuleId)
            await tx
              .update(delayedRule)
              .set({ status: outcome === 'fired' ? 'fired' : 'skipped', reason, finishedAt: new Date() })
              .where(eq(delayedRule.id, input.delayedRuleId));
        };
        const [f] = await tx
          .select()
          .from(flow)
          .where(and(eq(flow.id, flowId), isNull(flow.deletedAt)))
          .for('update');
        if (!f) return finish('skipped', 'Het dossier bestaat niet meer.');
        if (input.depth >= MAX_RULE_DEPTH) {
          this.deps.logger.warn({ ruleId: rule.id, flowId }, 'workflow rule depth limit reached');
          return finish('skipped', DEPTH_REASON);
        }
        const verdict =
          input.verdict ?? evaluateConditions(rule.conditions, await loadFacts(tx, f, rule.conditions));
        const conditions = conditionLog(verdict);
        const isDateRule = Boolean(triggerDefinition(rule.eventTriggerTag)?.leadDate);
        // A delayed rule checks its conditions when it is due; here it is only planned.
        if (rule.isDelayed && !input.delayedRuleId && !isDateRule) {
          const dueAt = new Date(Date.now() + Math.max(0, rule.delaytime) * 60_000);
          const id = await scheduleRule(tx, {
            rule,
            flowId,
            trigger: input.trigger,
            eventId: input.eventId,
            depth: input.depth,
            dueAt,
          });
          return finish('scheduled', `Ingepland voor ${formatDateTimeNl(dueAt)}.`, [], id);
        }
        if (!verdict.holds) return finish('skipped', 'Niet aan alle voorwaarden voldaan.', conditions);
        const done = await ACTION_EXECUTORS[rule.type as keyof typeof ACTION_EXECUTORS]({
          tx,
          deps: this.deps,
          companyId,
          rule,
          flow: f,
          event: { id: input.eventId, ...input.event },
        });
        return finish('fired', done, conditions);
      });
    } catch (err) {
      const reason = err instanceof Error && err.message ? err.message : 'Onbekende fout.';
      this.deps.logger.warn({ err, ruleId: rule.id, flowId }, 'workflow rule failed');
      await this.deps.db
        .tenant({ companyId }, async (tx) => {
          await tx
            .insert(ruleRun)
            .values({ ...base, outcome: 'failed', reason: `Mislukt: ${reason}`.slice(0, 2000) })
            .onConflictDoNothing();
          if (input.delayedRuleId)
            await tx
              .update(delayedRule)
              .set({ status: 'failed', reason: reason.slice(0, 2000), finishedAt: new Date() })
              .where(eq(delayedRule.id, input.delayedRuleId));
        })
        .catch((e) => this.deps.logger.error({ err: e }, 'could not log a failed workflow rule'));
    }
  }

  /**
   * Fires the delayed rules that are due, CLAIM_BATCH at a time, CONCURRENCY at once; once a minute it
   * first announces the invoices that passed their due date (their events come back to `handle`).
   */
  async sweep(): Promise<void> {
    if (Date.now() - this.lastOverdueCheck > OVERDUE_CHECK_MS) {
      this.lastOverdueCheck = Date.now();
      await announceOverdueInvoices(this.deps.db).catch((err) =>
        this.deps.logger.error({ err }, 'announcing overdue invoices failed'),
      );
    }
    if (Date.now() - this.lastStaleCheck > 60_000) {
      this.lastStaleCheck = Date.now();
      await this.deps.db.platform((tx) =>
        tx.execute(sql`update delayed_rule set status = 'pending', claimed_at = null
          where status = 'running' and claimed_at < now() - make_interval(mins => ${STALE_CLAIM_MINUTES})`),
      );
    }
    for (;;) {
      const claimed = await this.deps.db.platform((tx) =>
        tx.execute<{
          id: number;
          company_id: number;
          rule_id: number | null;
          flow_id: number;
          trigger: string;
          event_id: string | null;
          depth: number;
        }>(sql`
          update delayed_rule set status = 'running', claimed_at = now()
          where id in (select id from delayed_rule where status = 'pending' and due_at <= now()
                       order by due_at limit ${CLAIM_BATCH} for update skip locked)
          returning id, company_id, rule_id, flow_id, trigger, event_id, depth`),
      );
      if (!claimed.rows.length) return;
      const ruleIds = [
        ...new Set(claimed.rows.map((r) => r.rule_id).filter((id): id is number => id !== null)),
      ];
      const rules = ruleIds.length
        ? await this.deps.db.platform((tx) =>
            tx.select().from(eventTriggerRule).where(inArray(eventTriggerRule.id, ruleIds)),
          )
        : [];
      // Conditions of the claimed runs are judged in bulk per company; a flow's runs go one after
      // another (they would wait on the flow's lock anyway), flows side by side.
      const verdicts = new Map<number, ReturnType<typeof evaluateConditions>>();
      for (const companyId of new Set(claimed.rows.map((r) => r.company_id))) {
        const rows = claimed.rows.filter((r) => r.company_id === companyId);
        const own = rules.filter((r) => r.companyId === companyId);
        const flows = await this.deps.db.tenant({ companyId }, (tx) =>
          loadFlowFacts(
            tx,
            rows.map((r) => r.flow_id),
            own.flatMap((r) => r.conditions),
          ),
        );
        for (const row of rows) {
          const rule = own.find((r) => r.id === row.rule_id);
          const found = flows.get(row.flow_id);
          if (rule && found) verdicts.set(row.id, evaluateConditions(rule.conditions, found.facts));
        }
      }
      const byFlow = new Map<number, typeof claimed.rows>();
      for (const row of claimed.rows) byFlow.set(row.flow_id, [...(byFlow.get(row.flow_id) ?? []), row]);
      await inPool([...byFlow.values()], CONCURRENCY, async (flowRows) => {
        for (const row of flowRows) {
          const rule = rules.find((r) => r.id === row.rule_id);
          if (!rule) {
            await this.deps.db.tenant({ companyId: row.company_id }, (tx) =>
              tx
                .update(delayedRule)
                .set({
                  status: 'cancelled',
                  reason: 'Geannuleerd: de workflowregel bestaat niet meer.',
                  finishedAt: new Date(),
                })
                .where(eq(delayedRule.id, row.id)),
            );
            continue;
          }
          await this.run({
            rule,
            verdict: verdicts.get(row.id),
            flowId: row.flow_id,
            trigger: row.trigger,
            eventId: row.event_id,
            event: { kind: null, entityType: null, entityId: null },
            depth: row.depth,
            runKey: `d${row.id}`,
            delayedRuleId: row.id,
          });
        }
      });
      if (claimed.rows.length < CLAIM_BATCH) return;
    }
  }
}
