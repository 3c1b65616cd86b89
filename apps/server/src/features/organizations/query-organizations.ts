import type { PaginationQuery } from '@im/domain';
import { and, asc, desc, eq, ilike, isNull, or, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/database';
import { containsPattern, sortOrder } from '../../platform/db/paginate';
import { organization } from '../../platform/db/tables/organizations.schema';
import { currentCompanyIdSql } from '../../platform/db/tenancy-sql';
import { addressOf, mainLocationsOf } from '../locations';
import { loadOrganizations } from './organization-dto';

const SORT_COLUMNS = {
  id: organization.id,
  name: organization.name,
  email: organization.email,
  created_at: organization.createdAt,
  updated_at: organization.updatedAt,
};

/** A page of live organizations, searched on name, e-mail and chamber of commerce number. */
export async function queryOrganizations(tx: Tx, q: PaginationQuery) {
  const text = q.query?.trim();
  const pattern = text ? containsPattern(text) : undefined;
  const where = and(
    eq(organization.companyId, currentCompanyIdSql),
    isNull(organization.deletedAt),
    pattern
      ? or(
          ilike(organization.name, pattern),
          ilike(organization.email, pattern),
          ilike(organization.cocNumber, pattern),
        )
      : undefined,
  );
  const page = await tx
    .select({ id: organization.id })
    .from(organization)
    .where(where)
    .orderBy(...sortOrder(q.sort, SORT_COLUMNS, 'name', organization.id))
    .limit(q.limit)
    .offset(q.offset);
  const [count] = await tx.select({ n: sql<number>`count(*)::int` }).from(organization).where(where);
  return {
    data: await loadOrganizations(
      tx,
      page.map((p) => p.id),
    ),
    pagination: { total: count!.n, offset: q.offset, limit: q.limit },
  };
}

/** The typeahead: live organizations whose name contains the text, names starting with it first. At most 10. */
export async function searchOrganizations(tx: Tx, query: string, limit = 10) {
  const text = query.trim();
  const rows = await tx
    .select({ id: organization.id, name: organization.name })
    .from(organization)
    .where(
      and(
        eq(organization.companyId, currentCompanyIdSql),
        isNull(organization.deletedAt),
        ilike(organization.name, containsPattern(text)),
      ),
    )
    .orderBy(
      desc(sql`${organization.name} ilike ${`${containsPattern(text).slice(1)}`}`),
      asc(organization.name),
    )
    .limit(limit);
  const locations = await mainLocationsOf(
    tx,
    'organization',
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({ id: r.id, name: r.name, address: addressOf(locations.get(r.id)) }));
}
