import { describe, expect, it } from 'vitest';
import {
  averageDays,
  businessDayStart,
  businessToday,
  daysBetween,
  monthStarts,
  percentage,
  shiftDay,
  weekStartOf,
  weekStarts,
} from '.';

describe('statistics periods', () => {
  it('counts weeks back from the Amsterdam Monday, also late on a Sunday evening in UTC', () => {
    // Sunday 6 December 2026 23:30 UTC is Monday 7 December 00:30 in Amsterdam.
    const now = new Date('2026-12-06T23:30:00Z');
    expect(weekStarts(3, now)).toEqual(['2026-11-23', '2026-11-30', '2026-12-07']);
    expect(businessToday(now)).toBe('2026-12-07');
  });
  it('gives 13 month starts ending with this month, across a year', () => {
    const months = monthStarts(13, new Date('2026-12-06T12:00:00Z'));
    expect(months[0]).toBe('2025-12-01');
    expect(months.at(-1)).toBe('2026-12-01');
    expect(months).toHaveLength(13);
  });
  it('finds the Monday of a day and counts days', () => {
    expect(weekStartOf('2026-12-06')).toBe('2026-11-30');
    expect(weekStartOf('2026-11-30')).toBe('2026-11-30');
    expect(daysBetween('2026-01-01', '2026-12-31')).toBe(364);
  });
  it('rounds shares and averages half-up to one decimal, null without a base', () => {
    expect(percentage(1, 3)).toBe(33.3);
    expect(percentage(1, 8)).toBe(12.5);
    expect(percentage(3, 0)).toBeNull();
    expect(averageDays(86_400 * 3, 2)).toBe(1.5);
    expect(averageDays(0, 0)).toBeNull();
  });
});

describe('business days', () => {
  it('starts a day at Amsterdam midnight in winter and summer', () => {
    expect(businessDayStart('2026-12-07').toISOString()).toBe('2026-12-06T23:00:00.000Z');
    expect(businessDayStart('2026-07-01').toISOString()).toBe('2026-06-30T22:00:00.000Z');
    expect(shiftDay('2026-12-31', 1)).toBe('2027-01-01');
  });
});
