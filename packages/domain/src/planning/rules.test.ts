import { describe, expect, it } from 'vitest';
import { zAgendaRangeQuery, zCreateAction, zCreateAgendaItem, zUpdateAction } from '../contract/planning';
import { PLANNING_MESSAGES, shorten } from './constants';
import {
  actionState,
  defaultTaskStart,
  endOfTodayAmsterdam,
  fromAmsterdamInput,
  newActionDefaults,
  newAgendaItemTimes,
  relativeTime,
  shiftPair,
  taskEndFor,
  toAmsterdamInput,
} from './rules';

describe('end of today in Amsterdam', () => {
  it('is 23:59:59.999 local time in winter and in summer', () => {
    expect(endOfTodayAmsterdam(new Date('2026-01-15T10:00:00Z')).toISOString()).toBe(
      '2026-01-15T22:59:59.999Z',
    );
    expect(endOfTodayAmsterdam(new Date('2026-07-15T10:00:00Z')).toISOString()).toBe(
      '2026-07-15T21:59:59.999Z',
    );
  });

  it('takes the Amsterdam day, not the UTC day, just after midnight', () => {
    // 23:30 UTC on 15 January is already 00:30 on the 16th in Amsterdam.
    expect(endOfTodayAmsterdam(new Date('2026-01-15T23:30:00Z')).toISOString()).toBe(
      '2026-01-16T22:59:59.999Z',
    );
  });

  it('holds on both daylight-saving days (23 and 25 hour days)', () => {
    // 29 March 2026: clocks go forward; the day ends at 22:00 UTC.
    expect(endOfTodayAmsterdam(new Date('2026-03-29T01:30:00Z')).toISOString()).toBe(
      '2026-03-29T21:59:59.999Z',
    );
    // 25 October 2026: clocks go back; the day ends at 23:00 UTC.
    expect(endOfTodayAmsterdam(new Date('2026-10-25T00:30:00Z')).toISOString()).toBe(
      '2026-10-25T22:59:59.999Z',
    );
  });
});

describe('action due and overdue', () => {
  const now = new Date('2026-11-25T09:00:00Z');
  const open = (due: string, overdue: string) => ({ status: 'open', due_date: due, overdue_date: overdue });

  it('is due when the due date is before the end of today, overdue when the overdue date is too', () => {
    expect(actionState(open('2026-11-25T20:00:00Z', '2026-11-27T20:00:00Z'), now)).toEqual({
      isdue: true,
      isoverdue: false,
    });
    expect(actionState(open('2026-11-20T08:00:00Z', '2026-11-22T08:00:00Z'), now)).toEqual({
      isdue: true,
      isoverdue: true,
    });
    expect(actionState(open('2026-11-26T08:00:00Z', '2026-11-28T08:00:00Z'), now)).toEqual({
      isdue: false,
      isoverdue: false,
    });
  });

  it('counts 23:30 Amsterdam time as today', () => {
    expect(actionState(open('2026-11-25T22:30:00Z', '2026-11-25T22:30:00Z'), now).isoverdue).toBe(true);
    expect(actionState(open('2026-11-25T23:00:00Z', '2026-11-25T23:00:00Z'), now).isdue).toBe(false);
  });

  it('is never due once completed', () => {
    expect(
      actionState({ ...open('2026-01-01T00:00:00Z', '2026-01-01T00:00:00Z'), status: 'afgerond' }, now),
    ).toEqual({
      isdue: false,
      isoverdue: false,
    });
  });
});

describe('defaults and shifts', () => {
  it('a new action is due now with seconds zeroed, overdue 48 hours later, normal priority', () => {
    const d = newActionDefaults(new Date('2026-11-25T09:13:47.512Z'));
    expect(d.due_date.toISOString()).toBe('2026-11-25T09:13:00.000Z');
    expect(d.overdue_date.toISOString()).toBe('2026-11-27T09:13:00.000Z');
    expect(d.priority).toBe('normal');
  });

  it('a new agenda item starts now and ends an hour later', () => {
    const d = newAgendaItemTimes(new Date('2026-11-25T09:13:47Z'));
    expect(d.start_date.toISOString()).toBe('2026-11-25T09:13:00.000Z');
    expect(d.end_date.toISOString()).toBe('2026-11-25T10:13:00.000Z');
  });

  it('moving the first date moves the second by the same interval', () => {
    expect(
      shiftPair('2026-11-25T09:00:00Z', '2026-11-27T09:00:00Z', '2026-12-01T12:30:00Z').toISOString(),
    ).toBe('2026-12-03T12:30:00.000Z');
  });

  it('a task keeps its duration when its start moves, or takes one hour', () => {
    expect(
      taskEndFor('2026-11-25T08:00:00Z', '2026-11-25T11:00:00Z', '2026-11-26T07:00:00Z').toISOString(),
    ).toBe('2026-11-26T10:00:00.000Z');
    expect(taskEndFor(null, null, '2026-11-26T07:00:00Z').toISOString()).toBe('2026-11-26T08:00:00.000Z');
    expect(
      taskEndFor('2026-11-25T08:00:00Z', '2026-11-25T08:00:00Z', '2026-11-26T07:00:00Z').toISOString(),
    ).toBe('2026-11-26T08:00:00.000Z');
  });

  it('a new task starts today at 12:00 Amsterdam time, in winter and summer', () => {
    expect(defaultTaskStart(new Date('2026-11-25T06:00:00Z')).toISOString()).toBe('2026-11-25T11:00:00.000Z');
    expect(defaultTaskStart(new Date('2026-07-01T23:30:00Z')).toISOString()).toBe('2026-07-02T10:00:00.000Z');
  });

  it('tells relative time in Dutch', () => {
    const now = new Date('2026-11-25T09:00:00Z');
    expect(relativeTime('2026-11-27T09:00:00Z', now)).toBe('over 2 dagen');
    expect(relativeTime('2026-11-25T06:00:00Z', now)).toBe('3 uur geleden');
    expect(relativeTime('2026-11-25T09:00:20Z', now)).toBe('nu');
  });

  it('shortens long texts with an ellipsis', () => {
    expect(shorten('a'.repeat(300), 256)).toBe(`${'a'.repeat(256)}…`);
    expect(shorten('kort', 256)).toBe('kort');
  });
});

describe('planning request schemas', () => {
  it('refuses a due date after the overdue date with the Dutch message', () => {
    const r = zCreateAction.safeParse({
      description: 'Bellen',
      due_date: '2026-11-28T09:00:00+01:00',
      overdue_date: '2026-11-27T09:00:00+01:00',
    });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe(PLANNING_MESSAGES.dueAfterOverdue);
    expect(zUpdateAction.safeParse({ due_date: 'morgen' }).success).toBe(false);
  });

  it('refuses an agenda item that starts after it ends, and two targets at once', () => {
    const late = zCreateAgendaItem.safeParse({
      title: 'Opname',
      start_date: '2026-11-28T10:00:00Z',
      end_date: '2026-11-28T09:00:00Z',
    });
    expect(late.error?.issues[0]?.message).toBe(PLANNING_MESSAGES.startAfterEnd);
    const two = zCreateAgendaItem.safeParse({ title: 'Opname', relation_id: 1, flow_id: 2 });
    expect(two.error?.issues[0]?.message).toBe(PLANNING_MESSAGES.oneTarget);
  });

  it('limits a calendar read to 62 days', () => {
    expect(
      zAgendaRangeQuery.safeParse({ from: '2026-11-01T00:00:00Z', to: '2026-12-13T00:00:00Z' }).success,
    ).toBe(true);
    const long = zAgendaRangeQuery.safeParse({ from: '2026-01-01T00:00:00Z', to: '2026-12-31T00:00:00Z' });
    expect(long.error?.issues[0]?.message).toBe(PLANNING_MESSAGES.rangeTooLong);
  });
});

describe('datetime-local fields in Amsterdam time', () => {
  it('round-trips in winter and summer, whatever the browser zone', () => {
    expect(toAmsterdamInput('2026-12-01T08:30:00Z')).toBe('2026-12-01T09:30');
    expect(toAmsterdamInput('2026-07-01T08:30:00Z')).toBe('2026-07-01T10:30');
    expect(fromAmsterdamInput('2026-12-01T09:30')).toBe('2026-12-01T08:30:00.000Z');
    expect(fromAmsterdamInput('2026-07-01T10:30')).toBe('2026-07-01T08:30:00.000Z');
    expect(fromAmsterdamInput('morgen')).toBeNull();
  });
});
