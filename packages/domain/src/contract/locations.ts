// The API contract of locations: request and response schemas, written once for server and web.
import { z } from 'zod';
import { ADDRESS_LOOKUP_TEXTS, HOUSE_NUMBER, INVALID_POSTCODE, normalizePostcode } from '../address';
import { zFlag } from '../flags';
import { DEFAULT_COUNTRY } from '../flows';
import { zId } from './common';

export const zLocationTypeInput = z.object({ label: z.string().trim().min(1, 'Verplicht').max(100) });

export type LocationTypeInput = z.infer<typeof zLocationTypeInput>;

export const zLat = z.number().min(-90).max(90);

export const zLng = z.number().min(-180).max(180);

/** A trimmed text field of at most `max` characters (may be empty). */
export const zText = (max: number) => z.string().trim().max(max);

/** The address parts of a location, as the save calls take them (postcode normalised after parsing). */
export const zAddressInput = z.object({
  address: zText(200).optional(),
  number: zText(20).optional(),
  number_addition: zText(20).optional(),
  postcode: zText(10).optional(),
  city: zText(100).optional(),
  country: zText(100).optional(),
});

export const zLocationFields = zAddressInput.extend({
  description: zText(200).optional(),
  location_type_id: zId.nullable().optional(),
  is_main: zFlag.optional(),
  lat: zLat.nullable().optional(),
  lng: zLng.nullable().optional(),
});

/** 422 for half a coordinate pair. */
export function checkCoordinates(
  v: { lat?: number | null; lng?: number | null },
  ctx: z.RefinementCtx,
): void {
  if ((v.lat === undefined) !== (v.lng === undefined) || (v.lat === null) !== (v.lng === null))
    ctx.addIssue({ code: 'custom', message: 'Geef lat en lng samen.', path: ['lat'] });
}

/** Adds 422s for a bad Dutch postcode and for half a coordinate pair to a location-like schema. */
export function checkLocationFields(
  v: { postcode?: string; country?: string; lat?: number | null; lng?: number | null },
  ctx: z.RefinementCtx,
): void {
  if (v.postcode && normalizePostcode(v.postcode, v.country ?? DEFAULT_COUNTRY) === null)
    ctx.addIssue({ code: 'custom', message: INVALID_POSTCODE, path: ['postcode'] });
  checkCoordinates(v, ctx);
}

export const zCreateLocation = zLocationFields
  .extend({ relation_id: zId.optional(), organization_id: zId.optional() })
  .superRefine((v, ctx) => {
    checkLocationFields(v, ctx);
    if ((v.relation_id === undefined) === (v.organization_id === undefined))
      ctx.addIssue({
        code: 'custom',
        message: 'Kies een relatie of een organisatie.',
        path: [v.relation_id === undefined ? 'relation_id' : 'organization_id'],
      });
  });

export const zUpdateLocation = zLocationFields.superRefine((v, ctx) => checkLocationFields(v, ctx));

export const zEmailOrEmpty = z
  .string()
  .trim()
  .max(254)
  .transform((v) => v.toLowerCase())
  .pipe(z.union([z.literal(''), z.email('Vul een geldig e-mailadres in.')]));

export type AddressInput = z.infer<typeof zAddressInput>;

/** A location given inline with a relation or organization: at least a street, postcode or city. */
export const zInlineLocation = zLocationFields.superRefine((v, ctx) => {
  checkLocationFields(v, ctx);
  if (!v.address && !v.postcode && !v.city)
    ctx.addIssue({ code: 'custom', message: 'Vul een adres, postcode of plaats in.', path: ['address'] });
});

export type LocationFields = z.infer<typeof zLocationFields>;

export const zLocation = z.object({
  id: z.number().int(),
  description: z.string(),
  address: z.string(),
  number: z.string(),
  number_addition: z.string(),
  postcode: z.string(),
  city: z.string(),
  country: z.string(),
  fullAddress: z.string(),
  typeLabel: z.string(),
  location_type_id: z.number().int().nullable(),
  location_type: z.object({ id: z.number().int(), label: z.string() }).nullable(),
  relation_id: z.number().int().nullable(),
  organization_id: z.number().int().nullable(),
  is_main: z.boolean(),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
});

export type Location = z.infer<typeof zLocation>;

export const zLocationType = z.object({ id: z.number().int(), label: z.string() });

export type CreateLocation = z.infer<typeof zCreateLocation>;
export type UpdateLocation = z.infer<typeof zUpdateLocation>;
export type InlineLocation = z.infer<typeof zInlineLocation>;
export type LocationType = z.infer<typeof zLocationType>;

/** GET /api/address/lookup: a Dutch postcode and house number (and addition) (decision 036). */
export const zAddressLookupQuery = z.object({
  postcode: z
    .string()
    .trim()
    .max(10)
    .refine((v) => Boolean(normalizePostcode(v, DEFAULT_COUNTRY)), INVALID_POSTCODE),
  number: z.string().trim().regex(HOUSE_NUMBER, ADDRESS_LOOKUP_TEXTS.invalidNumber),
  addition: zText(20).optional(),
});
export type AddressLookupQuery = z.infer<typeof zAddressLookupQuery>;

/** The address found: street and city to fill in, the postcode as written, coordinates when known. */
export const zAddressLookup = z.object({
  street: z.string(),
  city: z.string(),
  postcode: z.string(),
  number: z.string(),
  addition: z.string(),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
});
export type AddressLookup = z.infer<typeof zAddressLookup>;
