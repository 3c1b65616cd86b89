import type { PaginationQuery } from '@im/domain';
import { and, eq, ilike, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/database';
import { containsPattern, sortOrder } from '../../platform/db/paginate';
import { company, companyModule, module } from '../../platform/db/tables/companies.schema';
import { toIso } from '../../platform/http/dates';
import { usersCountSql } from './company-detail';

const SORT_COLUMNS = {
  id: company.id,
  name: sql`lower(${company.name})`,
  created_at: company.createdAt,
  users_count: usersCountSql,
};

/** A page of active (or trashed) companies, searched, sorted and counted in the database. */
export async function queryCompanies(tx: Tx, q: PaginationQuery, which: 'active' | 'trashed') {
  const where = and(
    which === 'trashed' ? isNotNull(company.deletedAt) : isNull(company.deletedAt),
    q.query?.trim() ? ilike(company.name, containsPattern(q.query.trim())) : undefined,
  );
  const order = sortOrder(q.sort, SORT_COLUMNS, 'name', company.id);
  const rows = await tx
    .select({
      id: company.id,
      name: company.name,
      country: company.country,
      createdAt: company.createdAt,
      deletedAt: company.deletedAt,
      usersCount: usersCountSql,
    })
    .from(company)
    .where(where)
    .orderBy(...order)
    .limit(q.limit)
    .offset(q.offset);
  const [count] = await tx.select({ n: sql<number>`count(*)::int` }).from(company).where(where);
  const tags = new Map<number, string[]>();
  if (rows.length > 0) {
    const modules = await tx
      .select({ companyId: companyModule.companyId, tag: module.tag })
      .from(companyModule)
      .innerJoin(module, eq(module.id, companyModule.moduleId))
      .where(
        inArray(
          companyModule.companyId,
          rows.map((r) => r.id),
        ),
      )
      .orderBy(module.id);
    for (const m of modules) tags.set(m.companyId, [...(tags.get(m.companyId) ?? []), m.tag]);
  }
  return {
    data: rows.map((r) => ({
      id: r.id,
      name: r.name,
      country: r.country,
      users_count: r.usersCount,
      modules: tags.get(r.id) ?? [],
      created_at: toIso(r.createdAt),
      deleted_at: r.deletedAt ? toIso(r.deletedAt) : null,
    })),
    pagination: { total: count!.n, offset: q.offset, limit: q.limit },
  };
}
