import { sql } from 'drizzle-orm';
import { user } from '../../platform/db/tables/users.schema';

/** `name nameprefix surname` of the user table, for joins. */
export const userFullnameSql = sql<string>`coalesce(nullif(concat_ws(' ', nullif(${user.name}, ''), nullif(${user.nameprefix}, ''), nullif(${user.surname}, '')), ''), '')`;
