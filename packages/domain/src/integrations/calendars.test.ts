import { describe, expect, it } from 'vitest';
import { zExternalEventsParams } from '../contract/integrations';
import { EXPERIMENTAL_FEATURE_FLAGS, hasPortalFlag } from '../portal';
import { externalEventsRange, MAX_EXTERNAL_RANGE_DAYS } from '.';

describe('external calendar events (spec 000 section 9)', () => {
  it('default from last week to six months ahead, within the longest read', () => {
    const { from, to } = externalEventsRange(new Date('2026-12-06T10:00:00Z'));
    expect(from.toISOString()).toBe('2026-11-29T10:00:00.000Z');
    expect(to.toISOString()).toBe('2027-06-06T10:00:00.000Z');
    expect((to.getTime() - from.getTime()) / 86_400_000).toBeLessThan(MAX_EXTERNAL_RANGE_DAYS);
  });

  it('the list call takes a calendar service, a user id and two dates', () => {
    expect(
      zExternalEventsParams.safeParse({ service: 'gcal', userId: '7', from: '2026-11-29', to: '2027-06-06' })
        .success,
    ).toBe(true);
    expect(
      zExternalEventsParams.safeParse({ service: 'exact', userId: '7', from: '2026-11-29', to: '2027-06-06' })
        .success,
    ).toBe(false);
    expect(
      zExternalEventsParams.safeParse({ service: 'outlook', userId: '7', from: 'gisteren', to: '2027-06-06' })
        .success,
    ).toBe(false);
  });
});

describe('experimental feature flags', () => {
  it('offer the portal flag that shows the side menu link', () => {
    expect(EXPERIMENTAL_FEATURE_FLAGS).toContain('portal');
    expect(hasPortalFlag([...EXPERIMENTAL_FEATURE_FLAGS])).toBe(true);
  });
});
