import { describe, expect, it } from 'vitest';
import { toIso, toIsoIntl } from './dates';

describe('toIso', () => {
  it('formats exactly like Intl in the business zone, around both daylight-saving changes and across years', () => {
    const moments = [
      Date.UTC(2026, 2, 29, 0, 59, 59),
      Date.UTC(2026, 2, 29, 1, 0, 0),
      Date.UTC(2026, 9, 25, 0, 59, 59),
      Date.UTC(2026, 9, 25, 1, 0, 0),
      Date.UTC(2025, 11, 31, 23, 30, 0),
      Date.UTC(2027, 6, 1, 12, 0, 0, 999),
      Date.UTC(1970, 0, 1),
    ];
    for (let ms = Date.UTC(2024, 0, 1); ms < Date.UTC(2028, 0, 1); ms += 7_777_777) moments.push(ms);
    for (const ms of moments) expect(toIso(new Date(ms))).toBe(toIsoIntl(new Date(ms)));
    expect(toIso(new Date(Date.UTC(2026, 6, 1, 10, 0, 0)))).toBe('2026-07-01T12:00:00+02:00');
    expect(toIso(new Date(Date.UTC(2026, 0, 1, 10, 0, 0)))).toBe('2026-01-01T11:00:00+01:00');
  });
});
