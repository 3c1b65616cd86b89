// The API contract of webhook connections (spec 002 "Webhook connection", decision 025): written
// once for server and web. A connection is an outgoing HTTP call a workflow rule can make.
import { z } from 'zod';
import { zPaginated, zPaginationQuery } from '../pagination';

export const WEBHOOK_METHODS = ['POST', 'GET', 'PUT', 'PATCH', 'DELETE'] as const;
export type WebhookMethod = (typeof WEBHOOK_METHODS)[number];
/** GET and DELETE send no body; their body tags are not sent. */
export const WEBHOOK_METHODS_WITHOUT_BODY: readonly WebhookMethod[] = ['GET', 'DELETE'];

export const WEBHOOK_STATUSES = ['unverified', 'active'] as const;
export type WebhookStatus = (typeof WEBHOOK_STATUSES)[number];
export const WEBHOOK_STATUS_LABELS: Record<WebhookStatus, string> = {
  unverified: 'Niet geverifieerd',
  active: 'Actief',
};

export const WEBHOOK_DELIVERY_STATUSES = ['queued', 'delivered', 'failed', 'retrying'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];
export const WEBHOOK_DELIVERY_STATUS_LABELS: Record<WebhookDeliveryStatus, string> = {
  queued: 'In wachtrij',
  delivered: 'Afgeleverd',
  failed: 'Mislukt',
  retrying: 'Nieuwe poging gepland',
};

export const WEBHOOK_TAG_LISTS = ['header_tags', 'body_tags', 'query_tags'] as const;
export type WebhookTagList = (typeof WEBHOOK_TAG_LISTS)[number];

export const MAX_WEBHOOK_TAGS = 50;
export const MAX_WEBHOOK_FIELDKEY_LENGTH = 100;
export const MAX_WEBHOOK_FIELDVALUE_LENGTH = 2000;
export const MAX_WEBHOOK_URL_LENGTH = 2000;
export const MAX_WEBHOOK_NAME_LENGTH = 200;

/** Headers a connection may not set: hop-by-hop ones and those the HTTP client owns. */
export const WEBHOOK_RESERVED_HEADERS: readonly string[] = [
  'host',
  'content-length',
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'proxy-connection',
  'te',
  'trailer',
  'trailers',
  'transfer-encoding',
  'upgrade',
  'expect',
];
/** RFC 9110 token: what a header name may consist of. */
const HEADER_TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

export const WEBHOOK_MESSAGES = {
  notFound: 'Webhookkoppeling niet gevonden.',
  deleted: 'Webhookkoppeling verwijderd.',
  nameRequired: 'Naam is verplicht.',
  urlRequired: 'URL is verplicht.',
  urlInvalid: 'Vul een geldige URL in die begint met http:// of https://.',
  urlCredentials: 'Een URL met gebruikersnaam of wachtwoord is niet toegestaan; gebruik een header.',
  tooManyTags: `Maximaal ${MAX_WEBHOOK_TAGS} regels per lijst.`,
  fieldkeyRequired: 'Sleutel is verplicht.',
  headerName: (name: string) => `"${name}" is geen geldige of toegestane headernaam.`,
  duplicateKey: (name: string) => `De sleutel "${name}" staat er meer dan eens in.`,
  testSuccessTitle: 'Test succesvol!',
  testSuccessMessage: 'De koppeling is geverifieerd.',
  testFailureTitle: 'Fout bij testen',
  testFailureMessage: 'De koppeling kon niet worden geverifieerd. Message: ',
} as const;

/** True when `name` may be sent as a header of a connection. */
export function isAllowedWebhookHeader(name: string): boolean {
  return HEADER_TOKEN.test(name) && !WEBHOOK_RESERVED_HEADERS.includes(name.toLowerCase());
}

/**
 * One header, body or query entry: the value may hold merge tags (checked by the server against the
 * catalogue); `example` is what a test sends; `nullvalue` stands in when the value renders empty.
 */
export const zWebhookTag = z.object({
  fieldkey: z
    .string({ message: WEBHOOK_MESSAGES.fieldkeyRequired })
    .trim()
    .min(1, WEBHOOK_MESSAGES.fieldkeyRequired)
    .max(MAX_WEBHOOK_FIELDKEY_LENGTH),
  fieldvalue: z.string().max(MAX_WEBHOOK_FIELDVALUE_LENGTH).default(''),
  example: z.string().max(MAX_WEBHOOK_FIELDVALUE_LENGTH).default(''),
  nullvalue: z.string().max(MAX_WEBHOOK_FIELDVALUE_LENGTH).default(''),
});
export type WebhookTag = z.infer<typeof zWebhookTag>;

const zTagList = z
  .array(zWebhookTag)
  .max(MAX_WEBHOOK_TAGS, WEBHOOK_MESSAGES.tooManyTags)
  .superRefine((tags, ctx) => {
    const seen = new Set<string>();
    tags.forEach((tag, i) => {
      if (seen.has(tag.fieldkey))
        ctx.addIssue({
          code: 'custom',
          path: [i, 'fieldkey'],
          message: WEBHOOK_MESSAGES.duplicateKey(tag.fieldkey),
        });
      seen.add(tag.fieldkey);
    });
  });
const zHeaderTagList = zTagList.superRefine((tags, ctx) => {
  tags.forEach((tag, i) => {
    if (!isAllowedWebhookHeader(tag.fieldkey))
      ctx.addIssue({
        code: 'custom',
        path: [i, 'fieldkey'],
        message: WEBHOOK_MESSAGES.headerName(tag.fieldkey),
      });
  });
});

/** An http(s) address without credentials; where it points is checked when it is called (SSRF guard). */
export const zWebhookUrl = z
  .string({ message: WEBHOOK_MESSAGES.urlRequired })
  .trim()
  .min(1, WEBHOOK_MESSAGES.urlRequired)
  .max(MAX_WEBHOOK_URL_LENGTH)
  .superRefine((value, ctx) => {
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      ctx.addIssue({ code: 'custom', message: WEBHOOK_MESSAGES.urlInvalid });
      return;
    }
    if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !url.hostname)
      ctx.addIssue({ code: 'custom', message: WEBHOOK_MESSAGES.urlInvalid });
    else if (url.username || url.password)
      ctx.addIssue({ code: 'custom', message: WEBHOOK_MESSAGES.urlCredentials });
  });

const zName = z
  .string({ message: WEBHOOK_MESSAGES.nameRequired })
  .trim()
  .min(1, WEBHOOK_MESSAGES.nameRequired)
  .max(MAX_WEBHOOK_NAME_LENGTH);

export const zWebhookConnectionSummary = z.object({
  id: z.number().int(),
  name: z.string(),
  url: z.string(),
  method: z.enum(WEBHOOK_METHODS),
  status: z.enum(WEBHOOK_STATUSES),
  last_tested_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type WebhookConnectionSummary = z.infer<typeof zWebhookConnectionSummary>;

export const zWebhookConnection = zWebhookConnectionSummary.extend({
  header_tags: z.array(zWebhookTag),
  body_tags: z.array(zWebhookTag),
  query_tags: z.array(zWebhookTag),
  /** The HMAC key of the signature header (32 random bytes, base64url). */
  secret: z.string(),
});
export type WebhookConnection = z.infer<typeof zWebhookConnection>;

/** POST /api/webhookconnection */
export const zCreateWebhookConnection = z.object({
  name: zName,
  url: zWebhookUrl,
  method: z.enum(WEBHOOK_METHODS).default('POST'),
  header_tags: zHeaderTagList.default([]),
  body_tags: zTagList.default([]),
  query_tags: zTagList.default([]),
});
export type CreateWebhookConnection = z.infer<typeof zCreateWebhookConnection>;

/** PATCH /api/webhookconnection/{id}: any change resets the status to unverified. */
export const zUpdateWebhookConnection = z.object({
  name: zName.optional(),
  url: zWebhookUrl.optional(),
  method: z.enum(WEBHOOK_METHODS).optional(),
  header_tags: zHeaderTagList.optional(),
  body_tags: zTagList.optional(),
  query_tags: zTagList.optional(),
});
export type UpdateWebhookConnection = z.infer<typeof zUpdateWebhookConnection>;

/** POST /api/webhookconnection/{id}/test: success or not, plus the response (spec 002). */
export const zWebhookTestResult = z.object({
  success: z.boolean(),
  /** The response body's first characters, or why no call was made or it failed. */
  response: z.string(),
  /** The HTTP status, null when no response came. */
  status: z.number().int().nullable(),
});
export type WebhookTestResult = z.infer<typeof zWebhookTestResult>;

export const zWebhookDelivery = z.object({
  id: z.number().int(),
  connection_id: z.number().int(),
  flow_id: z.number().int().nullable(),
  rule_id: z.number().int().nullable(),
  event_id: z.string().nullable(),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.number().int(),
  request_method: z.string(),
  request_url: z.string(),
  response_status: z.number().int().nullable(),
  response_excerpt: z.string(),
  error: z.string().nullable(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
});
export type WebhookDelivery = z.infer<typeof zWebhookDelivery>;

/** GET /api/webhookconnection/{id}/deliveries: newest first, paged. */
export const zWebhookDeliveryPageQuery = zPaginationQuery.pick({ offset: true, limit: true });
export type WebhookDeliveryPageQuery = z.input<typeof zWebhookDeliveryPageQuery>;
export const zWebhookDeliveryPage = zPaginated(zWebhookDelivery);
