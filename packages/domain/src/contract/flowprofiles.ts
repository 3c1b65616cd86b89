// The API contract of flowprofiles: request and response schemas, written once for server and web.
import { z } from 'zod';
import { DOCUMENT_KINDS } from '../documents';
import { MAIL_TEMPLATE_TYPES } from '../mail';
import { zBrandColor, zFileInfo, zId } from './common';

/** The mail template a request profile uses per type instead of the company's first of that type. */
export const zFlowProfileMailTemplateIds = z.partialRecord(z.enum(MAIL_TEMPLATE_TYPES), z.number().int());

export const zFlowProfile = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The standard calculation a new calculation of a flow with this profile starts from. */
  standard_calculation_id: z.number().int().nullable(),
  /** Spec 000 section 3: the profile's mail templates by type (only the types it sets). */
  mailtemplate_ids: zFlowProfileMailTemplateIds,
  /** Spec 000 section 3: the standard template per document kind a new document starts from. */
  template_ids: z.partialRecord(z.enum(DOCUMENT_KINDS), z.number().int()),
});

export const zFlowProfileInput = z.object({
  name: z.string().trim().min(1, 'Vul een naam in.').max(200, 'Maximaal 200 tekens.'),
  standard_calculation_id: z.coerce.number().int().positive().max(2_147_483_647).nullable().optional(),
  /** Sets the given types (an id) or clears them (null); types left out stay as they are. */
  mailtemplate_ids: z.partialRecord(z.enum(MAIL_TEMPLATE_TYPES), zId.nullable()).optional(),
  /** Sets (an id of a template of that kind) or clears (null) the standard template per kind. */
  template_ids: z.partialRecord(z.enum(DOCUMENT_KINDS), zId.nullable()).optional(),
});

export type FlowProfileInput = z.infer<typeof zFlowProfileInput>;

/** Spec 000 section 5: the standard profile uses the company's own branding. */
export const STANDARD_PROFILE_BRANDING_BLOCKED =
  'Dit is het standaard aanvraagprofiel. Gebruik de reguliere branding settings.';
export const NO_PROFILE_BRANDING = 'Dit aanvraagprofiel heeft geen eigen branding. Maak die eerst aan.';
export const UNKNOWN_FORM = 'Onbekend formulier.';
export const FORM_NOT_IN_PROFILE = 'Dit formulier hoort niet bij het aanvraagprofiel van dit dossier.';

/**
 * A request profile's own branding (createsettingsforflowprofile): its customer pages and mails show this
 * logo, button colour and sender name instead of the company's (decision 057).
 */
export const zFlowProfileBranding = z.object({
  /** '' = the company's sender name. */
  sender_name: z.string(),
  brand_button_color: z.string().nullable(),
  has_logo: z.boolean(),
});
export type FlowProfileBranding = z.infer<typeof zFlowProfileBranding>;

/** GET /api/flowprofile/{id}: the request profile detail screen. */
export const zFlowProfileDetail = zFlowProfile.extend({
  is_standard: z.boolean(),
  /** Spec 000 section 3: the forms (vertical ids) offered on this profile's flows; empty = every form. */
  vertical_whitelist: z.array(z.number().int()),
  /** null: the company's branding. */
  branding: zFlowProfileBranding.nullable(),
  /** Files shared with the dossiers of this profile. */
  flowfiles: z.array(zFileInfo),
});
export type FlowProfileDetail = z.infer<typeof zFlowProfileDetail>;

/** PATCH /api/flowprofile/{id}/settings: whitelist and branding (the latter only once created). */
export const zUpdateFlowProfileSettings = z.object({
  vertical_whitelist: z.array(zId).max(500).optional(),
  branding: z
    .object({
      sender_name: z.string().trim().max(100, 'Maximaal 100 tekens.').optional(),
      brand_button_color: zBrandColor.nullable().optional(),
    })
    .optional(),
});

export type FlowProfile = z.infer<typeof zFlowProfile>;
