// The API contract of task contexts, task context types (spec 001 sections 3 and 7) and the task's
// event triggers (getTaskEventTriggers): written once for server and web.
import { z } from 'zod';
import { contextTargetError, TASK_CONTEXT_KINDS } from '../planning/task-contexts';
import { zId } from './common';

/** A form or a document a task template prepares (the template is `task_id`). */
export const zTaskContextType = z.object({
  id: z.number().int(),
  task_id: z.number().int(),
  kind: z.enum(TASK_CONTEXT_KINDS),
  vertical_id: z.number().int().nullable(),
  document_type_id: z.number().int().nullable(),
  document_template_id: z.number().int().nullable(),
  /** 'Opnameformulier Warmtepomp', 'Werkbon (sjabloon Werkbon standaard)'. */
  label: z.string(),
  created_at: z.string(),
});
export type TaskContextType = z.infer<typeof zTaskContextType>;

const targetFields = {
  vertical_id: zId.nullable().optional(),
  document_type_id: zId.nullable().optional(),
  document_template_id: zId.nullable().optional(),
};

function refineTarget(
  v: { vertical_id?: number | null; document_type_id?: number | null; document_template_id?: number | null },
  ctx: z.RefinementCtx,
) {
  const error = contextTargetError(v);
  if (error) ctx.addIssue({ code: 'custom', message: error.message, path: [error.field] });
}

export const zCreateTaskContextType = z.object({ task_id: zId, ...targetFields }).superRefine(refineTarget);
export type CreateTaskContextType = z.infer<typeof zCreateTaskContextType>;

/** A PATCH names the whole target again (form or document), as the section holds it. */
export const zUpdateTaskContextType = z.object(targetFields).superRefine(refineTarget);
export type UpdateTaskContextType = z.infer<typeof zUpdateTaskContextType>;

export const zTaskContextListQuery = z.object({ task_id: zId });

/** A form or document on the task's flow that the task prepares, and whether it is done. */
export const zTaskContext = z.object({
  id: z.number().int(),
  task_id: z.number().int(),
  /** The template's context type it came from (none: added by hand). */
  task_context_type_id: z.number().int().nullable(),
  kind: z.enum(TASK_CONTEXT_KINDS),
  vertical_id: z.number().int().nullable(),
  document_type_id: z.number().int().nullable(),
  document_template_id: z.number().int().nullable(),
  /** The form copy on the flow (flow data item); null once it is deleted. */
  flowdataitem_id: z.number().int().nullable(),
  /** Where the form copy is shown: its intake or project, else the flow. */
  flowdataitem_intake_id: z.number().int().nullable(),
  flowdataitem_project_id: z.number().int().nullable(),
  vertical_type: z.string().nullable(),
  /** The document on the flow; null once it is deleted. */
  document_id: z.number().int().nullable(),
  flow_id: z.number().int().nullable(),
  label: z.string(),
  done: z.boolean(),
  /** 'Open', 'Ingediend', 'Concept', 'Verstuurd', 'Goedgekeurd', ..., 'Verwijderd'. */
  state_label: z.string(),
  created_at: z.string(),
});
export type TaskContext = z.infer<typeof zTaskContext>;

/** "task context" by hand: a form or document for a task on a flow, made (or reused) on that flow. */
export const zCreateTaskContext = z.object({ task_id: zId, ...targetFields }).superRefine(refineTarget);
export type CreateTaskContext = z.infer<typeof zCreateTaskContext>;

/** PATCH: point the context at another form or document (made or reused on the flow like a new one). */
export const zUpdateTaskContext = z.object(targetFields).superRefine(refineTarget);
export type UpdateTaskContext = z.infer<typeof zUpdateTaskContext>;

/** The choices the context sections offer: the company's live forms, its document types and templates. */
export const zTaskContextOptions = z.object({
  verticals: z.array(z.object({ id: z.number().int(), name: z.string(), type: z.string() })),
  document_types: z.array(z.object({ id: z.number().int(), description: z.string() })),
  document_templates: z.array(
    z.object({ id: z.number().int(), title: z.string(), document_type_id: z.number().int().nullable() }),
  ),
});
export type TaskContextOptions = z.infer<typeof zTaskContextOptions>;

/** getTaskEventTriggers: the triggers a task fires (hasTask) and the company's rules on each. */
export const zTaskEventTrigger = z.object({
  id: z.number().int(),
  tag: z.string(),
  description: z.string(),
  rules: z.array(
    z.object({
      id: z.number().int(),
      description: z.string(),
      /** The action in words: 'E-mail versturen', 'Status wijzigen', ... */
      type_label: z.string(),
      /** What the action works with ('Welkomstmail'), if anything. */
      morph_label: z.string().nullable(),
      is_delayed: z.boolean(),
      /** Minutes. */
      delaytime: z.number().int(),
      delaytime_raw: z.number(),
      delaytime_unit: z.string(),
      conditions_count: z.number().int(),
    }),
  ),
});
export type TaskEventTrigger = z.infer<typeof zTaskEventTrigger>;
