// The API contract of organizations: request and response schemas, written once for server and web.
import { z } from 'zod';
import { zFlag } from '../flags';
import { IDENTIFIER_ERRORS, isValidOin } from '../invoices/identifiers';
import { zPaginated, zPaginationQuery } from '../pagination';
import { zId } from './common';
import { checkCoordinates, zEmailOrEmpty, zInlineLocation, zLat, zLng, zLocation, zText } from './locations';
import { nameParts, SURNAME_REQUIRED, zRelation } from './relations';

export const zOrganizationFields = z.object({
  name: z.string().trim().min(1, 'Vul een naam in.').max(200),
  email: zEmailOrEmpty.optional(),
  phone: zText(40).optional(),
  coc_number: zText(20).optional(),
  vat_number: zText(30).optional(),
  /** A government body's OIN (20 digits): its Peppol address (scheme 0190) on e-invoices. */
  oin: zText(20)
    .refine((s) => s === '' || isValidOin(s), IDENTIFIER_ERRORS.oin)
    .optional(),
  /** 'Uw referentie' (BT-10) and 'Inkoopordernummer' (BT-13): the defaults for its invoices. */
  buyer_reference: zText(100).optional(),
  order_reference: zText(100).optional(),
  country: zText(100).optional(),
  lead_source: zText(100).optional(),
  flowprofile_id: zId.nullable().optional(),
  contactperson_id: zId.nullable().optional(),
  lat: zLat.nullable().optional(),
  lng: zLng.nullable().optional(),
  location: zInlineLocation.optional(),
});

/** The contact person typed with a new organization: a full name (split) or the parts. */
export const zNestedRelation = z
  .object({
    fullname: zText(300).optional(),
    name: zText(100).optional(),
    nameprefix: zText(50).optional(),
    surname: zText(150).optional(),
    email: zEmailOrEmpty.optional(),
    phone: zText(40).optional(),
    mobile: zText(40).optional(),
  })
  .superRefine((v, ctx) => {
    if (!nameParts(v).surname) ctx.addIssue({ code: 'custom', message: SURNAME_REQUIRED, path: ['surname'] });
  });

export const zCreateOrganization = zOrganizationFields
  .extend({
    relation: zNestedRelation.optional(),
    /** With a nested relation: whether that contact person gets a flow (default true, as a new relation does). */
    createnewflow: zFlag.default(true),
    flow_description: zText(500).optional(),
  })
  .superRefine(checkCoordinates);

export const zUpdateOrganization = zOrganizationFields.partial().superRefine(checkCoordinates);

export type CreateOrganization = z.infer<typeof zCreateOrganization>;

export type UpdateOrganization = z.infer<typeof zUpdateOrganization>;

export const zOrganizationQuery = zPaginationQuery;

export const zOrganization = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  coc_number: z.string(),
  vat_number: z.string(),
  oin: z.string(),
  buyer_reference: z.string(),
  order_reference: z.string(),
  country: z.string(),
  lead_source: z.string(),
  flowprofile_id: z.number().int().nullable(),
  contactperson_id: z.number().int().nullable(),
  contactperson: z.object({ id: z.number().int(), fullname: z.string() }).nullable(),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
  address: z.string(),
  relations_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});

export const zOrganizationPage = zPaginated(zOrganization);

export const zOrganizationSearchHit = z.object({
  id: z.number().int(),
  name: z.string(),
  address: z.string(),
});

export type Organization = z.infer<typeof zOrganization>;

export const zOrganizationDetail = zOrganization.extend({
  relations: z.array(zRelation),
  locations: z.array(zLocation),
});

export type OrganizationFields = z.infer<typeof zOrganizationFields>;
export type NestedRelation = z.infer<typeof zNestedRelation>;
export type OrganizationQuery = z.infer<typeof zOrganizationQuery>;
export type OrganizationPage = z.infer<typeof zOrganizationPage>;
export type OrganizationSearchHit = z.infer<typeof zOrganizationSearchHit>;
export type OrganizationDetail = z.infer<typeof zOrganizationDetail>;
