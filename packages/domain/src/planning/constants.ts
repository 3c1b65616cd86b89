// Constants of the planning area (spec 001 sections 3, 4, 6 and 9): actions, agenda items, notes.

export const ACTION_STATUSES = ['open', 'afgerond'] as const;
export type ActionStatus = (typeof ACTION_STATUSES)[number];
export const ACTION_STATUS_LABELS: Record<ActionStatus, string> = { open: 'Open', afgerond: 'Afgerond' };

/** Derived from the status: an open action is in the future list, a completed one in the past. */
export const ACTION_LISTS = ['future', 'past'] as const;
export type ActionList = (typeof ACTION_LISTS)[number];

/** From low to top; `top` and `high` are what the dashboard counts (topCount, highCount). */
export const ACTION_PRIORITIES = ['low', 'normal', 'high', 'top'] as const;
export type ActionPriority = (typeof ACTION_PRIORITIES)[number];
export const ACTION_PRIORITY_LABELS: Record<ActionPriority, string> = {
  low: 'Laag',
  normal: 'Normaal',
  high: 'Hoog',
  top: 'Top',
};
export const DEFAULT_ACTION_PRIORITY: ActionPriority = 'normal';

/** What an action, note or agenda item hangs on. */
export const PLANNING_TARGETS = ['relation', 'organization', 'flow', 'company'] as const;
export type PlanningTarget = (typeof PLANNING_TARGETS)[number];

/** Spec 001 section 6: user id 0 on an action is the general action for everyone. */
export const GENERAL_ACTION_LABEL = 'Algemene actie voor iedereen';

/** The action overview's scope options (spec 001 section 6), besides one user's id. */
export const ACTION_SCOPES = ['meandeveryone', 'everyone', 'all'] as const;
export type ActionScope = (typeof ACTION_SCOPES)[number];
export const ACTION_SCOPE_LABELS: Record<ActionScope, string> = {
  meandeveryone: 'Voor mij en iedereen',
  everyone: 'Voor iedereen',
  all: 'Alles tonen',
};

/** The dashboard's action filters; `tophigh` is the default (spec 001 section 9). */
export const DASHBOARD_ACTION_FILTERS = ['tophigh', 'overdue', 'all'] as const;
export type DashboardActionFilter = (typeof DASHBOARD_ACTION_FILTERS)[number];
export const DEFAULT_DASHBOARD_ACTION_FILTER: DashboardActionFilter = 'tophigh';

/** Spec 001 section 3: the kinds an agenda item can link to, plus `none` (the item itself). */
export const AGENDA_ITEM_KINDS = ['none', 'relation', 'flow', 'organization', 'company'] as const;
export type AgendaItemKind = (typeof AGENDA_ITEM_KINDS)[number];
export const AGENDA_ITEM_KIND_LABELS: Record<AgendaItemKind, string> = {
  none: 'Afspraak',
  relation: 'Relatie',
  flow: 'Dossier',
  organization: 'Organisatie',
  company: 'Bedrijf',
};
/** Colours per linked object type (the calendar); white text on each meets WCAG AA (4.5:1). */
export const AGENDA_ITEM_KIND_COLORS: Record<AgendaItemKind, string> = {
  none: '#495057',
  relation: '#1864ab',
  flow: '#237032',
  organization: '#862e9c',
  company: '#b02525',
};

/** Spec 001 section 2: what a note hangs on. */
export const NOTE_KINDS = ['relation', 'organization', 'flow', 'company'] as const;
export type NoteKind = (typeof NOTE_KINDS)[number];

/** Spec 001 section 2: notes on the relation detail are shortened to this many characters plus '…'. */
export const NOTE_PREVIEW_LENGTH = 256;
export const MAX_NOTE_LENGTH = 20_000;

export const CALENDAR_VIEWS = ['month', 'week', 'day'] as const;
export type CalendarView = (typeof CALENDAR_VIEWS)[number];
/** The longest range one calendar read may ask for (a month view with its edges is 42 days). */
export const MAX_CALENDAR_RANGE_DAYS = 62;

/** Dutch texts of the planning rules. */
export const PLANNING_MESSAGES = {
  dueAfterOverdue: 'De vervaldatum mag niet na de datum "te laat vanaf" liggen.',
  startAfterEnd: 'Het begin mag niet na het einde liggen.',
  endBeforeStart: 'Het einde mag niet voor het begin liggen.',
  rangeTooLong: `Kies een periode van hoogstens ${MAX_CALENDAR_RANGE_DAYS} dagen.`,
  unknownUser: 'Deze gebruiker bestaat niet in dit bedrijf.',
  oneTarget: 'Kies één relatie, organisatie of dossier.',
} as const;

/** Shortens a text to `max` characters plus an ellipsis (notes on relation detail, feed texts). */
export function shorten(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}
