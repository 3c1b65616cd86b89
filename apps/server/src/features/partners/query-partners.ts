import type { PaginationQuery } from '@im/domain';
import { and, eq, ilike, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/database';
import { containsPattern, sortOrder } from '../../platform/db/paginate';
import { partner } from '../../platform/db/tables/partners.schema';
import { currentCompanyIdSql } from '../../platform/db/tenancy-sql';
import { loadPartners } from './partner-dto';

const SORT_COLUMNS = {
  id: partner.id,
  name: partner.name,
  start_date: partner.startDate,
  end_date: partner.endDate,
  created_at: partner.createdAt,
};

/** A page of the company's partners, searched on name (spec 001: partner lists load 25 at a time). */
export async function queryPartners(tx: Tx, q: PaginationQuery) {
  const text = q.query?.trim();
  const where = and(
    eq(partner.companyId, currentCompanyIdSql),
    text ? ilike(partner.name, containsPattern(text)) : undefined,
  );
  const page = await tx
    .select({ id: partner.id })
    .from(partner)
    .where(where)
    .orderBy(...sortOrder(q.sort, SORT_COLUMNS, 'name', partner.id))
    .limit(q.limit)
    .offset(q.offset);
  const [count] = await tx.select({ n: sql<number>`count(*)::int` }).from(partner).where(where);
  return {
    data: await loadPartners(
      tx,
      page.map((p) => p.id),
    ),
    pagination: { total: count!.n, offset: q.offset, limit: q.limit },
  };
}

/** Every partner's id and name, by name: the choice lists (workflow rules, 'add flows to partner'). */
export async function listPartnerNames(tx: Tx): Promise<{ id: number; name: string }[]> {
  return tx
    .select({ id: partner.id, name: partner.name })
    .from(partner)
    .where(eq(partner.companyId, currentCompanyIdSql))
    .orderBy(sql`lower(${partner.name})`, partner.id);
}
