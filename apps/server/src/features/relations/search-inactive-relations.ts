import type { InactiveCriteria, InactiveCriterionTag } from '@im/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/database';
import { containsPattern } from '../../platform/db/paginate';
import { flow } from '../../platform/db/tables/flows.schema';
import { relation } from '../../platform/db/tables/relations.schema';
import { currentCompanyIdSql } from '../../platform/db/tenancy-sql';
import { toIso } from '../../platform/http/dates';
import { relationsWithSentInvoices } from '../flows';
import { addressOf, mainLocationsOf } from '../locations';

export const MAX_INACTIVE_ROWS = 5000;

/** A criterion as a condition on the outer `relation` row (undefined: holds for every relation). */
export type CriterionCheck = (c: { amount?: number; text?: string }) => SQL | undefined;

const liveFlowsOf = (extra: SQL) =>
  sql`select 1 from ${flow} where ${flow.relationId} = ${relation.id} and ${flow.deletedAt} is null and ${extra}`;

const checks = new Map<string, CriterionCheck>([
  // No flow of the relation was created (updated) in the last `amount` days.
  [
    'flow_age',
    (c) =>
      sql`not exists (${liveFlowsOf(sql`${flow.createdAt} > now() - make_interval(days => ${c.amount!})`)})`,
  ],
  [
    'flow_updated_age',
    (c) =>
      sql`not exists (${liveFlowsOf(sql`${flow.updatedAt} > now() - make_interval(days => ${c.amount!})`)})`,
  ],
  [
    'with_flow_description',
    (c) => sql`exists (${liveFlowsOf(sql`${flow.description} ilike ${containsPattern(c.text!)}`)})`,
  ],
  [
    'without_flow_description',
    (c) => sql`not exists (${liveFlowsOf(sql`${flow.description} ilike ${containsPattern(c.text!)}`)})`,
  ],
  // Documents (quotations, confirmations, invoices), actions, tasks and messages do not exist yet, so
  // no relation has any: these criteria hold for every relation until those features register their
  // check with registerInactiveRelationCriterion. Sent invoices are checked through sent-invoices.ts.
]);

/** Lets a later feature (quotations, actions, tasks, messages, documents) supply the check of its criterion. */
export function registerInactiveRelationCriterion(tag: InactiveCriterionTag, check: CriterionCheck): void {
  checks.set(tag, check);
}

/**
 * Relations that match every criterion and have no sent invoices, least recently active first
 * (the last change of the relation or any of its live flows). At most 5000 rows; `total` counts all.
 */
export async function searchInactiveRelations(tx: Tx, criteria: InactiveCriteria[]) {
  const conditions = criteria.map((c) => checks.get(c.tag)?.(c)).filter((c): c is SQL => c !== undefined);
  const rows = await tx.execute<{
    id: number;
    fullname: string;
    flows_count: number;
    last_activity_at: Date | string;
  }>(sql`
    with activity as (
      select ${flow.relationId} as relation_id, count(*)::int as n, max(${flow.updatedAt}) as last
      from ${flow} where ${flow.companyId} = ${currentCompanyIdSql} and ${flow.deletedAt} is null
      group by ${flow.relationId})
    select ${relation.id} as id, ${relation.fullname} as fullname, coalesce(activity.n, 0) as flows_count,
      greatest(${relation.updatedAt}, activity.last) as last_activity_at
    from ${relation} left join activity on activity.relation_id = ${relation.id}
    where ${relation.companyId} = ${currentCompanyIdSql} and ${relation.deletedAt} is null
      ${conditions.length > 0 ? sql`and ${sql.join(conditions, sql` and `)}` : sql``}
    order by last_activity_at asc, ${relation.id} asc`);
  const blocked = await relationsWithSentInvoices(
    tx,
    rows.rows.map((r) => r.id),
  );
  const matching = rows.rows.filter((r) => !blocked.has(r.id));
  const shown = matching.slice(0, MAX_INACTIVE_ROWS);
  const locations = await mainLocationsOf(
    tx,
    'relation',
    shown.map((r) => r.id),
  );
  return {
    data: shown.map((r) => ({
      id: r.id,
      fullname: r.fullname ?? '',
      address: addressOf(locations.get(r.id)),
      flows_count: r.flows_count,
      last_activity_at: toIso(new Date(r.last_activity_at)),
    })),
    total: matching.length,
  };
}
