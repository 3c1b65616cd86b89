// What intakes and projects share: their overview rows, form sets and tasks (decision 023).
import {
  FORM_MESSAGES,
  type Intake,
  type Paginated,
  type Project,
  type StagePageQuery,
  type VerticalType,
} from '@im/domain';
import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/database';
import { UNKNOWN_SORT } from '../../platform/db/paginate';
import { flowDataItem, vertical } from '../../platform/db/tables/forms.schema';
import { task } from '../../platform/db/tables/planning.schema';
import { validationError } from '../../platform/errors';
import { computeValues } from './flow-data-items';
import { loadFields } from './verticals';

type StageKind = 'intake' | 'project';

type StageRow = {
  id: number;
  status: string;
  flow_id: number | null;
  flow_number: number | null;
  relation_id: number | null;
  relation_name: string | null;
  number: number | null;
  is_template: boolean;
  name: string;
  description: string;
  vertical_ids: number[];
  template_id: number | null;
  intake_date: Date | string | null;
  created_at: Date | string;
  updated_at: Date | string;
};

const iso = (d: Date | string) => (d instanceof Date ? d : new Date(d)).toISOString();

export function serializeStage(kind: StageKind, r: StageRow): Intake | Project {
  const common = {
    id: r.id,
    flow_id: r.flow_id,
    flow_number: r.flow_number,
    relation_id: r.relation_id,
    relation_name: r.relation_name ?? '',
    number: r.number,
    is_template: r.is_template,
    name: r.name,
    description: r.description,
    vertical_ids: r.vertical_ids,
    created_at: iso(r.created_at),
    updated_at: iso(r.updated_at),
  };
  if (kind === 'intake')
    return {
      ...common,
      status: r.status as Intake['status'],
      intake_date: r.intake_date ? iso(r.intake_date) : null,
      intaketemplate_id: r.template_id,
    };
  return { ...common, status: r.status as Project['status'], projecttemplate_id: r.template_id };
}

const SORTS: Record<string, string> = {
  number: 's.number',
  status: 's.status',
  flow_number: 'f.number',
  relation_name: 'r.fullname',
  intake_date: 's.intake_date',
  created_at: 's.created_at',
};

/** The overview rows (paged on the server) or the rows of some ids, of intakes or projects. */
export async function queryStages(
  tx: Tx,
  kind: StageKind,
  q: StagePageQuery | { ids: number[] },
): Promise<Paginated<Intake | Project>> {
  const table = sql.raw(kind);
  const relationJoin =
    kind === 'intake' ? sql.raw('coalesce(s.relation_id, f.relation_id)') : sql.raw('f.relation_id');
  const where: SQL[] = [];
  let order = sql.raw('s.id');
  let limit = 0;
  let offset = 0;
  if ('ids' in q) {
    where.push(sql`s.id in ${q.ids.length ? q.ids : [0]}`);
  } else {
    where.push(sql`s.is_template = ${q.is_template}`);
    // The company named (not only the RLS policy), so the company index serves the page.
    where.push(sql`s.company_id = nullif(current_setting('app.company_id', true), '')::integer`);
    if (q.status) where.push(sql`s.status = ${q.status}`);
    if (q.flow_id !== undefined) where.push(sql`s.flow_id = ${q.flow_id}`);
    const text = q.query?.trim();
    if (text) {
      const pattern = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      where.push(
        sql`(r.fullname ilike ${pattern} or s.name ilike ${pattern} or s.description ilike ${pattern} or s.number::text = ${text} or f.number::text = ${text})`,
      );
    }
    const raw = q.sort;
    const descending = raw.startsWith('-');
    const key = descending ? raw.slice(1) : raw;
    const column = SORTS[key];
    if (!column || (key === 'intake_date' && kind !== 'intake'))
      throw validationError(UNKNOWN_SORT, { sort: [UNKNOWN_SORT] });
    const dir = descending ? 'desc nulls last' : 'asc nulls first';
    order = sql.raw(`${column} ${dir}, s.id ${descending ? 'desc' : 'asc'}`);
    limit = q.limit;
    offset = q.offset;
  }
  const condition = sql.join(where, sql` and `);
  const from = sql`from ${table} s
    left join flow f on f.id = s.flow_id
    left join relation r on r.id = ${relationJoin}`;
  const rows = await tx.execute<StageRow>(sql`select s.id, s.status, s.flow_id, f.number as flow_number,
      ${relationJoin} as relation_id, r.fullname as relation_name, s.number, s.is_template, s.name,
      s.description, s.vertical_ids, s.${sql.raw(kind === 'intake' ? 'intaketemplate_id' : 'projecttemplate_id')} as template_id,
      ${kind === 'intake' ? sql.raw('s.intake_date') : sql.raw('null::timestamptz')} as intake_date,
      s.created_at, s.updated_at
    ${from}
    where ${condition}
    order by ${order}
    ${limit ? sql`limit ${limit} offset ${offset}` : sql``}`);
  let total = rows.rows.length;
  if (!('ids' in q)) {
    const counted = await tx.execute<{ n: number }>(
      sql`select count(*)::int as n ${from} where ${condition}`,
    );
    total = counted.rows[0]?.n ?? 0;
  }
  return {
    data: rows.rows.map((r) => serializeStage(kind, r)),
    pagination: { total, offset, limit: 'ids' in q ? rows.rows.length : limit },
  };
}

/** The forms given, each a live form of the right type (422 otherwise), without repeats. */
export async function checkVerticals(tx: Tx, ids: number[], type: VerticalType): Promise<number[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  const rows = await tx
    .select({ id: vertical.id, type: vertical.type, archived: vertical.archived })
    .from(vertical)
    .where(inArray(vertical.id, unique));
  for (const id of unique) {
    const v = rows.find((r) => r.id === id);
    if (!v)
      throw validationError(FORM_MESSAGES.verticalNotFound, {
        vertical_ids: [FORM_MESSAGES.verticalNotFound],
      });
    if (v.archived)
      throw validationError(FORM_MESSAGES.verticalArchived, {
        vertical_ids: [FORM_MESSAGES.verticalArchived],
      });
    if (v.type !== type)
      throw validationError(FORM_MESSAGES.wrongVerticalType, {
        vertical_ids: [FORM_MESSAGES.wrongVerticalType],
      });
  }
  return unique;
}

/** One open copy of each form the intake or project does not hold yet. */
export async function addFormsTo(
  tx: Tx,
  target: { flowId: number; intakeId?: number; projectId?: number },
  verticalIds: number[],
): Promise<void> {
  if (verticalIds.length === 0) return;
  const existing = await tx
    .select({ verticalId: flowDataItem.verticalId })
    .from(flowDataItem)
    .where(
      and(
        eq(flowDataItem.flowId, target.flowId),
        target.intakeId
          ? eq(flowDataItem.intakeId, target.intakeId)
          : eq(flowDataItem.projectId, target.projectId ?? 0),
      ),
    );
  const have = new Set(existing.map((e) => e.verticalId));
  const missing = verticalIds.filter((id) => !have.has(id));
  if (missing.length === 0) return;
  const fields = await loadFields(tx, missing);
  await tx.insert(flowDataItem).values(
    missing.map((verticalId) => ({
      flowId: target.flowId,
      verticalId,
      intakeId: target.intakeId ?? null,
      projectId: target.projectId ?? null,
      values: computeValues(
        'form',
        fields.filter((f) => f.verticalId === verticalId),
        {},
      ),
    })),
  );
}

export async function stageTasks(tx: Tx, where: SQL) {
  const rows = await tx.select().from(task).where(where).orderBy(asc(task.startDate), asc(task.id));
  return rows.map((t) => ({
    id: t.id,
    description: t.description,
    status: t.status,
    user_id: t.userId,
    start_date: t.startDate?.toISOString() ?? null,
    end_date: t.endDate?.toISOString() ?? null,
  }));
}
