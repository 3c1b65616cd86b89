// The API contract of flowprofiles: request and response schemas, written once for server and web.
import { z } from 'zod';

export const zFlowProfile = z.object({ id: z.number().int(), name: z.string() });

export const zFlowProfileInput = z.object({ name: z.string().trim().min(1, 'Vul een naam in.').max(200) });

export type FlowProfileInput = z.infer<typeof zFlowProfileInput>;

export type FlowProfile = z.infer<typeof zFlowProfile>;
