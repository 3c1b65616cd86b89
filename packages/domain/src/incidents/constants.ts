// Constants of incidents (spec 001 sections 3, 4, 6 and 9; spec 002 section 3).
import { ROLE } from '../roles';

export const INCIDENT_STATUSES = ['open', 'ongoing', 'resolved'] as const;
export type IncidentStatus = (typeof INCIDENT_STATUSES)[number];
export const INCIDENT_STATUS_LABELS: Record<IncidentStatus, string> = {
  open: 'Open',
  ongoing: 'In behandeling',
  resolved: 'Opgelost',
};

/** The overview's status filter; `open` is the default (spec 001 section 9: "incident open"). */
export const INCIDENT_STATUS_FILTERS = [...INCIDENT_STATUSES, 'all'] as const;
export type IncidentStatusFilter = (typeof INCIDENT_STATUS_FILTERS)[number];
export const DEFAULT_INCIDENT_STATUS_FILTER: IncidentStatusFilter = 'open';

/** The overview's scope filter: the caller's own incidents, or all the caller may see (see `incidentOverviewScope`). */
export const INCIDENT_SCOPES = ['own', 'all'] as const;
export type IncidentScope = (typeof INCIDENT_SCOPES)[number];
/** Spec 001 section 6: from this role the overview shows other users' incidents. */
export const INCIDENTS_OF_OTHERS_MIN_ROLE = ROLE.MANAGER;

/** The status changes of spec 001 section 4, each after a confirmation prompt. */
export const INCIDENT_ACTIONS = ['resolve', 'reopen', 'markongoing'] as const;
export type IncidentAction = (typeof INCIDENT_ACTIONS)[number];
export const INCIDENT_ACTION_LABELS: Record<IncidentAction, string> = {
  resolve: 'Oplossen',
  reopen: 'Heropenen',
  markongoing: 'In behandeling nemen',
};
export const INCIDENT_ACTION_PROMPTS: Record<IncidentAction, string> = {
  resolve: 'Dit incident als opgelost markeren?',
  reopen: 'Dit incident heropenen?',
  markongoing: 'Dit incident in behandeling nemen?',
};

/** Who reported an incident: staff in the app, or the customer through the dossier link. */
export const INCIDENT_REPORTERS = ['user', 'customer'] as const;
export type IncidentReporter = (typeof INCIDENT_REPORTERS)[number];

/** Spec 001 section 2: message and incident content are shortened to 128 characters in lists. */
export const INCIDENT_PREVIEW_LENGTH = 128;
export const MAX_INCIDENT_CONTENT_LENGTH = 10_000;
export const MAX_INCIDENT_TEXT_LENGTH = 10_000;
export const MAX_INCIDENT_CLASSIFICATION_LENGTH = 100;
export const MAX_INCIDENT_TYPE_NAME_LENGTH = 200;

/** How long a resolved incident stays visible to the customer, per incident type. */
export const SHOWABLE_MONTHS_MIN = 0;
export const SHOWABLE_MONTHS_MAX = 120;
export const DEFAULT_SHOWABLE_MONTHS = 12;

/** Dutch texts of the incident rules. */
export const INCIDENT_MESSAGES = {
  notFound: 'Incident niet gevonden.',
  typeNotFound: 'Incidenttype niet gevonden.',
  unknownType: 'Dit incidenttype bestaat niet in dit bedrijf.',
  unknownUser: 'Deze gebruiker bestaat niet in dit bedrijf.',
  contentRequired: 'Beschrijf het incident.',
  nameRequired: 'Vul een naam in.',
  showableMonths: `Kies een aantal maanden van ${SHOWABLE_MONTHS_MIN} tot en met ${SHOWABLE_MONTHS_MAX}.`,
  notAllowed: {
    resolve: 'Dit incident is al opgelost.',
    reopen: 'Alleen een opgelost incident kan worden heropend.',
    markongoing: 'Alleen een open incident kan in behandeling worden genomen.',
  } satisfies Record<IncidentAction, string>,
  /** PATCH with `status: 'open'` on an incident that left open: no action leads back (reopen: ongoing). */
  notBackToOpen: 'Een incident kan niet terug naar open; heropenen zet het in behandeling.',
  deleted: 'Incident verwijderd.',
  typeDeleted: 'Incidenttype verwijderd.',
} as const;
