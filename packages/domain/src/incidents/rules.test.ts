import { describe, expect, it } from 'vitest';
import {
  zCreateIncident,
  zCreateIncidentType,
  zIncidentPageQuery,
  zUpdateIncident,
  zUpdateIncidentType,
} from '../contract/incidents';
import { INCIDENT_MESSAGES, INCIDENT_STATUS_LABELS } from './constants';
import {
  incidentActionsFor,
  incidentAssignedNotice,
  incidentOverviewScope,
  incidentScopeOptions,
  isIncidentVisibleToCustomer,
  nextIncidentStatus,
  shortenIncidentContent,
} from './rules';

describe('incident overview scope (spec 001 section 6)', () => {
  it('below role 1000 defaults to own; "all" is own plus unassigned', () => {
    for (const role of [100, 200, 300, 999]) {
      expect(incidentOverviewScope(role)).toEqual({ scope: 'own', users: 'own' });
      expect(incidentOverviewScope(role, 'own')).toEqual({ scope: 'own', users: 'own' });
      expect(incidentOverviewScope(role, 'all')).toEqual({ scope: 'all', users: 'ownandunassigned' });
    }
  });

  it('from role 1000 defaults to all, and own stays available', () => {
    for (const role of [1000, 5000]) {
      expect(incidentOverviewScope(role)).toEqual({ scope: 'all', users: 'everyone' });
      expect(incidentOverviewScope(role, null)).toEqual({ scope: 'all', users: 'everyone' });
      expect(incidentOverviewScope(role, 'own')).toEqual({ scope: 'own', users: 'own' });
    }
  });

  it('names what "all" means for the role', () => {
    expect(incidentScopeOptions(100).map((o) => o.label)).toEqual([
      'Mijn incidenten',
      'Mijn en niet toegewezen incidenten',
    ]);
    expect(incidentScopeOptions(1000).map((o) => o.label)).toEqual(['Mijn incidenten', 'Alle incidenten']);
  });
});

describe('incident status changes (spec 001 section 4)', () => {
  it('resolves open and ongoing, reopens resolved to ongoing, marks open ongoing', () => {
    expect(nextIncidentStatus('open', 'resolve')).toBe('resolved');
    expect(nextIncidentStatus('ongoing', 'resolve')).toBe('resolved');
    expect(nextIncidentStatus('resolved', 'resolve')).toBeNull();
    expect(nextIncidentStatus('resolved', 'reopen')).toBe('ongoing');
    expect(nextIncidentStatus('open', 'reopen')).toBeNull();
    expect(nextIncidentStatus('ongoing', 'reopen')).toBeNull();
    expect(nextIncidentStatus('open', 'markongoing')).toBe('ongoing');
    expect(nextIncidentStatus('ongoing', 'markongoing')).toBeNull();
    expect(nextIncidentStatus('resolved', 'markongoing')).toBeNull();
  });

  it('offers only the changes that apply', () => {
    expect(incidentActionsFor('open')).toEqual(['resolve', 'markongoing']);
    expect(incidentActionsFor('ongoing')).toEqual(['resolve']);
    expect(incidentActionsFor('resolved')).toEqual(['reopen']);
  });

  it('has the Dutch labels', () => {
    expect(INCIDENT_STATUS_LABELS).toEqual({ open: 'Open', ongoing: 'In behandeling', resolved: 'Opgelost' });
  });
});

describe('customer visibility (spec 002 section 9)', () => {
  const now = new Date('2026-06-15T10:00:00Z');

  it('always shows open and ongoing incidents', () => {
    const old = '2001-01-01T00:00:00Z';
    expect(isIncidentVisibleToCustomer({ status: 'open', resolved_at: null }, 0, now)).toBe(true);
    expect(isIncidentVisibleToCustomer({ status: 'ongoing', resolved_at: old }, 0, now)).toBe(true);
  });

  it('hides a resolved incident once it was resolved more than showable_months months ago', () => {
    const visible = (resolvedAt: string, months: number | null) =>
      isIncidentVisibleToCustomer({ status: 'resolved', resolved_at: resolvedAt }, months, now);
    // 12:00 in Amsterdam on 15 June (summer time) less 3 months is 12:00 on 15 March (winter time).
    expect(visible('2026-03-16T10:00:00Z', 3)).toBe(true);
    expect(visible('2026-03-15T11:00:00Z', 3)).toBe(true);
    expect(visible('2026-03-15T10:59:59Z', 3)).toBe(false);
    expect(visible('2025-06-16T00:00:00Z', 12)).toBe(true);
    expect(visible('2025-06-14T00:00:00Z', 12)).toBe(false);
    // Zero months: hidden as soon as it is resolved.
    expect(visible('2026-06-15T09:59:00Z', 0)).toBe(false);
    expect(visible('2026-06-15T10:00:00Z', 0)).toBe(true);
    // A deleted type: the default of 12 months.
    expect(visible('2025-07-01T00:00:00Z', null)).toBe(true);
    expect(visible('2025-06-01T00:00:00Z', null)).toBe(false);
  });

  it('counts months in Amsterdam across the end of a month', () => {
    // 12:00 on 31 March less one month is 12:00 on 28 February (2026 is no leap year; winter time).
    const endOfMarch = new Date('2026-03-31T10:00:00Z');
    const visible = (resolvedAt: string) =>
      isIncidentVisibleToCustomer({ status: 'resolved', resolved_at: resolvedAt }, 1, endOfMarch);
    expect(visible('2026-02-28T11:00:00Z')).toBe(true);
    expect(visible('2026-02-28T10:59:00Z')).toBe(false);
  });

  it('keeps a resolved incident without resolution time visible', () => {
    expect(isIncidentVisibleToCustomer({ status: 'resolved', resolved_at: null }, 0, now)).toBe(true);
  });
});

describe('incident texts', () => {
  it('shortens content to 128 characters plus an ellipsis', () => {
    expect(shortenIncidentContent('a'.repeat(128))).toBe('a'.repeat(128));
    expect(shortenIncidentContent('a'.repeat(129))).toBe(`${'a'.repeat(128)}…`);
  });

  it('writes the assignment notice', () => {
    expect(incidentAssignedNotice('Storing', 'Omvormer geeft\n foutcode 12')).toBe(
      'Incident toegewezen: Storing: Omvormer geeft foutcode 12',
    );
    expect(incidentAssignedNotice(null, 'x'.repeat(200))).toBe(`Incident toegewezen: ${'x'.repeat(128)}…`);
  });
});

describe('incident requests', () => {
  it('needs a flow, a type and content; 0 or null is unassigned', () => {
    const ok = zCreateIncident.safeParse({
      flow_id: '3',
      incident_type_id: 2,
      content: ' Lekkage ',
      user_id: 0,
    });
    expect(ok.success && ok.data).toEqual({
      flow_id: 3,
      incident_type_id: 2,
      content: 'Lekkage',
      user_id: 0,
    });
    expect(
      zCreateIncident.safeParse({ flow_id: 3, incident_type_id: 2, content: 'x', user_id: null }).success,
    ).toBe(true);
    const empty = zCreateIncident.safeParse({ flow_id: 3, incident_type_id: 2, content: '  ' });
    expect(empty.error?.issues[0]?.message).toBe(INCIDENT_MESSAGES.contentRequired);
    expect(zCreateIncident.safeParse({ flow_id: 3, content: 'x' }).success).toBe(false);
    expect(zCreateIncident.safeParse({ flow_id: 'abc', incident_type_id: 2, content: 'x' }).success).toBe(
      false,
    );
    expect(zUpdateIncident.safeParse({ user_id: -1 }).success).toBe(false);
    expect(zUpdateIncident.safeParse({ classification: 'x'.repeat(101) }).success).toBe(false);
  });

  it('takes showable_months 0..120 (default 12), also as a numeric string', () => {
    expect(zCreateIncidentType.parse({ name: 'Storing' })).toEqual({ name: 'Storing', showable_months: 12 });
    expect(zCreateIncidentType.parse({ name: 'Klacht', showable_months: '0' }).showable_months).toBe(0);
    expect(zUpdateIncidentType.parse({ showable_months: 120 })).toEqual({ showable_months: 120 });
    for (const bad of [-1, 121, 1.5, 'twaalf', '', null, true]) {
      const result = zCreateIncidentType.safeParse({ name: 'x', showable_months: bad });
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(INCIDENT_MESSAGES.showableMonths);
    }
    expect(zCreateIncidentType.safeParse({ name: ' ' }).error?.issues[0]?.message).toBe(
      INCIDENT_MESSAGES.nameRequired,
    );
  });

  it('the overview query defaults to open, newest first, and ignores empty filters', () => {
    expect(zIncidentPageQuery.parse({})).toMatchObject({
      status: 'open',
      sort: '-created_at',
      offset: 0,
      limit: 25,
    });
    expect(zIncidentPageQuery.parse({ scope: '', incident_type_id: '', status: '' })).toMatchObject({
      status: 'open',
      scope: undefined,
      incident_type_id: undefined,
    });
    expect(zIncidentPageQuery.safeParse({ scope: 'everyone' }).success).toBe(false);
    expect(zIncidentPageQuery.safeParse({ sort: 'content' }).success).toBe(false);
  });
});
