// The API contract of websites (spec 002: website create, edit, edit mapping; decision 026) and of
// their public lead endpoint: written once for server and web.
import { z } from 'zod';
import {
  DEFAULT_WEBSITE_LEAD_SOURCE,
  MAX_WEBSITE_FIELD_KEY_LENGTH,
  MAX_WEBSITE_MAPPING_ROWS,
  MAX_WEBSITE_NAME_LENGTH,
  MAX_WEBSITE_POSTED_FIELDS,
  MAX_WEBSITE_URL_LENGTH,
  WEBSITE_MESSAGES,
  WEBSITE_RESERVED_FIELDS,
  WEBSITE_STATUSES,
  WEBSITE_TARGET_FIELDS,
} from '../websites/constants';
import { parseValueMapping } from '../websites/mapping';
import { zId } from './common';

export const zWebsiteStatus = z.enum(WEBSITE_STATUSES);
export const zWebsiteTargetField = z.enum(WEBSITE_TARGET_FIELDS, { message: 'Kies een doelveld.' });

export const zWebsiteMappingRow = z.object({
  fieldkey: z
    .string({ message: WEBSITE_MESSAGES.fieldkeyRequired })
    .trim()
    .min(1, WEBSITE_MESSAGES.fieldkeyRequired)
    .max(MAX_WEBSITE_FIELD_KEY_LENGTH)
    .refine((key) => !WEBSITE_RESERVED_FIELDS.includes(key), WEBSITE_MESSAGES.fieldkeyReserved),
  fieldvalue: zWebsiteTargetField,
  nullvalue: z.string().trim().max(500).default(''),
  valuemapping: z
    .string()
    .trim()
    .max(2000)
    .default('')
    .refine((text) => parseValueMapping(text) !== null, WEBSITE_MESSAGES.valuemapping),
});
export type WebsiteMappingRowInput = z.input<typeof zWebsiteMappingRow>;

export const zWebsiteMapping = z.array(zWebsiteMappingRow).max(MAX_WEBSITE_MAPPING_ROWS);

/** '' or an http(s) address. */
export const zSiteUrl = z
  .string()
  .trim()
  .max(MAX_WEBSITE_URL_LENGTH)
  .refine((v) => v === '' || (/^https?:\/\/[^\s/?#]+/i.test(v) && URL.canParse(v)), WEBSITE_MESSAGES.siteurl);

const zWebsiteName = z
  .string({ message: WEBSITE_MESSAGES.nameRequired })
  .trim()
  .min(1, WEBSITE_MESSAGES.nameRequired)
  .max(MAX_WEBSITE_NAME_LENGTH);

const zLeadSource = z.string().trim().max(100);

/** Spec 002: "A website needs a user." */
const zWebsiteUserId = z.coerce
  .number({ message: WEBSITE_MESSAGES.userRequired })
  .int(WEBSITE_MESSAGES.userRequired)
  .positive(WEBSITE_MESSAGES.userRequired)
  .max(2_147_483_647, WEBSITE_MESSAGES.userRequired);

export const zWebsite = z.object({
  id: z.number().int(),
  name: z.string(),
  siteurl: z.string(),
  lead_source: z.string(),
  flowprofile_id: z.number().int().nullable(),
  flowprofile: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  user_id: z.number().int().nullable(),
  user_fullname: z.string(),
  status: zWebsiteStatus,
  mapping: z.array(
    z.object({
      fieldkey: z.string(),
      fieldvalue: zWebsiteTargetField,
      nullvalue: z.string(),
      valuemapping: z.string(),
    }),
  ),
  /** The public endpoint's key (128 random bits, URL-safe); reset with resetkey. */
  key: z.string(),
  /** The public endpoint, relative to the application's address. */
  endpoint_url: z.string(),
  /** Flows created from this website's form. */
  leads_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Website = z.infer<typeof zWebsite>;

export const zCreateWebsite = z.object({
  name: zWebsiteName,
  siteurl: zSiteUrl.default(''),
  lead_source: zLeadSource.default(DEFAULT_WEBSITE_LEAD_SOURCE),
  flowprofile_id: zId.nullable().optional(),
  user_id: zWebsiteUserId,
  mapping: zWebsiteMapping.default([]),
});
export type CreateWebsite = z.infer<typeof zCreateWebsite>;

export const zUpdateWebsite = z.object({
  name: zWebsiteName.optional(),
  siteurl: zSiteUrl.optional(),
  lead_source: zLeadSource.optional(),
  flowprofile_id: zId.nullable().optional(),
  user_id: zWebsiteUserId.optional(),
  mapping: zWebsiteMapping.optional(),
});
export type UpdateWebsite = z.infer<typeof zUpdateWebsite>;

// ---------------------------------------------------------------- public lead endpoint

export const zWebsiteKeyParams = z.object({ key: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/) });

const zPostedScalar = z.union([z.string(), z.number(), z.boolean(), z.null()]);

/** A posted form: at most 100 fields, each a value or a list of values (a field sent more than once). */
export const zWebsiteLeadBody = z
  .record(
    z.string().max(MAX_WEBSITE_FIELD_KEY_LENGTH),
    z.union([zPostedScalar, z.array(zPostedScalar).max(100)]),
    {
      message: 'Stuur de velden van het formulier.',
    },
  )
  .refine((v) => Object.keys(v).length <= MAX_WEBSITE_POSTED_FIELDS, WEBSITE_MESSAGES.tooManyFields);
