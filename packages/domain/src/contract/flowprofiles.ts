// The API contract of flowprofiles: request and response schemas, written once for server and web.
import { z } from 'zod';
import { DOCUMENT_KINDS } from '../documents';
import { MAIL_TEMPLATE_TYPES } from '../mail';
import { zId } from './common';

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
  name: z.string().trim().min(1, 'Vul een naam in.').max(200),
  standard_calculation_id: z.coerce.number().int().positive().max(2_147_483_647).nullable().optional(),
  /** Sets the given types (an id) or clears them (null); types left out stay as they are. */
  mailtemplate_ids: z.partialRecord(z.enum(MAIL_TEMPLATE_TYPES), zId.nullable()).optional(),
  /** Sets (an id of a template of that kind) or clears (null) the standard template per kind. */
  template_ids: z.partialRecord(z.enum(DOCUMENT_KINDS), zId.nullable()).optional(),
});

export type FlowProfileInput = z.infer<typeof zFlowProfileInput>;

export type FlowProfile = z.infer<typeof zFlowProfile>;
