import type { AdminUserChange, Paginated } from '@im/domain';
import { and, count, desc, eq, isNotNull, sql } from 'drizzle-orm';
import { type AnyPgColumn, alias } from 'drizzle-orm/pg-core';
import type { Tx } from '../../platform/db/database';
import { company } from '../../platform/db/tables/companies.schema';
import { logItem } from '../../platform/db/tables/logitems.schema';
import { user } from '../../platform/db/tables/users.schema';
import { notFound } from '../../platform/errors';

const admin = alias(user, 'admin_user');
const actor = alias(user, 'acting_user');
const fullname = (u: { name: AnyPgColumn; nameprefix: AnyPgColumn; surname: AnyPgColumn }) =>
  sql<string>`coalesce(nullif(concat_ws(' ', nullif(${u.name}, ''), nullif(${u.nameprefix}, ''), nullif(${u.surname}, '')), ''), '')`;

/**
 * company getAdminUserChangeList (platform administration): what platform administrators changed in a
 * company while logged in as one of its users — the log items that carry an admin (decision 043), newest
 * first. Runs in platform scope; an unknown company is 404.
 */
export async function getAdminUserChangeList(
  tx: Tx,
  companyId: number,
  q: { offset: number; limit: number },
): Promise<Paginated<AdminUserChange>> {
  const [found] = await tx.select({ id: company.id }).from(company).where(eq(company.id, companyId));
  if (!found) throw notFound();
  const where = and(eq(logItem.companyId, companyId), isNotNull(logItem.adminUserId));
  const [rows, [total]] = await Promise.all([
    tx
      .select({
        id: logItem.id,
        createdAt: logItem.createdAt,
        type: logItem.loggableType,
        loggableId: logItem.loggableId,
        action: logItem.action,
        description: logItem.description,
        adminUserId: logItem.adminUserId,
        adminFullname: fullname(admin),
        userId: logItem.userId,
        userFullname: fullname(actor),
      })
      .from(logItem)
      .leftJoin(admin, eq(admin.id, logItem.adminUserId))
      .leftJoin(actor, eq(actor.id, logItem.userId))
      .where(where)
      .orderBy(desc(logItem.createdAt), desc(logItem.id))
      .limit(q.limit)
      .offset(q.offset),
    tx.select({ n: count() }).from(logItem).where(where),
  ]);
  return {
    data: rows.map((r) => ({
      id: r.id,
      created_at: r.createdAt.toISOString(),
      loggable_type: r.type,
      loggable_id: r.loggableId,
      action: r.action,
      description: r.description,
      admin_user_id: r.adminUserId!,
      admin_fullname: r.adminFullname ?? '',
      user_id: r.userId,
      user_fullname: r.userFullname ?? '',
    })),
    pagination: { total: Number(total?.n ?? 0), offset: q.offset, limit: q.limit },
  };
}
