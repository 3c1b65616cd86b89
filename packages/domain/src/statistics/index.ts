// Statistics (spec 000 sections 3 and 9): the windows, the stages a lead is followed through, the export
// types, the bragscreen's points and refresh, and the small rules the screens and the export share.
import { TZDate } from '@date-fns/tz';
import { addMonths, addWeeks, startOfMonth, startOfWeek } from 'date-fns';
import Decimal from 'decimal.js';
import { BUSINESS_TIME_ZONE } from '../planning/rules';

/** Spec 000 section 9: lead statistics default 14 weeks. */
export const LEAD_STATISTICS_DEFAULT_WEEKS = 14;
/** Decision 058: at most two years of weeks. */
export const LEAD_STATISTICS_MAX_WEEKS = 104;
/** Spec 000 section 9: company statistics default 13 months; the month window goes back up to 60. */
export const COMPANY_STATISTICS_DEFAULT_MONTHS = 13;
export const COMPANY_STATISTICS_MAX_MONTHS = 60;
/** Spec 000 section 3: the bragscreen's charts show 25 points (months, decision 058). */
export const PLATFORM_STATISTICS_POINTS = 25;
/** Decision 058: the bragscreen reads again every minute. */
export const BRAGSCREEN_REFRESH_MS = 60_000;
/** Decision 058: an export covers at most 5 years (the month window's limit). */
export const STATISTICS_EXPORT_MAX_DAYS = 1830;

export const STATISTICS_EXPORT_TYPES = ['xlsx', 'csv'] as const;
export type StatisticsExportType = (typeof STATISTICS_EXPORT_TYPES)[number];

/** The stages after the lead that a lead is followed into (spec 000 section 9 "Flow stages"). */
export const STATISTIC_STAGES = [
  'intake',
  'quotation',
  'confirmation',
  'project',
  'invoice',
  'aftercare',
] as const;
export type StatisticStage = (typeof STATISTIC_STAGES)[number];

export const STATISTICS_TEXTS = {
  weeksRange: `Kies 1 tot en met ${LEAD_STATISTICS_MAX_WEEKS} weken.`,
  monthsRange: `Kies 1 tot en met ${COMPANY_STATISTICS_MAX_MONTHS} maanden.`,
  exportType: 'Kies xlsx of csv.',
  dateInvalid: 'Vul een geldige datum in (jjjj-mm-dd).',
  dateOrder: 'De einddatum ligt voor de begindatum.',
  dateSpan: `Een export beslaat hoogstens ${STATISTICS_EXPORT_MAX_DAYS} dagen.`,
  userInvalid: 'Kies een gebruiker uit de lijst.',
  tokenMismatch: 'Het token hoort niet bij deze sessie.',
} as const;

/** A share as a percentage with one decimal (half-up), or null when there is nothing to divide by. */
export function percentage(part: number, whole: number): number | null {
  if (whole <= 0) return null;
  return new Decimal(part).times(100).dividedBy(whole).toDecimalPlaces(1, Decimal.ROUND_HALF_UP).toNumber();
}

/** Average days from a summed number of seconds over `count` leads, one decimal, or null for none. */
export function averageDays(seconds: number, count: number): number | null {
  if (count <= 0) return null;
  return new Decimal(seconds)
    .dividedBy(86_400 * count)
    .toDecimalPlaces(1, Decimal.ROUND_HALF_UP)
    .toNumber();
}

const localDay = (d: Date): string => new TZDate(d.getTime(), BUSINESS_TIME_ZONE).toISOString().slice(0, 10);

/** The Amsterdam Mondays of the last `count` weeks, oldest first; the last is this week's. */
export function weekStarts(count: number, now = new Date()): string[] {
  const monday = startOfWeek(new TZDate(now.getTime(), BUSINESS_TIME_ZONE), { weekStartsOn: 1 });
  return Array.from({ length: count }, (_, i) => localDay(addWeeks(monday, i - count + 1)));
}

/** The first days (Amsterdam) of the last `count` months, oldest first; the last is this month's. */
export function monthStarts(count: number, now = new Date()): string[] {
  const first = startOfMonth(new TZDate(now.getTime(), BUSINESS_TIME_ZONE));
  return Array.from({ length: count }, (_, i) => localDay(addMonths(first, i - count + 1)));
}

/** Today in Amsterdam, 'YYYY-MM-DD'. */
export function businessToday(now = new Date()): string {
  return localDay(now);
}

/** The Amsterdam Monday of the week a day ('YYYY-MM-DD') lies in. */
export function weekStartOf(day: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  date.setUTCDate(date.getUTCDate() - ((date.getUTCDay() + 6) % 7));
  return date.toISOString().slice(0, 10);
}

/** Days from one 'YYYY-MM-DD' to another (negative when `to` lies before `from`). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** The instant an Amsterdam day ('YYYY-MM-DD') starts. */
export function businessDayStart(day: string): Date {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(new TZDate(y, m - 1, d, BUSINESS_TIME_ZONE).getTime());
}

/** A day ('YYYY-MM-DD') moved by `n` days. */
export function shiftDay(day: string, n: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + n);
  return date.toISOString().slice(0, 10);
}

/** The first day of the month after the one `first` ('YYYY-MM-01') starts. */
export function nextMonthStart(first: string): string {
  const [y, m] = first.split('-').map(Number) as [number, number];
  return m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
}
