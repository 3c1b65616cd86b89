// Rules of incidents shared by server and screens (spec 001 sections 4 and 6, spec 002 section 9).
import { TZDate } from '@date-fns/tz';
import { subMonths } from 'date-fns';
import { shorten } from '../planning/constants';
import { BUSINESS_TIME_ZONE } from '../planning/rules';
import {
  DEFAULT_SHOWABLE_MONTHS,
  INCIDENT_ACTIONS,
  INCIDENT_PREVIEW_LENGTH,
  INCIDENTS_OF_OTHERS_MIN_ROLE,
  type IncidentAction,
  type IncidentScope,
  type IncidentStatus,
} from './constants';

/** Whose incidents a scope shows: the caller's, the caller's and the unassigned ones, or everyone's. */
export type IncidentUsers = 'own' | 'ownandunassigned' | 'everyone';

/**
 * Spec 001 section 6, the incident overview: below role 1000 a user sees only their own incidents and
 * the unassigned ones, and starts with their own; from 1000 the overview starts with all. `requested`
 * absent is the default for the role; "all" below 1000 narrows to own plus unassigned.
 */
export function incidentOverviewScope(
  role: number,
  requested?: IncidentScope | null,
): { scope: IncidentScope; users: IncidentUsers } {
  const mayOthers = role >= INCIDENTS_OF_OTHERS_MIN_ROLE;
  const scope = requested ?? (mayOthers ? 'all' : 'own');
  if (scope === 'own') return { scope, users: 'own' };
  return { scope, users: mayOthers ? 'everyone' : 'ownandunassigned' };
}

/** The scope filter's options for a role, in Dutch (what "all" means depends on the role). */
export function incidentScopeOptions(role: number): { value: IncidentScope; label: string }[] {
  const mayOthers = role >= INCIDENTS_OF_OTHERS_MIN_ROLE;
  return [
    { value: 'own', label: 'Mijn incidenten' },
    { value: 'all', label: mayOthers ? 'Alle incidenten' : 'Mijn en niet toegewezen incidenten' },
  ];
}

const TRANSITIONS: Record<IncidentAction, { from: readonly IncidentStatus[]; to: IncidentStatus }> = {
  resolve: { from: ['open', 'ongoing'], to: 'resolved' },
  reopen: { from: ['resolved'], to: 'ongoing' },
  markongoing: { from: ['open'], to: 'ongoing' },
};

/**
 * Spec 001 section 4: an open or ongoing incident can be resolved, a resolved one reopened (to
 * ongoing), an open one marked ongoing. Answers the new status, or null when the change does not apply.
 */
export function nextIncidentStatus(status: IncidentStatus, action: IncidentAction): IncidentStatus | null {
  const t = TRANSITIONS[action];
  return t.from.includes(status) ? t.to : null;
}

/**
 * The action (resolve, reopen, markongoing) that takes an incident from `from` to `to`, for a PATCH
 * that sends `status`: the same rules as the actions themselves. Null when none does.
 */
export function incidentActionTo(from: IncidentStatus, to: IncidentStatus): IncidentAction | null {
  return INCIDENT_ACTIONS.find((action) => nextIncidentStatus(from, action) === to) ?? null;
}

/** The status changes a screen offers for an incident in `status`, in a fixed order. */
export function incidentActionsFor(status: IncidentStatus): IncidentAction[] {
  return INCIDENT_ACTIONS.filter((action) => nextIncidentStatus(status, action) !== null);
}

/**
 * Spec 001 section 4 and spec 002 section 9: a resolved incident whose resolution is more than its
 * type's `showable_months` months ago is hidden from the customer. Open and ongoing incidents always
 * show. An incident without type (its type was deleted) keeps the default of 12 months; a resolved
 * incident without a resolution time counts as resolved now. Months are counted in Amsterdam.
 */
export function isIncidentVisibleToCustomer(
  incident: { status: IncidentStatus | string; resolved_at: Date | string | null },
  showableMonths: number | null | undefined,
  now: Date,
): boolean {
  if (incident.status !== 'resolved' || incident.resolved_at === null) return true;
  const months = showableMonths ?? DEFAULT_SHOWABLE_MONTHS;
  const cutoff = subMonths(new TZDate(now.getTime(), BUSINESS_TIME_ZONE), months);
  return new Date(incident.resolved_at).getTime() >= cutoff.getTime();
}

/** Incident content as lists show it: at most 128 characters plus an ellipsis. */
export function shortenIncidentContent(content: string): string {
  return shorten(content, INCIDENT_PREVIEW_LENGTH);
}

/** The notification text for a user an incident is assigned to. */
export function incidentAssignedNotice(typeName: string | null, content: string): string {
  const text = shortenIncidentContent(content.replace(/\s+/g, ' ').trim());
  return typeName ? `Incident toegewezen: ${typeName}: ${text}` : `Incident toegewezen: ${text}`;
}
