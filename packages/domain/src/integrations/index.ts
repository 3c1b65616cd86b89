// Integrations (spec 000 sections 2, 3, 5, 7, 8, 9; decision 065): the services a company or a user links,
// the accounting settings' choices and every Dutch text the links show. Written once for server and web.

/** The accounting packages: one connection per company. */
export const ACCOUNTING_SERVICES = ['exact', 'snelstart'] as const;
export type AccountingService = (typeof ACCOUNTING_SERVICES)[number];

/** The calendar services: one connection per user. */
export const CALENDAR_SERVICES = ['gcal', 'outlook'] as const;
export type CalendarService = (typeof CALENDAR_SERVICES)[number];

export const INTEGRATION_SERVICES = [...ACCOUNTING_SERVICES, ...CALENDAR_SERVICES, 'quickr', 'glbl'] as const;
export type IntegrationService = (typeof INTEGRATION_SERVICES)[number];

export const INTEGRATION_SERVICE_LABELS: Record<IntegrationService, string> = {
  exact: 'Exact Online',
  snelstart: 'SnelStart',
  gcal: 'Google Agenda',
  outlook: 'Microsoft 365 / Outlook',
  quickr: 'Quickr',
  glbl: 'Glbl',
};

export const isAccountingService = (s: string): s is AccountingService =>
  (ACCOUNTING_SERVICES as readonly string[]).includes(s);
export const isCalendarService = (s: string): s is CalendarService =>
  (CALENDAR_SERVICES as readonly string[]).includes(s);

export const INTEGRATION_STATUSES = ['active', 'error'] as const;
export type IntegrationStatus = (typeof INTEGRATION_STATUSES)[number];
export const INTEGRATION_STATUS_LABELS: Record<IntegrationStatus, string> = {
  active: 'Gekoppeld',
  error: 'Fout: koppel opnieuw',
};

/** Spec 000 section 9: the accounting VAT types. */
export const ACCOUNTING_VAT_TYPES = ['inc', 'exc'] as const;
export type AccountingVatType = (typeof ACCOUNTING_VAT_TYPES)[number];
export const ACCOUNTING_VAT_TYPE_LABELS: Record<AccountingVatType, string> = {
  inc: 'inclusief BTW',
  exc: 'exclusief BTW',
};

/** Spec 000 section 9: discount handling; the own item only for Exact Online. */
export const ACCOUNTING_DISCOUNT_OPTIONS = ['own_ledger', 'highest_amount_ledger', 'own_item'] as const;
export type AccountingDiscountOption = (typeof ACCOUNTING_DISCOUNT_OPTIONS)[number];
export const ACCOUNTING_DISCOUNT_LABELS: Record<AccountingDiscountOption, string> = {
  own_ledger: 'eigen grootboekrekening',
  highest_amount_ledger: 'grootboekrekening hoogste bedrag',
  own_item: 'eigen artikel',
};
export const DISCOUNT_OPTIONS_OF: Record<AccountingService, readonly AccountingDiscountOption[]> = {
  exact: ACCOUNTING_DISCOUNT_OPTIONS,
  snelstart: ['own_ledger', 'highest_amount_ledger'],
};

/** The lookups of spec 000 section 7: all six for Exact Online, ledger accounts for SnelStart. */
export const ACCOUNTING_LOOKUPS = [
  'ledgeraccounts',
  'warehouses',
  'divisions',
  'vatcodes',
  'journals',
  'items',
] as const;
export type AccountingLookup = (typeof ACCOUNTING_LOOKUPS)[number];
export const LOOKUPS_OF: Record<AccountingService, readonly AccountingLookup[]> = {
  exact: ACCOUNTING_LOOKUPS,
  snelstart: ['ledgeraccounts'],
};

/** The VAT rates a sent invoice books on (the billed amounts per rate), and the reverse-charged one. */
export const ACCOUNTING_VAT_SLOTS = ['high', 'low', 'zero', 'shifted'] as const;
export type AccountingVatSlot = (typeof ACCOUNTING_VAT_SLOTS)[number];
export const ACCOUNTING_VAT_SLOT_LABELS: Record<AccountingVatSlot, string> = {
  high: 'Hoog tarief (21%)',
  low: 'Laag tarief (9%)',
  zero: '0%',
  shifted: 'Verlegd',
};

export const ACCOUNTING_PUSH_STATUSES = ['queued', 'booked', 'refused', 'retrying'] as const;
export type AccountingPushStatus = (typeof ACCOUNTING_PUSH_STATUSES)[number];
export const ACCOUNTING_PUSH_STATUS_LABELS: Record<AccountingPushStatus, string> = {
  queued: 'In wachtrij',
  booked: 'Geboekt',
  refused: 'Geweigerd',
  retrying: 'Nieuwe poging gepland',
};

/** Retries after the first attempt of a push (pg-boss backoff from 5 s). */
export const ACCOUNTING_PUSH_RETRIES = 6;
/** A pending authorization (the state of an OAuth round) lives this long. */
export const OAUTH_STATE_MINUTES = 10;

/**
 * The BroadcastChannel (and message type) on which the authorization window's last page tells the app's open
 * screens how the link went: same origin, so it reaches them even when the opener was cut off.
 */
export const INTEGRATION_CHANNEL = 'im-integration';

export const INTEGRATION_TEXTS = {
  notFound: 'Koppeling niet gevonden.',
  notLinked: (service: string) => `${service} is niet gekoppeld.`,
  notConfigured: (service: string) =>
    `${service} is op deze server niet ingesteld. Vraag de beheerder de app bij ${service} te registreren.`,
  stateInvalid: 'Deze koppelpoging is verlopen of al gebruikt. Begin opnieuw vanuit Koppelingen.',
  authorizationDenied: (service: string) => `${service} heeft de koppeling niet toegestaan.`,
  linked: (service: string) => `${service} is gekoppeld.`,
  linkedWindow: 'De koppeling is gelukt. Dit venster kan dicht.',
  failedWindow: 'De koppeling is niet gelukt.',
  unlinked: (service: string) => `${service} is ontkoppeld.`,
  expired: (service: string) => `De koppeling met ${service} is verlopen of ingetrokken. Koppel opnieuw.`,
  unreachable: (service: string) => `${service} is niet bereikbaar. Probeer het later opnieuw.`,
  refusedBy: (service: string, message: string) => `${service} weigerde: ${message}`,
  settingsIncomplete: (what: string) => `De boekhoudinstellingen zijn niet compleet: ${what}.`,
  alreadyLinked: (service: string) => `${service} is al gekoppeld. Ontkoppel eerst.`,
  otherAccountingLinked: (service: string) =>
    `Er is al een boekhoudpakket gekoppeld (${service}). Ontkoppel dat eerst.`,
  pushQueued: 'De factuur staat klaar om geboekt te worden.',
  pushExistingStarted: 'De verstuurde facturen worden geboekt.',
  nothingToPush: 'Er zijn geen verstuurde facturen die nog geboekt moeten worden.',
  lookupNotOffered: (service: string) => `${service} biedt deze lijst niet.`,
  /** Decision 068: SnelStart links with the koppelsleutel the customer makes in SnelStart Web. */
  clientKeyRefused: (service: string) =>
    `${service} accepteert deze koppelsleutel niet. Kopieer de sleutel opnieuw uit ${service} Web.`,
  /** Spec 000 section 8. */
  forceRemoveTitle: 'Agenda geforceerd verwijderen',
  forceRemoveBody:
    'Er is iets fout gegaan met het ontkoppelen. Weet u zeker dat u deze agenda geforceerd wilt verwijderen?',
  /** Calendars (decision 070). */
  calendarLinkedWindow: 'De agenda is gekoppeld. Dit venster kan dicht.',
  calendarAlreadyLinked: (service: string) => `${service} is al gekoppeld aan je account. Ontkoppel eerst.`,
  unlinkFailed: (service: string) =>
    `Het ontkoppelen van ${service} is niet gelukt. Je kunt de agenda geforceerd verwijderen.`,
  externalEventsOthers: 'Je kunt alleen je eigen externe agenda bekijken.',
  externalRangeTooLong: 'Kies een periode van hoogstens 366 dagen.',
  /** getAuthUrlForUser (decision 074): a link the other user opens to give their own consent. */
  linkForOthersRole: 'Alleen een systeembeheerder maakt een koppellink voor een andere gebruiker.',
  linkForUserMade: (service: string, by: string) => `Koppellink voor ${service} gemaakt door ${by}`,
  linkForOtherUser:
    'Deze koppellink is voor een andere gebruiker. Log in als die gebruiker om de agenda te koppelen.',
  linkForYou: (service: string) =>
    `Je bent gevraagd je ${service} te koppelen. Klik op de knop en geef toestemming met je eigen account.`,
  /** Changes made in the calendar, taken back here (decision 074). */
  takenTime: (service: string, title: string) => `Tijd overgenomen uit ${service}: ${title}`,
  takenDeletion: (service: string, title: string) => `Verwijderd in ${service}: ${title}`,
  syncRestarted: (service: string) => `${service}: volledige synchronisatie opnieuw gestart`,
  quickrLoginFailure: 'Installatiemanager kan geen verbinding maken met Quickr met deze inloggegevens.',
} as const;

/** Spec 000 section 9 / spec 001: external calendar events from last week to six months ahead by default. */
export const EXTERNAL_EVENTS_DAYS_BACK = 7;
export const EXTERNAL_EVENTS_MONTHS_AHEAD = 6;
/** The longest range one read of external events may ask for. */
export const MAX_EXTERNAL_RANGE_DAYS = 366;
/** Retries of a calendar push after its first attempt (pg-boss backoff). */
export const CALENDAR_PUSH_RETRIES = 6;

/** What is pushed to a user's own calendar (decision 074): agenda items and planned tasks. */
export const CALENDAR_ITEM_KINDS = ['agendaitem', 'task'] as const;
export type CalendarItemKind = (typeof CALENDAR_ITEM_KINDS)[number];
/** A completed task stays in the calendar, its title marked (decision 074). */
export const CALENDAR_TASK_DONE_SUFFIX = ' (afgerond)';
/** A planned task without an end lasts this long in the calendar. */
export const CALENDAR_TASK_DEFAULT_MINUTES = 60;
/** The app address a getAuthUrlForUser link opens: the profile, with the calendar and the user it is for. */
export const CALENDAR_LINK_PARAM = 'koppel';
export const CALENDAR_LINK_FOR_PARAM = 'voor';
export const calendarLinkPath = (service: CalendarService, userId: number): string =>
  `/account/user_profile?${CALENDAR_LINK_PARAM}=${service}&${CALENDAR_LINK_FOR_PARAM}=${userId}`;

/** The default range of external events around `now`: last week to six months ahead (spec 000 section 9). */
export function externalEventsRange(now: Date): { from: Date; to: Date } {
  const from = new Date(now.getTime() - EXTERNAL_EVENTS_DAYS_BACK * 86_400_000);
  const to = new Date(now);
  to.setUTCMonth(to.getUTCMonth() + EXTERNAL_EVENTS_MONTHS_AHEAD);
  return { from, to };
}

export * from './solar';
