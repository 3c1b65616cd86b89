// Dates and amounts as the Dutch customer pages show them, in Amsterdam time.
import { formatFileSize } from '@im/domain';

const TZ = 'Europe/Amsterdam';
const DATE = new Intl.DateTimeFormat('nl-NL', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  timeZone: TZ,
});
const LONG_DATE = new Intl.DateTimeFormat('nl-NL', {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: TZ,
});
const TIME = new Intl.DateTimeFormat('nl-NL', { hour: '2-digit', minute: '2-digit', timeZone: TZ });
const MONEY = new Intl.NumberFormat('nl-NL', { style: 'currency', currency: 'EUR' });

function parse(value: string): Date | null {
  // A bare date is a calendar day: read it at noon so no time zone moves it to another day.
  const date = new Date(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T12:00:00Z` : value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** 15-12-2026; empty for null. */
export function formatDate(value: string | null | undefined): string {
  if (!value) return '';
  const date = parse(value);
  return date ? DATE.format(date) : value;
}

/** 15-12-2026 09:30. */
export function formatDateTime(value: string | null | undefined): string {
  if (!value) return '';
  const date = parse(value);
  return date ? `${DATE.format(date)} ${TIME.format(date)}` : value;
}

/** A visit: dinsdag 3 maart 2026, 09:00 – 11:00. */
export function formatVisit(start: string, end: string): string {
  const from = parse(start);
  const to = parse(end);
  if (!from) return start;
  const day = LONG_DATE.format(from);
  return to ? `${day}, ${TIME.format(from)} – ${TIME.format(to)}` : `${day}, ${TIME.format(from)}`;
}

/** € 1.234,50 (spaces as plain spaces, as every other screen shows them). */
export const formatMoney = (value: number): string => MONEY.format(value).replace(/\s/g, ' ');

/** 1,2 MB. */
export const formatSize = formatFileSize;
