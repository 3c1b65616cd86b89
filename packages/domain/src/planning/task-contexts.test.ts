import { describe, expect, it } from 'vitest';
import {
  contextTargetError,
  TASK_CONTEXT_MESSAGES,
  taskContextState,
  verticalFitsTask,
} from './task-contexts';

describe('task contexts', () => {
  it('a task prepares forms of its kind; a task of another kind any form', () => {
    expect(verticalFitsTask('intake', 'opname')).toBe(true);
    expect(verticalFitsTask('project', 'opname')).toBe(false);
    expect(verticalFitsTask('project', 'uitvoering')).toBe(true);
    expect(verticalFitsTask('aftercare', 'service')).toBe(true);
    expect(verticalFitsTask('intake', 'service')).toBe(false);
    for (const type of ['intake', 'project', 'aftercare'])
      expect(verticalFitsTask(type, 'overig')).toBe(true);
  });

  it('names a form or a document type, never neither or both; a template only with its type', () => {
    expect(contextTargetError({ vertical_id: 1 })).toBeNull();
    expect(contextTargetError({ document_type_id: 2, document_template_id: 3 })).toBeNull();
    expect(contextTargetError({})).toEqual({
      field: 'vertical_id',
      message: TASK_CONTEXT_MESSAGES.formOrDocument,
    });
    expect(contextTargetError({ vertical_id: 1, document_type_id: 2 })?.message).toBe(
      TASK_CONTEXT_MESSAGES.notBoth,
    );
    expect(contextTargetError({ vertical_id: 1, document_template_id: 3 })?.message).toBe(
      TASK_CONTEXT_MESSAGES.notBoth,
    );
    expect(contextTargetError({ document_template_id: 3 })).toEqual({
      field: 'document_type_id',
      message: TASK_CONTEXT_MESSAGES.templateWithoutType,
    });
  });

  it('is done when the form is submitted or the document sent or approved', () => {
    expect(taskContextState({ kind: 'form', status: 'open' })).toEqual({ done: false, state_label: 'Open' });
    expect(taskContextState({ kind: 'form', status: 'sent' })).toEqual({
      done: true,
      state_label: 'Ingediend',
    });
    expect(taskContextState({ kind: 'form', status: null })).toEqual({
      done: false,
      state_label: 'Verwijderd',
    });
    expect(taskContextState({ kind: 'document', status: 'draft' })).toEqual({
      done: false,
      state_label: 'Concept',
    });
    expect(taskContextState({ kind: 'document', status: 'sent' })).toEqual({
      done: true,
      state_label: 'Verstuurd',
    });
    expect(taskContextState({ kind: 'document', status: 'approved' }).done).toBe(true);
    expect(taskContextState({ kind: 'document', status: 'rejected' })).toEqual({
      done: false,
      state_label: 'Afgekeurd',
    });
    expect(taskContextState({ kind: 'document', status: 'sent', deleted: true }).state_label).toBe(
      'Verwijderd',
    );
  });
});
