import {
  FLOW_STATUSES,
  type FlowStatus,
  type PartnerProject,
  type PartnerProjectLogItem,
  type PartnerProjectPhase,
  type ProjectProgress,
} from '@im/domain';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/database';
import { epochMs, isoFast } from '../../platform/db/iso';
import type { partnerProject } from '../../platform/db/tables/partnerprojects.schema';
import { PROJECT_FLOW_SQL } from './project-flow-sql';
import { loadProjectProgress } from './project-invoicing';

type Row = typeof partnerProject.$inferSelect;

interface ProjectRow extends Record<string, unknown> {
  id: number;
  company_id: number;
  partner_id: number;
  partner_name: string;
  label: string;
  status: string;
  mainflow_id: number | null;
  main_number: number | null;
  main_description: string | null;
  start_date: string | null;
  end_date: string | null;
  relation_id: number | null;
  relation_fullname: string | null;
  user_id: number | null;
  flowprofile_id: number | null;
  quotation_calc_method: string | null;
  invoice_calc_method: string | null;
  invoice_method: string | null;
  progress_threshold_method: string | null;
  progress_threshold_amount: string | null;
  quotationable_documents: Row['quotationableDocuments'];
  invoiceable_documents: Row['invoiceableDocuments'];
  model_flows: Row['modelFlows'];
  flow_types: string[];
  tags: string[];
  by_status: Record<string, number> | null;
  created_at: number;
}

/** Projects by id in the order given, with partner, main flow, relation and the flow counts per status. */
export async function loadProjects(tx: Tx, ids: readonly number[]): Promise<PartnerProject[]> {
  if (ids.length === 0) return [];
  const rows = await tx.execute<ProjectRow>(sql`
    select p.id, p.company_id, p.partner_id, pa.name as partner_name, p.label, p.status, p.start_date::text,
      p.end_date::text, p.relation_id, r.fullname as relation_fullname, p.user_id, p.flowprofile_id,
      p.quotation_calc_method, p.invoice_calc_method, p.invoice_method, p.progress_threshold_method,
      p.progress_threshold_amount::text, p.quotationable_documents, p.invoiceable_documents, p.model_flows,
      p.flow_types, p.tags, mf.id as mainflow_id, mf.number as main_number, mf.description as main_description,
      (select jsonb_object_agg(s.flow_status, s.n) from (select f.flow_status, count(*)::int as n from flow f
        where f.company_id = p.company_id and ${PROJECT_FLOW_SQL} group by f.flow_status) s) as by_status,
      ${epochMs(sql`p.created_at`)} as created_at
    from partner_project p
    join partner pa on pa.id = p.partner_id
    left join flow mf on mf.id = p.mainflow_id and mf.deleted_at is null
    left join relation r on r.id = p.relation_id and r.deleted_at is null
    where p.id in ${sql.raw(`(${ids.map(Number).join(',')})`)}`);
  const byId = new Map(rows.rows.map((r) => [r.id, r]));
  const found = ids.map((id) => byId.get(id)).filter((r): r is ProjectRow => r !== undefined);
  const progress = new Map<number, ProjectProgress | null>();
  for (const r of found)
    progress.set(
      r.id,
      await loadProjectProgress(
        tx,
        r.id,
        r.progress_threshold_method,
        r.progress_threshold_amount === null ? null : Number(r.progress_threshold_amount),
      ),
    );
  return found.map((r) => {
    const byStatus = r.by_status ?? {};
    const flowsByStatus = FLOW_STATUSES.filter((s) => (byStatus[s] ?? 0) > 0).map((s) => ({
      status: s as FlowStatus,
      count: byStatus[s]!,
    }));
    return {
      id: r.id,
      company_id: r.company_id,
      partner_id: r.partner_id,
      partner_name: r.partner_name,
      label: r.label,
      status: r.status as PartnerProjectPhase,
      mainflow_id: r.mainflow_id,
      main_flow:
        r.mainflow_id === null
          ? null
          : { id: r.mainflow_id, number: r.main_number!, description: r.main_description ?? '' },
      start_date: r.start_date,
      end_date: r.end_date,
      relation_id: r.relation_fullname === null ? null : r.relation_id,
      relation_fullname: r.relation_fullname,
      user_id: r.user_id,
      flowprofile_id: r.flowprofile_id,
      quotation_calc_method: r.quotation_calc_method,
      invoice_calc_method: r.invoice_calc_method,
      invoice_method: r.invoice_method,
      progress_threshold_method: r.progress_threshold_method,
      progress_threshold_amount:
        r.progress_threshold_amount === null ? null : Number(r.progress_threshold_amount),
      quotationable_documents: r.quotationable_documents,
      invoiceable_documents: r.invoiceable_documents,
      model_flows: r.model_flows,
      flow_types: r.flow_types,
      tags: r.tags,
      flows_count: flowsByStatus.reduce((n, s) => n + s.count, 0),
      flows_by_status: flowsByStatus,
      progress: progress.get(r.id) ?? null,
      created_at: isoFast(r.created_at),
    };
  });
}

export async function loadProject(tx: Tx, id: number): Promise<PartnerProject | null> {
  return (await loadProjects(tx, [id]))[0] ?? null;
}

/** The project's own log items, newest first (the last 500). */
export async function loadProjectLogItems(tx: Tx, id: number): Promise<PartnerProjectLogItem[]> {
  const rows = await tx.execute<PartnerProjectLogItem & { created_at: number }>(sql`
    select l.id, l.loggable_type, l.loggable_id, l.action, l.description,
      nullif(concat_ws(' ', nullif(u.name, ''), nullif(u.nameprefix, ''), nullif(u.surname, '')), '') as user_fullname,
      ${epochMs(sql`l.created_at`)} as created_at
    from log_item l left join "user" u on u.id = l.user_id
    where l.loggable_type = 'partnerproject' and l.loggable_id = ${id}
    order by l.created_at desc, l.id desc limit 500`);
  return rows.rows.map((r) => ({ ...r, created_at: isoFast(r.created_at) }));
}
