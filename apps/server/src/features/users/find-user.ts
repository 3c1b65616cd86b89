import type { User } from '@im/domain';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/database';
import { company } from '../../platform/db/tables/companies.schema';
import { user } from '../../platform/db/tables/users.schema';
import { serializeUser } from './serialize-user';

export async function findUserByEmail(tx: Tx, email: string) {
  const rows = await tx
    .select()
    .from(user)
    .where(and(sql`lower(${user.email}) = ${email.trim().toLowerCase()}`, isNull(user.deletedAt)))
    .limit(1);
  return rows[0] ?? null;
}

export async function findUserById(tx: Tx, id: number) {
  const rows = await tx
    .select()
    .from(user)
    .where(and(eq(user.id, id), isNull(user.deletedAt)))
    .limit(1);
  return rows[0] ?? null;
}

export async function isEmailTaken(tx: Tx, email: string, exceptUserId?: number): Promise<boolean> {
  const found = await findUserByEmail(tx, email);
  return found !== null && found.id !== exceptUserId;
}

/** A user as the API shows it (with the company name), or null when it is not visible in this scope. */
export async function loadUserDto(tx: Tx, id: number): Promise<User | null> {
  const rows = await tx
    .select({ user, companyName: company.name })
    .from(user)
    .innerJoin(company, eq(company.id, user.companyId))
    .where(and(eq(user.id, id), isNull(user.deletedAt)))
    .limit(1);
  const row = rows[0];
  return row ? serializeUser(row.user, row.companyName) : null;
}
