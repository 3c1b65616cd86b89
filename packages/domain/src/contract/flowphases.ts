// The API contract of flowphases: request and response schemas, written once for server and web.
import { z } from 'zod';
import { FLOW_STAGES } from '../flows';
import { zId } from './common';

export const zFlowPhase = z.object({
  id: z.number().int(),
  description: z.string(),
  color: z.string(),
  flowstage: z.enum(FLOW_STAGES),
  order: z.number().int(),
});

export type FlowPhase = z.infer<typeof zFlowPhase>;

export const zColor = z
  .string()
  .trim()
  .regex(/^([a-z]{1,20}|#[0-9a-fA-F]{6})$/, 'Kies een kleurnaam of #rrggbb.');

export const zOrder = z.number().int().min(0).max(10_000);

export const zFlowPhaseQuery = z.object({ flowstage: z.enum(FLOW_STAGES).optional() });

export const zCreateFlowPhase = z.object({
  description: z.string().trim().min(1, 'Vul een omschrijving in.').max(200),
  color: zColor.optional(),
  flowstage: z.enum(FLOW_STAGES),
  order: zOrder.optional(),
});

/** The stage of a phase stays: flows in that stage point at it. */
export const zUpdateFlowPhase = zCreateFlowPhase.omit({ flowstage: true }).partial();

export const zReorderFlowPhases = z.object({
  flowstage: z.enum(FLOW_STAGES),
  ids: z.array(zId).min(1).max(200),
});

export type FlowPhaseQuery = z.infer<typeof zFlowPhaseQuery>;
export type CreateFlowPhase = z.infer<typeof zCreateFlowPhase>;
export type UpdateFlowPhase = z.infer<typeof zUpdateFlowPhase>;
export type ReorderFlowPhases = z.infer<typeof zReorderFlowPhases>;
