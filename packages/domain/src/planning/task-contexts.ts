// Task contexts (spec 001 section 3 "Task context type: task_id, vertical_id, document_type_id,
// document_template_id"; decision 018): what a task prepares on its flow, a form or a document. A task
// template names them (context types); planning a task from the template makes them on the flow.
import type { DocumentStatus } from '../documents';
import { DOCUMENT_STATUS_LABELS } from '../documents';
import type { VerticalType } from '../verticals';
import type { TaskType } from './tasks';

export const TASK_CONTEXT_KINDS = ['form', 'document'] as const;
export type TaskContextKind = (typeof TASK_CONTEXT_KINDS)[number];

export const TASK_CONTEXT_MESSAGES = {
  formOrDocument: 'Kies een formulier of een documenttype.',
  notBoth: 'Kies een formulier of een documenttype, niet allebei.',
  templateWithoutType: 'Een documentsjabloon hoort bij een documenttype.',
  verticalNotFound: 'Dit formulier bestaat niet (meer).',
  verticalWrongType: 'Dit formulier past niet bij dit soort taak.',
  documentTypeNotFound: 'Dit documenttype bestaat niet.',
  documentTemplateNotFound: 'Dit documentsjabloon bestaat niet of hoort niet bij dit documenttype.',
  taskNotATemplate: 'Contexttypes horen bij een taaksjabloon.',
  taskIsATemplate: 'Een taaksjabloon krijgt contexttypes, geen contexten.',
  taskWithoutFlow: 'Deze taak hoort niet bij een dossier.',
  typeNotFound: 'Taakcontexttype niet gevonden.',
  contextNotFound: 'Taakcontext niet gevonden.',
  taskNotFound: 'Taak niet gevonden.',
} as const;

/**
 * Which forms fit a task: an intake task (opname) prepares intake forms, a project task (uitvoering)
 * project forms, a service task aftercare forms; a task of another kind (overig) any form.
 */
export const TASK_TYPE_VERTICAL: Record<TaskType, VerticalType | null> = {
  opname: 'intake',
  uitvoering: 'project',
  service: 'aftercare',
  overig: null,
};

export function verticalFitsTask(verticalType: string, taskType: TaskType): boolean {
  const wanted = TASK_TYPE_VERTICAL[taskType];
  return wanted === null || wanted === verticalType;
}

/** A context names exactly one of a form or a document type (a template only with its type). */
export function contextTargetError(v: {
  vertical_id?: number | null;
  document_type_id?: number | null;
  document_template_id?: number | null;
}): { field: 'vertical_id' | 'document_type_id' | 'document_template_id'; message: string } | null {
  const form = v.vertical_id != null;
  const doc = v.document_type_id != null;
  if (form && (doc || v.document_template_id != null))
    return { field: 'vertical_id', message: TASK_CONTEXT_MESSAGES.notBoth };
  if (!form && !doc) {
    if (v.document_template_id != null)
      return { field: 'document_type_id', message: TASK_CONTEXT_MESSAGES.templateWithoutType };
    return { field: 'vertical_id', message: TASK_CONTEXT_MESSAGES.formOrDocument };
  }
  return null;
}

export const FORM_ITEM_STATE_LABELS = { open: 'Open', sent: 'Ingediend' } as const;

/**
 * Whether what a context points at is done, and its state in words: a form when it is submitted
 * (sent), a document once it is sent or approved (not while a draft, nor when rejected, cancelled or
 * expired). A form copy or document that is gone is not done.
 */
export function taskContextState(
  target:
    | { kind: 'form'; status: string | null }
    | { kind: 'document'; status: string | null; deleted?: boolean },
): { done: boolean; state_label: string } {
  if (target.status === null || (target.kind === 'document' && target.deleted))
    return { done: false, state_label: 'Verwijderd' };
  if (target.kind === 'form')
    return {
      done: target.status === 'sent',
      state_label: target.status === 'sent' ? FORM_ITEM_STATE_LABELS.sent : FORM_ITEM_STATE_LABELS.open,
    };
  const label = DOCUMENT_STATUS_LABELS[target.status as DocumentStatus] ?? target.status;
  return {
    done: target.status === 'sent' || target.status === 'approved',
    state_label: label.charAt(0).toUpperCase() + label.slice(1),
  };
}
