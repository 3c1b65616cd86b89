import { describe, expect, it } from 'vitest';
import {
  DEFAULT_STATBOXES,
  dashboardWidgets,
  statboxesFor,
  statisticPeriodRange,
  usecaseOfAltDashboard,
} from './index';

// Wednesday 25 November 2026, 23:30 in Amsterdam (22:30 UTC).
const NOW = new Date('2026-11-25T22:30:00Z');

describe('statisticPeriodRange', () => {
  it('gives weeks from Monday in Amsterdam time', () => {
    const week = statisticPeriodRange('thisWeek', NOW);
    expect(week.fromDay).toBe('2026-11-23');
    expect(week.toDay).toBe('2026-11-29');
    expect(week.from.toISOString()).toBe('2026-11-22T23:00:00.000Z');
    expect(week.to.toISOString()).toBe('2026-11-29T23:00:00.000Z');
    expect(statisticPeriodRange('lastWeek', NOW).fromDay).toBe('2026-11-16');
  });

  it('gives months and years, also of last year, across the summer-time change', () => {
    expect(statisticPeriodRange('thisMonth', NOW)).toMatchObject({
      fromDay: '2026-11-01',
      toDay: '2026-11-30',
    });
    expect(statisticPeriodRange('lastMonth', NOW)).toMatchObject({
      fromDay: '2026-10-01',
      toDay: '2026-10-31',
    });
    // October holds the change back to winter time: it starts at 22:00 UTC and ends at 23:00 UTC.
    expect(statisticPeriodRange('lastMonth', NOW).from.toISOString()).toBe('2026-09-30T22:00:00.000Z');
    expect(statisticPeriodRange('lastMonth', NOW).to.toISOString()).toBe('2026-10-31T23:00:00.000Z');
    expect(statisticPeriodRange('thisYear', NOW)).toMatchObject({
      fromDay: '2026-01-01',
      toDay: '2026-12-31',
    });
    expect(statisticPeriodRange('lastYear', NOW)).toMatchObject({
      fromDay: '2025-01-01',
      toDay: '2025-12-31',
    });
    expect(statisticPeriodRange('thisMonthLastYear', NOW)).toMatchObject({
      fromDay: '2025-11-01',
      toDay: '2025-11-30',
    });
    expect(statisticPeriodRange('lastMonthLastYear', NOW)).toMatchObject({
      fromDay: '2025-10-01',
      toDay: '2025-10-31',
    });
  });

  it('counts the Amsterdam day, not the UTC day, just after midnight', () => {
    // 1 December 00:30 in Amsterdam is still 30 November in UTC.
    const justAfter = new Date('2026-11-30T23:30:00Z');
    expect(statisticPeriodRange('thisMonth', justAfter).fromDay).toBe('2026-12-01');
  });
});

describe('dashboard layout', () => {
  it('maps the user’s dashboard type to a usecase', () => {
    expect(usecaseOfAltDashboard('salesv1')).toBe('sales');
    expect(usecaseOfAltDashboard('project')).toBe('project');
    expect(usecaseOfAltDashboard('')).toBe('standard');
    expect(usecaseOfAltDashboard('alternativev1')).toBe('standard');
  });

  it('shows only the widgets whose module the company has', () => {
    expect(dashboardWidgets('standard', { BASIS: true, CRM: false, SALES: false })).toEqual([
      'tasks',
      'actions',
      'notifications',
    ]);
    expect(dashboardWidgets('sales', { BASIS: true, CRM: true, SALES: true })).not.toContain('tasks');
  });

  it('shows a statbox to everyone or to its user type only', () => {
    const boxes = [...DEFAULT_STATBOXES, { ...DEFAULT_STATBOXES[0]!, userType: 'sales' as const }];
    expect(statboxesFor(boxes, 'project')).toHaveLength(DEFAULT_STATBOXES.length);
    expect(statboxesFor(boxes, 'sales')).toHaveLength(DEFAULT_STATBOXES.length + 1);
  });
});
