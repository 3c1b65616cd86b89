import { TZDate } from '@date-fns/tz';
import {
  addHours,
  differenceInMinutes,
  endOfDay,
  formatDistanceStrict,
  setMilliseconds,
  setSeconds,
} from 'date-fns';
import { nl } from 'date-fns/locale/nl';

/** The business time zone (api-contract "Dates"): "today" is a day in Amsterdam. */
export const BUSINESS_TIME_ZONE = 'Europe/Amsterdam';

const HOUR_MS = 3_600_000;

/** The last millisecond of `now`'s day in Amsterdam (23:59:59.999 local, on both DST days). */
export function endOfTodayAmsterdam(now: Date): Date {
  return new Date(endOfDay(new TZDate(now.getTime(), BUSINESS_TIME_ZONE)).getTime());
}

/** Spec 001 section 4: the two dates that make an open action due or overdue. */
export interface ActionDates {
  status: string;
  due_date: Date | string;
  overdue_date: Date | string;
}

/**
 * An open action is due when its due date is before the end of today (Amsterdam) and overdue when
 * its overdue date is as well. A completed action is neither. The one rule for server and screen.
 */
export function actionState(action: ActionDates, now: Date): { isdue: boolean; isoverdue: boolean } {
  if (action.status !== 'open') return { isdue: false, isoverdue: false };
  const end = endOfTodayAmsterdam(now).getTime();
  const due = new Date(action.due_date).getTime();
  const overdue = new Date(action.overdue_date).getTime();
  return { isdue: due < end, isoverdue: due < end && overdue < end };
}

/** The minute `date` is in: seconds and milliseconds zeroed. */
export function toMinute(date: Date): Date {
  return setMilliseconds(setSeconds(date, 0), 0);
}

/** Spec 001 section 5: a new action is due now (seconds zeroed), overdue 48 hours later, normal priority. */
export function newActionDefaults(now: Date): { due_date: Date; overdue_date: Date; priority: 'normal' } {
  const due = toMinute(now);
  return { due_date: due, overdue_date: addHours(due, 48), priority: 'normal' };
}

/** Spec 001 section 5: a new agenda item starts now (seconds zeroed) and ends an hour later. */
export function newAgendaItemTimes(now: Date): { start_date: Date; end_date: Date } {
  const start = toMinute(now);
  return { start_date: start, end_date: addHours(start, 1) };
}

/**
 * Moving the first date of a pair moves the second by the same interval (an action's due and
 * overdue date, an agenda item's start and end). Answers the new second date.
 */
export function shiftPair(
  previousFirst: Date | string,
  previousSecond: Date | string,
  nextFirst: Date | string,
): Date {
  const delta = new Date(nextFirst).getTime() - new Date(previousFirst).getTime();
  return new Date(new Date(previousSecond).getTime() + delta);
}

/**
 * Spec 001 section 4: a task's new start keeps its previous duration, or one hour when it had none
 * (no end, or an end not after the start). Answers the new end.
 */
export function taskEndFor(
  previousStart: Date | string | null,
  previousEnd: Date | string | null,
  nextStart: Date | string,
): Date {
  const start = new Date(nextStart).getTime();
  if (previousStart !== null && previousEnd !== null) {
    const duration = new Date(previousEnd).getTime() - new Date(previousStart).getTime();
    if (duration > 0) return new Date(start + duration);
  }
  return new Date(start + HOUR_MS);
}

/** Spec 001 section 4: a new task start defaults to today at 12:00 (Amsterdam). */
export function defaultTaskStart(now: Date): Date {
  const local = new TZDate(now.getTime(), BUSINESS_TIME_ZONE);
  local.setHours(12, 0, 0, 0);
  return new Date(local.getTime());
}

/** "over 2 dagen", "3 uur geleden": the action's `relative_time`, in Dutch. */
export function relativeTime(date: Date | string, now: Date): string {
  const d = new Date(date);
  if (Math.abs(differenceInMinutes(d, now)) < 1) return 'nu';
  return formatDistanceStrict(d, now, { locale: nl, addSuffix: true });
}

/** True when the pair is in order (first not after second). */
export function inOrder(first: Date | string, second: Date | string): boolean {
  return new Date(first).getTime() <= new Date(second).getTime();
}

/** An ISO moment as the value of a `datetime-local` field, in Amsterdam time ("2026-12-01T09:30"). */
export function toAmsterdamInput(value: Date | string): string {
  const d = new TZDate(new Date(value).getTime(), BUSINESS_TIME_ZONE);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A `datetime-local` value read as Amsterdam time, as an ISO moment; null when it is not one. */
export function fromAmsterdamInput(value: string): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(value);
  if (!m) return null;
  const [, y, mo, d, h, mi] = m.map(Number) as [number, number, number, number, number, number];
  const local = new TZDate(y, mo - 1, d, h, mi, BUSINESS_TIME_ZONE);
  return Number.isNaN(local.getTime()) ? null : new Date(local.getTime()).toISOString();
}
