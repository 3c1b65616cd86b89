// The API contract of integrations (spec 000 section 7 "Integrations", decision 065): written once for
// server and web. No answer ever carries a token.
import { z } from 'zod';
import {
  ACCOUNTING_DISCOUNT_OPTIONS,
  ACCOUNTING_PUSH_STATUSES,
  ACCOUNTING_VAT_TYPES,
  CALENDAR_SERVICES,
  INTEGRATION_SERVICES,
  INTEGRATION_STATUSES,
} from '../integrations';
import { zPaginated, zPaginationQuery } from '../pagination';
import { zId } from './common';

export const zIntegrationService = z.enum(INTEGRATION_SERVICES);

/** One linked service (spec 000 section 3 "Integrations": a service identifier). */
export const zIntegration = z.object({
  id: z.number().int(),
  service: zIntegrationService,
  /** null: the company's link (accounting); else the user's own (calendar). */
  user_id: z.number().int().nullable(),
  status: z.enum(INTEGRATION_STATUSES),
  /** What the link reaches: the administration (division) or the account's name. */
  account_label: z.string(),
  last_error: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Integration = z.infer<typeof zIntegration>;
export const zIntegrationList = z.array(zIntegration);

export const zIntegrationParams = z.object({ service: zIntegrationService, id: zId });

/**
 * getExactAuthUrl / getSnelstartAuthUrl: the address opened in a window (Exact's consent screen; SnelStart
 * Web's page where the customer makes the koppelsleutel, decision 068).
 */
export const zAuthUrl = z.object({ authUrl: z.string() });

/** SnelStart's link: the koppelsleutel (client key) made in SnelStart Web, exchanged for a token at once. */
export const zClientKeyLink = z
  .object({ client_key: z.string().trim().min(8, 'Vul de koppelsleutel in.').max(2000) })
  .strict();
export type ClientKeyLink = z.infer<typeof zClientKeyLink>;

/** A row of an accounting lookup: ledger account, warehouse, division, VAT code, journal or item. */
export const zAccountingOption = z.object({
  id: z.string(),
  code: z.string(),
  description: z.string(),
  /** A VAT code's percentage, when the package says it. */
  percentage: z.number().nullable(),
});
export type AccountingOption = z.infer<typeof zAccountingOption>;
export const zAccountingOptions = z.array(zAccountingOption);

const zRef = z.string().trim().max(100);
const zDescription = z.string().trim().max(200);

/**
 * The accounting blocks of the document settings: the company settings' ledger references and
 * descriptions per VAT rate (spec 000 section 3: gl_*, exact_discount_*) and the linked package's own
 * choices (division, journal, VAT codes, VAT type, discount handling).
 */
export const zAccountingSettings = z.object({
  gl_reference: z.string(),
  gl_description: z.string(),
  gl_reference_low: z.string(),
  gl_description_low: z.string(),
  gl_reference_shifted: z.string(),
  gl_description_shifted: z.string(),
  gl_reference_zero: z.string(),
  gl_description_zero: z.string(),
  exact_discount_reference: z.string(),
  exact_discount_description: z.string(),
  vat_type: z.enum(ACCOUNTING_VAT_TYPES),
  discount_option: z.enum(ACCOUNTING_DISCOUNT_OPTIONS),
  /** The linked package's choices; empty strings until chosen. */
  division: z.string(),
  journal: z.string(),
  warehouse: z.string(),
  discount_item: z.string(),
  vat_code_high: z.string(),
  vat_code_low: z.string(),
  vat_code_zero: z.string(),
  vat_code_shifted: z.string(),
  /** Every invoice is booked when it is sent. */
  auto_push: z.boolean(),
});
export type AccountingSettings = z.infer<typeof zAccountingSettings>;

export const zUpdateAccountingSettings = z
  .object({
    gl_reference: zRef,
    gl_description: zDescription,
    gl_reference_low: zRef,
    gl_description_low: zDescription,
    gl_reference_shifted: zRef,
    gl_description_shifted: zDescription,
    gl_reference_zero: zRef,
    gl_description_zero: zDescription,
    exact_discount_reference: zRef,
    exact_discount_description: zDescription,
    vat_type: z.enum(ACCOUNTING_VAT_TYPES),
    discount_option: z.enum(ACCOUNTING_DISCOUNT_OPTIONS),
    division: zRef,
    journal: zRef,
    warehouse: zRef,
    discount_item: zRef,
    vat_code_high: zRef,
    vat_code_low: zRef,
    vat_code_zero: zRef,
    vat_code_shifted: zRef,
    auto_push: z.boolean(),
  })
  .partial()
  .strict();
export type UpdateAccountingSettings = z.infer<typeof zUpdateAccountingSettings>;

/** One invoice's booking in the package. */
export const zAccountingPush = z.object({
  id: z.number().int(),
  service: zIntegrationService,
  document_id: z.number().int(),
  number: z.string().nullable(),
  status: z.enum(ACCOUNTING_PUSH_STATUSES),
  /** The package's entry number once booked. */
  external_number: z.string().nullable(),
  message: z.string().nullable(),
  attempts: z.number().int(),
  booked_at: z.string().nullable(),
  paid_synced_at: z.string().nullable(),
  updated_at: z.string(),
});
export type AccountingPush = z.infer<typeof zAccountingPush>;
export const zAccountingPushPage = zPaginated(zAccountingPush);
export const zAccountingPushQuery = zPaginationQuery.extend({
  status: z.enum(ACCOUNTING_PUSH_STATUSES).optional(),
});

/** A line of a connection's log ('Koppelingen'), newest first. */
export const zIntegrationLogLine = z.object({
  id: z.number().int(),
  at: z.string(),
  level: z.enum(['info', 'error']),
  message: z.string(),
  document_id: z.number().int().nullable(),
});
export type IntegrationLogLine = z.infer<typeof zIntegrationLogLine>;
export const zIntegrationLogPage = zPaginated(zIntegrationLogLine);
export const zIntegrationLogQuery = zPaginationQuery;

/** The first push of existing sent invoices: those sent on or after `from` (all when absent). */
export const zPushExisting = z.object({ from: z.iso.date().optional() }).strict();

// ---------------------------------------------------------------- calendars (decision 070)

export const zCalendarService = z.enum(CALENDAR_SERVICES);

/** The calendars this server has an app registered with (the others are not offered on the profile). */
export const zOfferedCalendars = z.array(zCalendarService);

/** getAuthUrl / getAuthUrlForUser: the calendar's consent screen for the logged-in user, opened in a window. */
export const zCalendarAuthParams = z.object({ service: zCalendarService });

/** getAuthUrlForUser (decision 074): the calendar and the user the link is for. */
export const zCalendarAuthForUserParams = z.object({ service: zCalendarService, userId: zId });
/** The app address the user opens (after logging in) to give their own consent; no secret in it. */
export const zCalendarLinkForUser = z.object({ url: z.string(), user_id: z.number().int() });
export type CalendarLinkForUser = z.infer<typeof zCalendarLinkForUser>;

/**
 * GET integrations/{gcal|outlook}/list/{userId}/{from}/{to}: a user's external calendar events (spec 001:
 * last week to six months ahead), shown in the agenda as items of kind google.
 */
export const zExternalEventsParams = z.object({
  service: zCalendarService,
  userId: zId,
  from: z.iso.date({ error: 'Ongeldige datum.' }),
  to: z.iso.date({ error: 'Ongeldige datum.' }),
});

/** An event of the user's own calendar (spec 001: external calendar events carry summary, start, end). */
export const zExternalEvent = z.object({
  id: z.string(),
  service: zCalendarService,
  summary: z.string(),
  start: z.string(),
  end: z.string(),
  all_day: z.boolean(),
  location: z.string(),
  /** Always 'google': the agenda shows it and does nothing when it is clicked (spec 001). */
  kind: z.literal('google'),
});
export type ExternalEvent = z.infer<typeof zExternalEvent>;
export const zExternalEventList = z.array(zExternalEvent);
