const MONTH = new Intl.DateTimeFormat('nl-NL', { month: 'short', year: 'numeric', timeZone: 'UTC' });

/** A week by its Monday, as the Dutch read it: 30-11. */
export function weekLabel(monday: string): string {
  return `${monday.slice(8, 10)}-${monday.slice(5, 7)}`;
}

/** A month ('YYYY-MM'), as the Dutch read it: dec 2026. */
export function monthLabel(month: string): string {
  return MONTH.format(new Date(`${month}-15T12:00:00Z`)).replace('.', '');
}
