import type { CalendarFeed } from '@im/domain';
import { and, asc, eq, isNull } from 'drizzle-orm';
import ical from 'ical-generator';
import { hashToken, newToken } from '../../platform/auth/tokens';
import type { Database, Tx } from '../../platform/db/database';
import { company } from '../../platform/db/tables/companies.schema';
import { agendaItem, calendarFeed } from '../../platform/db/tables/planning.schema';
import { user } from '../../platform/db/tables/users.schema';
import { writeLog } from '../../platform/events/write-log';
import { toIso } from '../../platform/http/dates';
import { agendaSelect, overlapping, serializeAgendaItem } from './agenda-items';

const DAY_MS = 86_400_000;
/** What a feed holds: half a year back, a year ahead (phone calendars refresh it every hour or so). */
const FEED_PAST_DAYS = 183;
const FEED_FUTURE_DAYS = 366;
const FEED_MAX_ITEMS = 5000;

/** The feed's address path for a token; the secret is its only credential. */
export function feedPath(token: string): string {
  return `/api/calendar/feed/${token}.ics`;
}

export async function feedStatus(tx: Tx, userId: number): Promise<CalendarFeed> {
  const [row] = await tx.select().from(calendarFeed).where(eq(calendarFeed.userId, userId));
  return { active: Boolean(row), created_at: row ? toIso(row.createdAt) : null };
}

/** Makes a new secret address for the user; the previous one stops working at once. */
export async function renewFeed(tx: Tx, userId: number, appUrl: string): Promise<CalendarFeed> {
  const token = newToken();
  const now = new Date();
  await tx
    .insert(calendarFeed)
    .values({ userId, tokenHash: hashToken(token), createdAt: now })
    .onConflictDoUpdate({
      target: [calendarFeed.companyId, calendarFeed.userId],
      set: { tokenHash: hashToken(token), createdAt: now },
    });
  await writeLog(tx, {
    type: 'user',
    id: userId,
    action: 'update',
    description: 'Agenda-abonnement aangemaakt',
  });
  return { active: true, created_at: toIso(now), url: `${appUrl}${feedPath(token)}` };
}

export async function revokeFeed(tx: Tx, userId: number): Promise<boolean> {
  const deleted = await tx.delete(calendarFeed).where(eq(calendarFeed.userId, userId)).returning();
  if (deleted.length === 0) return false;
  await writeLog(tx, {
    type: 'user',
    id: userId,
    action: 'update',
    description: 'Agenda-abonnement ingetrokken',
  });
  return true;
}

/**
 * The iCalendar text of a feed token, or null when the token is unknown, revoked, or its user or
 * company is gone. The lookup crosses companies (the token is the credential); the items are read
 * in the user's own company scope.
 */
export async function feedCalendar(db: Database, token: string, now = new Date()): Promise<string | null> {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return null;
  const owner = await db.platform(async (tx) => {
    const [row] = await tx
      .select({ userId: calendarFeed.userId, companyId: calendarFeed.companyId, companyName: company.name })
      .from(calendarFeed)
      .innerJoin(user, eq(user.id, calendarFeed.userId))
      .innerJoin(company, eq(company.id, calendarFeed.companyId))
      .where(
        and(eq(calendarFeed.tokenHash, hashToken(token)), isNull(user.deletedAt), isNull(company.deletedAt)),
      );
    return row ?? null;
  });
  if (!owner) return null;
  const rows = await db.tenant(
    { companyId: owner.companyId, userId: owner.userId, impersonatorUserId: null },
    (tx) =>
      agendaSelect(tx)
        .where(
          and(
            overlapping(
              new Date(now.getTime() - FEED_PAST_DAYS * DAY_MS),
              new Date(now.getTime() + FEED_FUTURE_DAYS * DAY_MS),
            ),
            eq(agendaItem.userId, owner.userId),
          ),
        )
        .orderBy(asc(agendaItem.startDate))
        .limit(FEED_MAX_ITEMS),
    { snapshot: true },
  );
  const calendar = ical({
    name: `${owner.companyName} – agenda`,
    prodId: { company: 'installatiemanager', product: 'agenda', language: 'NL' },
    ttl: 60 * 30,
  });
  for (const row of rows) {
    const item = serializeAgendaItem(row);
    calendar.createEvent({
      id: row.a.uid,
      start: row.a.startDate,
      end: row.a.endDate,
      stamp: row.a.updatedAt,
      lastModified: row.a.updatedAt,
      created: row.a.createdAt,
      summary: item.title,
      description: [item.link_label, item.description].filter(Boolean).join('\n\n') || null,
      location: item.location || null,
    });
  }
  return calendar.toString();
}
