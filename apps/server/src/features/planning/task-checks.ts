import { isPlannable, TASK_MESSAGES, type TaskType, taskEndFor } from '@im/domain';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../platform/db/database';
import { location } from '../../platform/db/tables/locations.schema';
import { user } from '../../platform/db/tables/users.schema';
import { notFound, validationError } from '../../platform/errors';
import { resolveUserId } from './targets';

/** A location given as the work address must be one of the company's (404 otherwise). */
export async function checkLocation(tx: Tx, id: number | null | undefined): Promise<void> {
  if (id === null || id === undefined) return;
  const [found] = await tx.select({ id: location.id }).from(location).where(eq(location.id, id));
  if (!found) throw notFound('Locatie niet gevonden.');
}

/** A task's user must be plannable for its type (spec 001 section 5); null is nobody. */
export async function plannableUser(
  tx: Tx,
  requested: number | null | undefined,
  type: TaskType,
  flowUserId: number | null,
  callerId: number,
): Promise<number | null | undefined> {
  if (requested === undefined) return undefined;
  if (requested === null) return null;
  const id = await resolveUserId(
    tx,
    requested,
    { targetType: 'flow', relationId: null, organizationId: null, flowId: null, flowUserId },
    callerId,
  );
  if (id === null) return null;
  const [u] = await tx
    .select({ hide: user.hideFromPlanning, userType: user.userType })
    .from(user)
    .where(eq(user.id, id));
  if (u && !isPlannable({ hide_from_planning: u.hide, user_type: u.userType }, type))
    throw validationError(TASK_MESSAGES.notPlannable, { user_id: [TASK_MESSAGES.notPlannable] });
  return id;
}

/** Start and end as stored: a start without an end lasts its duration, or one hour. */
export function timesFor(start: Date | null, end: Date | null, duration: number | null | undefined) {
  if (start && !end)
    end = duration ? new Date(start.getTime() + duration * 60_000) : taskEndFor(null, null, start);
  if (start && end && end.getTime() < start.getTime())
    throw validationError(TASK_MESSAGES.endBeforeStart, { end_date: [TASK_MESSAGES.endBeforeStart] });
  return { start, end };
}
