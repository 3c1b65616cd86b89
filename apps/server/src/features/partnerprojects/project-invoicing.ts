import {
  type FlowInvoiceFacts,
  isFinishedFlowStatus,
  type ProjectProgress,
  projectProgress,
  sumMoney,
} from '@im/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/database';
import { PROJECT_FLOW_SQL } from './project-flow-sql';

/**
 * The amount excl. VAT a flow brings into a combined document: its latest live confirmation or quotation,
 * else its dossier calculation (the same source the combine action copies lines from). `f` is the flow.
 */
const FLOW_AMOUNT_SQL = sql`coalesce(
  (select c.amount_exc_vat from sales_document d join calculation c on c.id = d.calculation_id
    where d.flow_id = f.id and d.deleted_at is null and not d.is_template
      and d.kind in ('confirmation', 'quotation') and d.status not in ('cancelled', 'rejected', 'declined')
    order by (d.kind = 'confirmation') desc, d.id desc limit 1),
  (select c.amount_exc_vat from calculation c where c.flow_id = f.id and not c.is_template
      and not exists (select 1 from sales_document d where d.flow_id = f.id and d.calculation_id = c.id)
    order by c.updated_at desc, c.id desc limit 1),
  0)::text`;

/** The flow is in a live combined invoice of project `projectId` (another than `except`). */
const invoicedSql = (projectId: number | SQL, except: number | null) => sql`exists (
  select 1 from partner_project_document_flow x join sales_document d on d.id = x.document_id
  where x.partner_project_id = ${projectId} and x.flow_id = f.id and x.kind = 'invoice'
    and d.deleted_at is null and d.status <> 'cancelled'
    ${except === null ? sql`` : sql`and d.id <> ${except}`})`;

/** Where the project stands against its progress threshold (null: it has none). */
export async function loadProjectProgress(
  tx: Tx,
  projectId: number,
  method: string | null,
  amount: number | null,
): Promise<ProjectProgress | null> {
  if (!method) return null;
  const flows = await tx.execute<{ flow_status: string; invoiced: boolean; amount: string }>(sql`
    select f.flow_status, ${invoicedSql(projectId, null)} as invoiced,
      ${method.endsWith('invoice_reached') ? FLOW_AMOUNT_SQL : sql`'0'`} as amount
    from partner_project p join flow f on f.company_id = p.company_id and f.partner_project_id = p.id
    where p.id = ${projectId} and ${PROJECT_FLOW_SQL}`);
  const tasks = await tx.execute<{ n: number; done: number }>(sql`
    select count(*)::int as n, count(*) filter (where t.status = 'afgerond')::int as done
    from task t join flow f on f.id = t.flow_id join partner_project p on p.id = f.partner_project_id
    where p.id = ${projectId} and ${PROJECT_FLOW_SQL} and not t.is_template`);
  const finished = flows.rows.filter((r) => isFinishedFlowStatus(r.flow_status));
  return projectProgress(method, amount, {
    flows: flows.rows.length,
    finishedFlows: finished.length,
    tasks: tasks.rows[0]?.n ?? 0,
    finishedTasks: tasks.rows[0]?.done ?? 0,
    invoiceable: sumMoney(finished.filter((r) => !r.invoiced).map((r) => r.amount)).toString(),
    total: sumMoney(flows.rows.map((r) => r.amount)).toString(),
  });
}

/** What the invoice method looks at for one flow of the project. */
export async function flowInvoiceFacts(
  tx: Tx,
  projectId: number,
  flowId: number,
  currentDocumentId: number,
): Promise<FlowInvoiceFacts> {
  const [row] = (
    await tx.execute<{
      flow_status: string;
      tasks: number;
      done_tasks: number;
      forms: number;
      done_forms: number;
      invoiced: boolean;
    }>(sql`
    select f.flow_status,
      (select count(*)::int from task t where t.flow_id = f.id and not t.is_template) as tasks,
      (select count(*)::int from task t where t.flow_id = f.id and not t.is_template and t.status = 'afgerond') as done_tasks,
      (select count(*)::int from flow_data_item i join vertical v on v.id = i.vertical_id
        where i.flow_id = f.id and v.type = 'project') as forms,
      (select count(*)::int from flow_data_item i join vertical v on v.id = i.vertical_id
        where i.flow_id = f.id and v.type = 'project' and i.status = 'sent') as done_forms,
      ${invoicedSql(projectId, currentDocumentId)} as invoiced
    from flow f where f.id = ${flowId}`)
  ).rows;
  return {
    flowStatus: row!.flow_status,
    tasks: row!.tasks,
    finishedTasks: row!.done_tasks,
    projectForms: row!.forms,
    finishedProjectForms: row!.done_forms,
    alreadyInvoiced: row!.invoiced,
  };
}
