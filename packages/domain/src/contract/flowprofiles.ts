// The API contract of flowprofiles: request and response schemas, written once for server and web.
import { z } from 'zod';

export const zFlowProfile = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The standard calculation a new calculation of a flow with this profile starts from. */
  standard_calculation_id: z.number().int().nullable(),
});

export const zFlowProfileInput = z.object({
  name: z.string().trim().min(1, 'Vul een naam in.').max(200),
  standard_calculation_id: z.coerce.number().int().positive().max(2_147_483_647).nullable().optional(),
});

export type FlowProfileInput = z.infer<typeof zFlowProfileInput>;

export type FlowProfile = z.infer<typeof zFlowProfile>;
