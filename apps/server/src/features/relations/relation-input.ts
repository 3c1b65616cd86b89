import { splitFullName, zFlag } from '@im/domain';
import { z } from 'zod';
import { zId } from '../../platform/http/params';
import {
  checkCoordinates,
  zEmailOrEmpty,
  zInlineLocation,
  zLat,
  zLng,
  zText,
} from '../locations/location-input';

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
