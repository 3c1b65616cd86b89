// getAuthUrlForUser (spec 000 section 7's user calls; decision 074): a system administrator (role above 4999, who
// sees every user's calendar links) asks for a user's calendar link. The consent stays the account owner's: the
// answer is no provider address but an address of the app, the profile with the calendar and the user named;
// that user opens it (after logging in) and starts the round there with their own account. Nothing secret is
// in it; another user who opens it is told it is not theirs. The request is written in the user's log.
import {
  type CalendarLinkForUser,
  type CalendarService,
  calendarLinkPath,
  INTEGRATION_TEXTS,
} from '@im/domain';
import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../platform/db/database';
import { integrationConnection } from '../../platform/db/tables/integrations.schema';
import { user } from '../../platform/db/tables/users.schema';
import { conflict, forbidden, notFound } from '../../platform/errors';
import { labelOf } from './connections';
import type { IntegrationContext } from './integration-context';
import { writeIntegrationLog } from './integration-log';
import { calendarProvider } from './link-calendar';

/** Role from which a link is made for another user (spec 000 section 6: above 4999 sees every user's links). */
export const LINK_FOR_OTHERS_MIN_ROLE = 5000;

export async function calendarLinkForUser(
  ctx: IntegrationContext,
  tx: Tx,
  actor: { userId: number; role: number },
  service: CalendarService,
  userId: number,
): Promise<CalendarLinkForUser> {
  // Another company's user is not found here (row-level security).
  const [target] = await tx.select({ id: user.id }).from(user).where(eq(user.id, userId));
  if (!target) throw notFound('Gebruiker niet gevonden.');
  if (userId !== actor.userId && actor.role < LINK_FOR_OTHERS_MIN_ROLE)
    throw forbidden(INTEGRATION_TEXTS.linkForOthersRole);
  calendarProvider(ctx, service);
  const label = labelOf(service);
  const [linked] = await tx
    .select({ status: integrationConnection.status })
    .from(integrationConnection)
    .where(and(eq(integrationConnection.service, service), eq(integrationConnection.userId, userId)));
  if (linked?.status === 'active') throw conflict(INTEGRATION_TEXTS.alreadyLinked(label));
  const [by] = await tx
    .select({ name: user.name, nameprefix: user.nameprefix, surname: user.surname })
    .from(user)
    .where(eq(user.id, actor.userId));
  const byName = by ? [by.name, by.nameprefix, by.surname].filter(Boolean).join(' ') : String(actor.userId);
  await writeIntegrationLog(tx, {
    service,
    userId,
    message: INTEGRATION_TEXTS.linkForUserMade(label, byName),
  });
  return { url: `${ctx.config.APP_URL}/#${calendarLinkPath(service, userId)}`, user_id: userId };
}
