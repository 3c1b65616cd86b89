import type { UserQuery } from '@im/domain';
import { and, eq, ilike, isNull, or, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/database';
import { containsPattern, sortOrder } from '../../platform/db/paginate';
import { company } from '../../platform/db/tables/companies.schema';
import { user } from '../../platform/db/tables/users.schema';
import { serializeUser } from './serialize-user';

const SORT_COLUMNS = {
  id: user.id,
  name: sql`lower(${user.name})`,
  email: sql`lower(${user.email})`,
  role: user.role,
  user_type: user.userType,
  order: user.order,
  company_name: sql`lower(${company.name})`,
  created_at: user.createdAt,
};

/**
 * A page of users, searched (name, surname, e-mail), filtered, sorted and counted in the database.
 * Row-level security keeps a company administrator's transaction to their own company.
 */
export async function queryUsers(tx: Tx, q: UserQuery) {
  const text = q.query?.trim();
  const pattern = text ? containsPattern(text) : undefined;
  const where = and(
    isNull(user.deletedAt),
    q.company_id === undefined ? undefined : eq(user.companyId, q.company_id),
    q.receives_newsletter === undefined ? undefined : eq(user.receivesNewsletter, q.receives_newsletter),
    pattern
      ? or(ilike(user.name, pattern), ilike(user.surname, pattern), ilike(user.email, pattern))
      : undefined,
  );
  const order = sortOrder(q.sort, SORT_COLUMNS, 'name', user.id);
  const rows = await tx
    .select({ user, companyName: company.name })
    .from(user)
    .innerJoin(company, eq(company.id, user.companyId))
    .where(where)
    .orderBy(...order)
    .limit(q.limit)
    .offset(q.offset);
  const [count] = await tx.select({ n: sql<number>`count(*)::int` }).from(user).where(where);
  return {
    data: rows.map((r) => serializeUser(r.user, r.companyName)),
    pagination: { total: count!.n, offset: q.offset, limit: q.limit },
  };
}
