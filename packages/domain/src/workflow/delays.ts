// Workflow rule delays (spec 000 sections 4 and 9): stored in minutes, shown in the largest unit whose
// threshold the value passes, converted back with the unit's number of minutes.

export const DELAY_UNITS = ['minutes', 'hours', 'days', 'weeks', 'months', 'years'] as const;
export type DelayUnit = (typeof DELAY_UNITS)[number];

export const DELAY_UNIT_MINUTES: Record<DelayUnit, number> = {
  minutes: 1,
  hours: 60,
  days: 1440,
  weeks: 10080,
  months: 43200,
  years: 525600,
};

export const DELAY_UNIT_LABELS: Record<DelayUnit, { one: string; many: string }> = {
  minutes: { one: 'minuut', many: 'minuten' },
  hours: { one: 'uur', many: 'uur' },
  days: { one: 'dag', many: 'dagen' },
  weeks: { one: 'week', many: 'weken' },
  months: { one: 'maand', many: 'maanden' },
  years: { one: 'jaar', many: 'jaar' },
};

/** Longest delay accepted: ten years. */
export const MAX_DELAY_MINUTES = 10 * 525600;

/** Minutes from a raw number in a unit; whole minutes. */
export function delayToMinutes(raw: number, unit: DelayUnit): number {
  return Math.round(raw * DELAY_UNIT_MINUTES[unit]);
}

/**
 * The unit and number a stored delay is shown in: years above 525599 minutes, days above 1439, hours
 * above 59, otherwise minutes. The sign is kept (date triggers: negative is before the date).
 */
export function delayDisplay(minutes: number): { raw: number; unit: DelayUnit } {
  const abs = Math.abs(minutes);
  const unit: DelayUnit = abs > 525599 ? 'years' : abs > 1439 ? 'days' : abs > 59 ? 'hours' : 'minutes';
  const raw = Math.round((minutes / DELAY_UNIT_MINUTES[unit]) * 100) / 100;
  return { raw: raw === 0 ? 0 : raw, unit };
}

/** '3 dagen', '1 uur', '90 minuten'; before/after words are the caller's. */
export function formatDelay(minutes: number): string {
  const { raw, unit } = delayDisplay(minutes);
  const n = Math.abs(raw);
  const label = n === 1 ? DELAY_UNIT_LABELS[unit].one : DELAY_UNIT_LABELS[unit].many;
  return `${String(n).replace('.', ',')} ${label}`;
}

const MOMENT = new Intl.DateTimeFormat('nl-NL', {
  timeZone: 'Europe/Amsterdam',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

/** '26 november 2026 om 14:05' in Europe/Amsterdam: when a delayed rule runs. */
export function formatDateTimeNl(d: Date): string {
  return MOMENT.format(d);
}
