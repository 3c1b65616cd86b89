import type { Paginated, Task, TaskFilters, zTaskPageQuery } from '@im/domain';
import { and, asc, desc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Tx } from '../../platform/db/database';
import { task } from '../../platform/db/tables/planning.schema';
import { currentCompanyIdSql } from '../../platform/db/tenancy-sql';
import { baseSelect, serializeAll } from './task-rows';

/** The filters of the overview and the map as one condition (templates never count). */
export function filterWhere(f: TaskFilters, now: Date): SQL | undefined {
  const status =
    f.status === 'openoronhold'
      ? inArray(task.status, ['open', 'onhold'])
      : f.status === 'all'
        ? undefined
        : eq(task.status, f.status);
  const planning = (() => {
    switch (f.planning) {
      case 'completed':
        return eq(task.status, 'afgerond');
      case 'unplanned':
        return and(eq(task.status, 'open'), isNull(task.startDate));
      case 'upcoming':
        return and(eq(task.status, 'open'), sql`${task.startDate} > ${now}`);
      case 'unfinished':
        return sql`(${task.status} = 'onhold' or (${task.status} = 'open' and coalesce(${task.endDate}, ${task.startDate}) < ${now}))`;
      case 'other':
        return and(
          eq(task.status, 'open'),
          sql`${task.startDate} <= ${now}`,
          sql`coalesce(${task.endDate}, ${task.startDate}) >= ${now}`,
        );
      default:
        return undefined;
    }
  })();
  return and(
    eq(task.isTemplate, false),
    status,
    planning,
    f.type ? eq(task.type, f.type) : undefined,
    f.user_id === undefined ? undefined : f.user_id === 0 ? isNull(task.userId) : eq(task.userId, f.user_id),
    f.flow_id === undefined ? undefined : eq(task.flowId, f.flow_id),
    f.relation_id === undefined
      ? undefined
      : sql`${task.flowId} in (select id from flow where relation_id = ${f.relation_id})`,
    f.query
      ? sql`${task.description} ilike ${`%${f.query.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`
      : undefined,
  );
}

const SORTS = {
  start_date: task.startDate,
  type: task.type,
  status: task.status,
  description: task.description,
  created_at: task.createdAt,
} as const;

/**
 * getOpenTasks: one page of tasks matching the filters, and the total. The page's ids come from the
 * task table alone (the company's own condition next to the policy lets the planner use the company's
 * indexes); only those rows are then joined with their flow, relation, user and addresses: joining
 * before the sort joined every matching task.
 */
export async function queryTasks(tx: Tx, q: z.infer<typeof zTaskPageQuery>): Promise<Paginated<Task>> {
  const now = new Date();
  const where = and(eq(task.companyId, currentCompanyIdSql), filterWhere(q.filters, now));
  const descending = q.sort.startsWith('-');
  const column = SORTS[q.sort.replace(/^-/, '') as keyof typeof SORTS];
  // Unplanned tasks (no start) come last either way.
  const order = descending
    ? [sql`${column} desc nulls last`, desc(task.id)]
    : [sql`${column} asc nulls last`, asc(task.id)];
  const [page, [count]] = await Promise.all([
    tx
      .select({ id: task.id })
      .from(task)
      .where(where)
      .orderBy(...order)
      .limit(q.limit)
      .offset(q.offset),
    tx.select({ n: sql<number>`count(*)::int` }).from(task).where(where),
  ]);
  const ids = page.map((r) => r.id);
  const rows = ids.length === 0 ? [] : await baseSelect(tx).where(inArray(task.id, ids));
  const byId = new Map(rows.map((r) => [r.t.id, r]));
  return {
    data: await serializeAll(
      tx,
      ids.flatMap((id) => byId.get(id) ?? []),
      now,
    ),
    pagination: { total: count?.n ?? 0, offset: q.offset, limit: q.limit },
  };
}
