import { sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/database';

/**
 * Whether flows or relations have sent invoices: the rule that blocks deleting or cancelling them
 * (spec 001 section 5). An invoice (a sales document of kind 'invoice', decision 022) is sent once it
 * has a send date, which it keeps when it is paid, found unpayable or credited; templates never count,
 * deleted drafts never had one. A relation has sent invoices when an invoice names it or belongs to
 * one of its flows (trashed flows included).
 */
export async function flowsWithSentInvoices(tx: Tx, flowIds: readonly number[]): Promise<Set<number>> {
  if (flowIds.length === 0) return new Set();
  const rows = await tx.execute<{ id: number }>(sql`
    select distinct i.flow_id as id from sales_document i
    where i.flow_id = any(${sql.param([...flowIds])}::integer[])
      and i.kind = 'invoice' and i.date_send is not null and not i.is_template`);
  return new Set(rows.rows.map((r) => r.id));
}

export async function relationsWithSentInvoices(
  tx: Tx,
  relationIds: readonly number[],
): Promise<Set<number>> {
  if (relationIds.length === 0) return new Set();
  const ids = sql.param([...relationIds]);
  const rows = await tx.execute<{ id: number }>(sql`
    select i.relation_id as id from sales_document i
    where i.relation_id = any(${ids}::integer[])
      and i.kind = 'invoice' and i.date_send is not null and not i.is_template
    union
    select f.relation_id from flow f join sales_document i on i.flow_id = f.id
    where f.relation_id = any(${ids}::integer[])
      and i.kind = 'invoice' and i.date_send is not null and not i.is_template`);
  return new Set(rows.rows.map((r) => r.id));
}

export async function flowHasSentInvoices(tx: Tx, flowId: number): Promise<boolean> {
  return (await flowsWithSentInvoices(tx, [flowId])).has(flowId);
}

export async function relationHasSentInvoices(tx: Tx, relationId: number): Promise<boolean> {
  return (await relationsWithSentInvoices(tx, [relationId])).has(relationId);
}
