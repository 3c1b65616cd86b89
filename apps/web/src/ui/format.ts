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
