// A user's external calendar events for the agenda (decision 070; spec 001: GET integrations/gcal/list/{userId}/
// last week/+6 months; spec 000 section 6: another user's only with role above 999). Read from the provider
// each time; events we pushed ourselves are left out (the agenda shows their agenda items already).
import {
  type CalendarService,
  type ExternalEvent,
  INTEGRATION_TEXTS,
  MAX_EXTERNAL_RANGE_DAYS,
  PLANNING_MESSAGES,
} from '@im/domain';
import { and, eq } from 'drizzle-orm';
import { calendarEventLink, integrationConnection } from '../../platform/db/tables/integrations.schema';
import { user } from '../../platform/db/tables/users.schema';
import { forbidden, notFound, validationError } from '../../platform/errors';
import { providerProblem, withProvider } from './connections';
import type { IntegrationContext } from './integration-context';

/** Role from which another user's external events are shown (spec 000 section 6: above 999). */
export const EXTERNAL_OF_OTHERS_MIN_ROLE = 1000;
const DAY_MS = 86_400_000;

export async function listExternalEvents(
  ctx: IntegrationContext,
  actor: { companyId: number; userId: number; role: number },
  service: CalendarService,
  userId: number,
  fromDate: string,
  toDate: string,
): Promise<ExternalEvent[]> {
  const from = new Date(`${fromDate}T00:00:00.000Z`);
  // The whole last day.
  const to = new Date(new Date(`${toDate}T00:00:00.000Z`).getTime() + DAY_MS);
  if (Number.isNaN(from.getTime()) || Number.isNaN(to.getTime()))
    throw validationError('Ongeldige datum.', { from: ['Ongeldige datum.'] });
  if (from.getTime() >= to.getTime())
    throw validationError(PLANNING_MESSAGES.startAfterEnd, { from: [PLANNING_MESSAGES.startAfterEnd] });
  if (to.getTime() - from.getTime() > MAX_EXTERNAL_RANGE_DAYS * DAY_MS)
    throw validationError(INTEGRATION_TEXTS.externalRangeTooLong, {
      to: [INTEGRATION_TEXTS.externalRangeTooLong],
    });

  const { linked, ours } = await ctx.db.tenant(actor, async (tx) => {
    // Another company's user is not found here (row-level security).
    const [found] = await tx.select({ id: user.id }).from(user).where(eq(user.id, userId));
    if (!found) throw notFound('Gebruiker niet gevonden.');
    if (userId !== actor.userId && actor.role < EXTERNAL_OF_OTHERS_MIN_ROLE)
      throw forbidden(INTEGRATION_TEXTS.externalEventsOthers);
    const [linked] = await tx
      .select({ status: integrationConnection.status })
      .from(integrationConnection)
      .where(and(eq(integrationConnection.userId, userId), eq(integrationConnection.service, service)));
    const ours = await tx
      .select({ externalId: calendarEventLink.externalId })
      .from(calendarEventLink)
      .where(and(eq(calendarEventLink.userId, userId), eq(calendarEventLink.service, service)));
    return { linked: linked ?? null, ours: new Set(ours.map((o) => o.externalId)) };
  });
  // Not linked (or lapsed: the profile says so): nothing to show.
  if (linked?.status !== 'active') return [];
  const provider = ctx.calendars[service];
  if (!provider.auth(ctx.config)) return [];
  try {
    const events = await withProvider(
      ctx,
      actor.companyId,
      provider,
      (http) => provider.listEvents(http, from, to),
      userId,
    );
    return events
      .filter((e) => !ours.has(e.id) && e.start && e.end)
      .map((e) => ({
        id: e.id,
        service,
        summary: e.summary,
        start: e.start,
        end: e.end,
        all_day: e.allDay,
        location: e.location,
        kind: 'google' as const,
      }));
  } catch (err) {
    throw providerProblem(service, err);
  }
}
