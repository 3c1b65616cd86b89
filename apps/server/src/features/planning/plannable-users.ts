import { isPlannable, type TaskType } from '@im/domain';
import { asc, isNull } from 'drizzle-orm';
import type { Tx } from '../../platform/db/database';
import { user } from '../../platform/db/tables/users.schema';
import { userFullnameSql } from '../users';

/** The planning filter: the users who can be planned for a task type (spec 001 section 5). */
export async function plannableUsers(tx: Tx, type: TaskType) {
  const rows = await tx
    .select({
      id: user.id,
      fullname: userFullnameSql,
      userType: user.userType,
      hide: user.hideFromPlanning,
    })
    .from(user)
    .where(isNull(user.deletedAt))
    .orderBy(asc(user.name), asc(user.id));
  return rows
    .filter((u) => u.userType !== 'partner' && u.userType !== 'dummy')
    .filter((u) => isPlannable({ hide_from_planning: u.hide, user_type: u.userType }, type))
    .map((u) => ({ id: u.id, fullname: u.fullname ?? '', user_type: u.userType }));
}
