// Constants of websites (spec 002: website with lead source, request profile, user, status, siteurl
// and mapping; decision 026): a form on the company's own site that posts leads.
import { DEFAULT_LEAD_SOURCE } from '../flows';

export const WEBSITE_STATUSES = ['concept', 'live'] as const;
export type WebsiteStatus = (typeof WEBSITE_STATUSES)[number];
export const WEBSITE_STATUS_LABELS: Record<WebsiteStatus, string> = { concept: 'Concept', live: 'Live' };

/** Spec 002: "Default website lead source: 'Eigen website'." */
export const DEFAULT_WEBSITE_LEAD_SOURCE = DEFAULT_LEAD_SOURCE;

/**
 * Where a posted field can go (`fieldvalue` of a mapping row). The relation's name either in parts or
 * as one full name (split like the relation form does), contact details, the organization's name, the
 * main location's address, and the new flow's description, tags and note.
 */
export const WEBSITE_TARGET_FIELDS = [
  'fullname',
  'name',
  'nameprefix',
  'surname',
  'email',
  'phone',
  'mobile',
  'organization',
  'address',
  'number',
  'number_addition',
  'postcode',
  'city',
  'country',
  'flow_description',
  'flow_tags',
  'note',
] as const;
export type WebsiteTargetField = (typeof WEBSITE_TARGET_FIELDS)[number];

export const WEBSITE_TARGET_LABELS: Record<WebsiteTargetField, string> = {
  fullname: 'Volledige naam',
  name: 'Voornaam',
  nameprefix: 'Tussenvoegsel',
  surname: 'Achternaam',
  email: 'E-mailadres',
  phone: 'Telefoonnummer',
  mobile: 'Mobiel nummer',
  organization: 'Organisatie',
  address: 'Straat',
  number: 'Huisnummer',
  number_addition: 'Toevoeging huisnummer',
  postcode: 'Postcode',
  city: 'Plaats',
  country: 'Land',
  flow_description: 'Omschrijving van de aanvraag',
  flow_tags: 'Tags van de aanvraag (komma-lijst)',
  note: 'Notitie bij de aanvraag',
};

/** A lead must be reachable: going live needs a mapping to one of these. */
export const WEBSITE_CONTACT_TARGETS: readonly WebsiteTargetField[] = ['email', 'phone', 'mobile'];

/** A posted field with content under this name marks a bot: the call answers 200 and creates nothing. */
export const WEBSITE_HONEYPOT_FIELD = 'website_url_hp';
/** A classic form post may name a page of the website to return to (303). */
export const WEBSITE_REDIRECT_FIELD = 'redirect';
export const WEBSITE_RESERVED_FIELDS: readonly string[] = [WEBSITE_HONEYPOT_FIELD, WEBSITE_REDIRECT_FIELD];

export const MAX_WEBSITE_BODY_BYTES = 32 * 1024;
export const MAX_WEBSITE_POSTED_FIELDS = 100;
export const MAX_WEBSITE_FIELD_KEY_LENGTH = 100;
export const MAX_WEBSITE_POSTED_VALUE_LENGTH = 5000;
export const MAX_WEBSITE_MAPPING_ROWS = 100;
export const MAX_WEBSITE_NAME_LENGTH = 200;
export const MAX_WEBSITE_URL_LENGTH = 500;
/** Leads one website accepts per hour, whatever address they come from. */
export const WEBSITE_LEADS_PER_HOUR = 300;

/** The public endpoint of a website, relative to the application's address. */
export function websiteEndpointPath(key: string): string {
  return `/api/website/${key}/lead`;
}

export const WEBSITE_MESSAGES = {
  notFound: 'Website niet gevonden.',
  /** The public endpoint: unknown key, or a website that is not live. */
  formNotFound: 'Dit formulier is niet (meer) in gebruik.',
  thanks: 'Bedankt! Uw aanvraag is ontvangen.',
  nameRequired: 'Vul een naam in.',
  userRequired: 'Kies een gebruiker.',
  unknownFlowprofile: 'Kies een aanvraagprofiel van uw bedrijf.',
  unknownLeadSource: 'Kies een van de leadbronnen van uw bedrijf.',
  siteurl: 'Vul een geldig webadres in, beginnend met http:// of https://.',
  fieldkeyRequired: 'Vul de naam van het formulierveld in.',
  fieldkeyReserved: 'Deze veldnaam is gereserveerd.',
  valuemapping: 'Gebruik de vorm gepost=opgeslagen, bijvoorbeeld ja=1.',
  goLiveNeedsContact:
    'Koppel eerst een veld aan het e-mailadres of een telefoonnummer: een aanvraag moet bereikbaar zijn.',
  alreadyLive: 'Deze website staat al live.',
  noContact: 'Vul een e-mailadres of telefoonnummer in.',
  tooManyFields: `Het formulier heeft te veel velden (maximaal ${MAX_WEBSITE_POSTED_FIELDS}).`,
  tooManyLeads:
    'Dit formulier heeft het afgelopen uur te veel aanvragen ontvangen. Probeer het later opnieuw.',
  unsupportedType: 'Stuur het formulier als application/x-www-form-urlencoded of application/json.',
  deleted: 'Website verwijderd.',
} as const;
