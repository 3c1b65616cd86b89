// Dates as the Dutch interface shows them: 15-12-2026.
const DATE_FORMAT = new Intl.DateTimeFormat('nl-NL', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  timeZone: 'Europe/Amsterdam',
});

/** An ISO timestamp or a `YYYY-MM-DD` date as dd-mm-yyyy; empty for null. */
export function formatDate(value: string | null | undefined): string {
  if (!value) return '';
  // A bare date is a calendar day: read it at noon so no time zone moves it to another day.
  const date = new Date(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T12:00:00Z` : value);
  return Number.isNaN(date.getTime()) ? value : DATE_FORMAT.format(date);
}

const DATE_TIME_FORMAT = new Intl.DateTimeFormat('nl-NL', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'Europe/Amsterdam',
});
const TIME_FORMAT = new Intl.DateTimeFormat('nl-NL', {
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'Europe/Amsterdam',
});

/** An ISO timestamp as 15-12-2026 09:30 (Amsterdam time); empty for null. */
export function formatDateTime(value: string | null | undefined): string {
  if (!value) return '';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : DATE_TIME_FORMAT.format(date).replace(',', '');
}

/** The time of an ISO timestamp, 09:30 (Amsterdam time). */
export function formatTime(value: string | null | undefined): string {
  if (!value) return '';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : TIME_FORMAT.format(date);
}

const MONEY_FORMAT = new Intl.NumberFormat('nl-NL', { style: 'currency', currency: 'EUR' });
const RATE_FORMAT = new Intl.NumberFormat('nl-NL', {
  style: 'currency',
  currency: 'EUR',
  minimumFractionDigits: 2,
  maximumFractionDigits: 4,
});
const NUMBER_FORMAT = new Intl.NumberFormat('nl-NL', { maximumFractionDigits: 4 });

/** An amount in euros as computed by the domain engine (already whole cents): € 1.234,50. */
export function formatMoney(value: number | null | undefined): string {
  return value === null || value === undefined ? '' : MONEY_FORMAT.format(value);
}

/** A unit rate (up to 4 decimals): € 24,5 -> € 24,50; € 4131,405 -> € 4.131,405. */
export function formatRate(value: number | null | undefined): string {
  return value === null || value === undefined ? '' : RATE_FORMAT.format(value);
}

/** An amount or percentage in Dutch notation (12,5). */
export function formatNumber(value: number | null | undefined): string {
  return value === null || value === undefined ? '' : NUMBER_FORMAT.format(value);
}
