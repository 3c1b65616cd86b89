import {
  expandFlowStatus,
  type FlowForPartner,
  fullAddress,
  PARTNER_TEXTS,
  type PaginationQuery,
  type PartnerDashboard,
  type PartnerDocument,
  type PartnerFlow,
  type PartnerFlowPage,
  type PartnerTask,
} from '@im/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/database';
import { isoFast, isoFastOrNull } from '../../platform/db/iso';
import { containsPattern } from '../../platform/db/paginate';
import { forbidden } from '../../platform/errors';

/** The partner a partner user belongs to; anyone else (or a partner user without one) is refused. */
export async function partnerOfUser(tx: Tx, userId: number): Promise<{ id: number; name: string }> {
  const rows = await tx.execute<{ id: number; name: string }>(sql`select p.id, p.name from "user" u
    join partner p on p.id = u.partner_id
    where u.id = ${userId} and u.user_type = 'partner' and u.deleted_at is null`);
  const found = rows.rows[0];
  if (!found) throw forbidden(PARTNER_TEXTS.onlyPartnerUsers);
  return found;
}

interface FlowRow extends Record<string, unknown> {
  id: number;
  number: number;
  description: string;
  flow_status: string;
  relation_id: number;
  relation_fullname: string;
  created_at: number;
  address: string | null;
  house: string | null;
  number_addition: string | null;
  postcode: string | null;
  city: string | null;
  country: string | null;
}

// The flow's own address, else its relation's main one.
const FLOW_COLUMNS = sql`f.id, f.number, f.description, f.flow_status, f.relation_id, f.relation_fullname,
  (extract(epoch from f.created_at) * 1000)::float8 as created_at,
  l.address, l.number as house, l.number_addition, l.postcode, l.city, l.country
  from flow f
  left join lateral (select * from location l
    where l.id = f.location_id or (f.location_id is null and l.relation_id = f.relation_id)
    order by l.is_main desc, l.id limit 1) l on true`;

function toFlow(r: FlowRow): PartnerFlow {
  return {
    id: r.id,
    number: r.number,
    description: r.description,
    flow_status: r.flow_status,
    relation_id: r.relation_id,
    relation_fullname: r.relation_fullname,
    address:
      r.address === null
        ? ''
        : fullAddress({
            address: r.address,
            number: r.house ?? '',
            numberAddition: r.number_addition ?? '',
            postcode: r.postcode ?? '',
            city: r.city ?? '',
            country: r.country ?? '',
          }),
    created_at: isoFast(r.created_at),
  };
}

/**
 * A page of one partner's live flows, newest first, searched like the flow overview and filtered on a
 * status ('lead', a flow status, or 'all'). Used by the partner's page (staff) and indexForPartner.
 */
export async function queryPartnerFlows(
  tx: Tx,
  partnerId: number,
  q: PaginationQuery & { status?: string },
): Promise<PartnerFlowPage> {
  const text = q.query?.trim();
  const statuses = q.status && q.status !== 'all' ? expandFlowStatus(q.status) : null;
  const conditions: SQL[] = [sql`f.deleted_at is null`, sql`f.partner_id = ${partnerId}`];
  if (text) conditions.push(sql`f.search_text ilike ${containsPattern(text)}`);
  if (statuses) conditions.push(sql`f.flow_status in ${statuses.length ? statuses : ['']}`);
  const where = sql.join(conditions, sql` and `);
  const page = await tx.execute<FlowRow>(
    sql`select ${FLOW_COLUMNS} where ${where} order by f.id desc limit ${q.limit} offset ${q.offset}`,
  );
  const count = await tx.execute<{ n: number }>(sql`select count(*)::int as n from flow f where ${where}`);
  return {
    data: page.rows.map(toFlow),
    pagination: { total: count.rows[0]!.n, offset: q.offset, limit: q.limit },
  };
}

interface DocumentRow extends Record<string, unknown> {
  id: number;
  kind: PartnerDocument['kind'];
  number: number | null;
  title: string;
  status: string;
  documentdate: string | null;
  amount_inc_vat: string | null;
  flow_id: number;
  flow_number: number;
}

async function partnerDocuments(tx: Tx, where: SQL, limit = 100): Promise<PartnerDocument[]> {
  const rows = await tx.execute<DocumentRow>(sql`select d.id, d.kind, d.number, d.title, d.status,
      d.documentdate::text as documentdate, c.amount_inc_vat::text as amount_inc_vat,
      f.id as flow_id, f.number as flow_number
    from sales_document d
    join flow f on f.id = d.flow_id and f.deleted_at is null
    left join calculation c on c.id = d.calculation_id
    where d.deleted_at is null and not d.is_template
      and d.kind in ('quotation', 'confirmation', 'invoice') and ${where}
    order by d.id desc limit ${limit}`);
  return rows.rows.map((r) => ({
    ...r,
    amount_inc_vat: r.amount_inc_vat === null ? null : Number(r.amount_inc_vat),
  }));
}

interface TaskRow extends Record<string, unknown> {
  id: number;
  description: string;
  status: string;
  start_date: number | null;
  end_date: number | null;
  flow_id: number;
  flow_number: number;
}

async function partnerTasks(tx: Tx, where: SQL, limit = 100): Promise<PartnerTask[]> {
  const rows = await tx.execute<TaskRow>(sql`select t.id, t.description, t.status,
      (extract(epoch from t.start_date) * 1000)::float8 as start_date,
      (extract(epoch from t.end_date) * 1000)::float8 as end_date,
      f.id as flow_id, f.number as flow_number
    from task t join flow f on f.id = t.flow_id and f.deleted_at is null
    where not t.is_template and ${where}
    order by t.start_date nulls last, t.id limit ${limit}`);
  return rows.rows.map((r) => ({
    ...r,
    start_date: isoFastOrNull(r.start_date),
    end_date: isoFastOrNull(r.end_date),
  }));
}

/** getForPartner: one flow of the partner with its quotations, confirmations, invoices and tasks; null if not theirs. */
export async function getFlowForPartner(
  tx: Tx,
  partnerId: number,
  flowId: number,
): Promise<FlowForPartner | null> {
  const rows = await tx.execute<FlowRow>(
    sql`select ${FLOW_COLUMNS} where f.id = ${flowId} and f.partner_id = ${partnerId} and f.deleted_at is null`,
  );
  const row = rows.rows[0];
  if (!row) return null;
  return {
    ...toFlow(row),
    documents: await partnerDocuments(tx, sql`f.id = ${flowId}`),
    tasks: await partnerTasks(tx, sql`f.id = ${flowId}`),
  };
}

/** /dashboard_partner: the partner's flows by status, open quotations and invoices, and open tasks. */
export async function partnerDashboard(
  tx: Tx,
  partner: { id: number; name: string },
): Promise<PartnerDashboard> {
  const counts = await tx.execute<{ status: string; count: number }>(sql`select flow_status as status,
      count(*)::int as count from flow where partner_id = ${partner.id} and deleted_at is null
    group by flow_status`);
  const own = sql`f.partner_id = ${partner.id}`;
  return {
    partner,
    flows_by_status: counts.rows,
    open_quotations: await partnerDocuments(
      tx,
      sql`${own} and d.kind = 'quotation' and d.status = 'sent'`,
      20,
    ),
    open_invoices: await partnerDocuments(
      tx,
      sql`${own} and d.kind = 'invoice' and d.status in ('sent', 'expired')`,
      20,
    ),
    tasks: await partnerTasks(tx, sql`${own} and t.status in ('open', 'onhold')`, 20),
  };
}
