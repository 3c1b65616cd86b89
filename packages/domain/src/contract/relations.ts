// The API contract of relations: request and response schemas, written once for server and web.
import { z } from 'zod';
import { FLOW_STATUSES } from '../flows';

export const SEARCH_TOO_SHORT = `Zoek op minimaal ${SEARCH_MIN_CHARS} tekens.`;

import { zFlag } from '../flags';
import { SEARCH_MIN_CHARS } from '../flows';
import { splitFullName } from '../names';
import { zPaginated, zPaginationQuery } from '../pagination';
import { INACTIVE_CRITERIA, INACTIVE_CRITERIA_WITH_AMOUNT, INACTIVE_CRITERIA_WITH_TEXT } from '../relations';
import { zFileInfo, zId } from './common';
import { zFlowRow } from './flow-rows';
import { checkCoordinates, zEmailOrEmpty, zInlineLocation, zLat, zLng, zLocation, zText } from './locations';

export const zInactiveCriteria = z.object({
  criteria: z
    .array(
      z
        .object({
          tag: z.enum(INACTIVE_CRITERIA),
          amount: z.coerce.number().int().min(0).max(36_500).optional(),
          text: z.string().trim().max(200).optional(),
        })
        .superRefine((c, ctx) => {
          if (INACTIVE_CRITERIA_WITH_AMOUNT.includes(c.tag) && c.amount === undefined)
            ctx.addIssue({ code: 'custom', message: 'Vul een aantal dagen in.', path: ['amount'] });
          if (INACTIVE_CRITERIA_WITH_TEXT.includes(c.tag) && !c.text)
            ctx.addIssue({ code: 'custom', message: 'Vul een tekst in.', path: ['text'] });
        }),
    )
    .max(20)
    .default([]),
});

export type InactiveCriteria = z.infer<typeof zInactiveCriteria>['criteria'][number];

export const SURNAME_REQUIRED = 'Vul een achternaam in.';

/** Fields a relation is saved with; `fullname` may stand in for the parts (the typeahead's '(nieuw)' entry). */
export const zRelationFields = z.object({
  name: zText(100).optional(),
  nameprefix: zText(50).optional(),
  surname: zText(150).optional(),
  fullname: zText(300).optional(),
  email: zEmailOrEmpty.optional(),
  phone: zText(40).optional(),
  mobile: zText(40).optional(),
  country: zText(100).optional(),
  lead_source: zText(100).optional(),
  /** 'Uw referentie' and 'Inkoopordernummer': defaults for this customer's invoices (decision 044). */
  buyer_reference: zText(100).optional(),
  order_reference: zText(100).optional(),
  flowprofile_id: zId.nullable().optional(),
  organization_id: zId.nullable().optional(),
  neworganizationname: zText(200).optional(),
  lat: zLat.nullable().optional(),
  lng: zLng.nullable().optional(),
  location: zInlineLocation.optional(),
});

export type RelationFields = z.infer<typeof zRelationFields>;

/** Name parts from the input: the given parts, or the full name split into first name, prefix and surname. */
export function nameParts(input: RelationFields): { name?: string; nameprefix?: string; surname?: string } {
  if (input.fullname && input.surname === undefined && input.name === undefined)
    return splitFullName(input.fullname);
  return { name: input.name, nameprefix: input.nameprefix, surname: input.surname };
}

export const zCreateRelation = zRelationFields
  .extend({
    createnewflow: zFlag.default(true),
    flow_description: zText(500).optional(),
  })
  .superRefine((v, ctx) => {
    checkCoordinates(v, ctx);
    if (!nameParts(v).surname) ctx.addIssue({ code: 'custom', message: SURNAME_REQUIRED, path: ['surname'] });
  });

export type CreateRelation = z.infer<typeof zCreateRelation>;

export const UPDATE_REASONS = ['flowchange', 'changeorganization', 'neworganization'] as const;

export const zUpdateRelation = zRelationFields
  .extend({
    update_reason: z.enum(UPDATE_REASONS).optional(),
    flow_id: zId.optional(),
  })
  .superRefine((v, ctx) => {
    checkCoordinates(v, ctx);
    const parts = nameParts(v);
    if (parts.surname !== undefined && !parts.surname)
      ctx.addIssue({ code: 'custom', message: SURNAME_REQUIRED, path: ['surname'] });
    if (v.update_reason === 'flowchange' && v.flow_id === undefined)
      ctx.addIssue({ code: 'custom', message: 'Kies het hoofddossier.', path: ['flow_id'] });
    if (v.update_reason === 'changeorganization' && v.organization_id === undefined)
      ctx.addIssue({ code: 'custom', message: 'Kies een organisatie (of null).', path: ['organization_id'] });
    if (v.update_reason === 'neworganization' && !v.neworganizationname)
      ctx.addIssue({
        code: 'custom',
        message: 'Vul de naam van de organisatie in.',
        path: ['neworganizationname'],
      });
  });

export type UpdateRelation = z.infer<typeof zUpdateRelation>;

export const zDoubleCheck = z.object({
  name: zText(100).optional(),
  surname: zText(150).optional(),
  email: zText(254).optional(),
  postcode: zText(10).optional(),
  number: zText(20).optional(),
});

export const zRelation = z.object({
  id: z.number().int(),
  name: z.string(),
  nameprefix: z.string(),
  surname: z.string(),
  fullname: z.string(),
  email: z.string(),
  phone: z.string(),
  mobile: z.string(),
  country: z.string(),
  lead_source: z.string(),
  buyer_reference: z.string(),
  order_reference: z.string(),
  flowprofile_id: z.number().int().nullable(),
  organization_id: z.number().int().nullable(),
  organization: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  /** The main flow: the one chosen with update_reason flowchange while it is live, else the newest live one. */
  flow_id: z.number().int().nullable(),
  flow_status: z.enum(FLOW_STATUSES).nullable(),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
  address: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  deleted_at: z.string().nullable(),
});

export type Relation = z.infer<typeof zRelation>;

export const zRelationDetail = zRelation.extend({
  flows: z.array(zFlowRow),
  trashed_flows: z.array(zFlowRow),
  locations: z.array(zLocation),
  files: z.array(zFileInfo),
});

export type RelationDetail = z.infer<typeof zRelationDetail>;

export const zRelationQuery = zPaginationQuery.extend({ partnerId: zId.optional() });

export type RelationQuery = z.infer<typeof zRelationQuery>;

export const zRelationPage = zPaginated(zRelation);

/** The typeahead's query: at least 3 characters besides spaces (spec 001 sections 5 and 9). */
export const zSearchQuery = z.object({
  query: z
    .string()
    .trim()
    .max(200)
    .refine((q) => q.replace(/\s+/g, '').length >= SEARCH_MIN_CHARS, SEARCH_TOO_SHORT),
});

export const zRelationSearchHit = z.object({
  id: z.number().int(),
  fullname: z.string(),
  address: z.string(),
  email: z.string(),
});

export type DoubleCheck = z.infer<typeof zDoubleCheck>;
export type RelationPage = z.infer<typeof zRelationPage>;
export type SearchQuery = z.infer<typeof zSearchQuery>;
export type RelationSearchHit = z.infer<typeof zRelationSearchHit>;

/** A relation without activity for the criteria of `searchinactiverelations`. */
export const zInactiveRelation = z.object({
  id: z.number().int(),
  fullname: z.string(),
  address: z.string(),
  flows_count: z.number().int(),
  last_activity_at: z.string(),
});
export type InactiveRelation = z.infer<typeof zInactiveRelation>;

export const zInactiveRelationPage = z.object({ data: z.array(zInactiveRelation), total: z.number().int() });
export type InactiveRelationPage = z.infer<typeof zInactiveRelationPage>;
