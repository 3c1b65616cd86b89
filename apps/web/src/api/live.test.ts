import { describe, expect, it } from 'vitest';
import { parseFrames, queryKeysFor } from './live';

describe('live channel frames', () => {
  it('splits complete frames and keeps the unfinished rest', () => {
    const { frames, rest } = parseFrames(
      'retry: 3000\nevent: ready\ndata: {"refetch":false}\n\n: ping\n\nid: 7\nevent: domain\ndata: {"a":1}\n\nevent: dom',
    );
    expect(frames).toEqual([
      { event: 'ready', data: '{"refetch":false}' },
      { event: 'domain', data: '{"a":1}' },
    ]);
    expect(rest).toBe('event: dom');
  });

  it('refetches the entity, the tables and what shows a flow elsewhere', () => {
    expect(queryKeysFor({ entity_type: 'flow' })).toEqual([
      ['flow'],
      ['table'],
      ['logitem'],
      ['pipeline'],
      ['lead'],
      ['typeahead'],
      ['dashboard'],
    ]);
    expect(queryKeysFor({ entity_type: 'relation' })).toEqual(
      expect.arrayContaining([['relation'], ['flow'], ['pipeline']]),
    );
    expect(queryKeysFor({ entity_type: 'user' })).toEqual([['user'], ['table'], ['logitem']]);
    // An action also changes the dashboard's counts.
    expect(queryKeysFor({ entity_type: 'action' })).toContainEqual(['dashboard']);
    // So do tasks, dossiers, messages and sent documents (its widgets and statistics).
    for (const entity_type of ['task', 'flow', 'message', 'invoice'] as const)
      expect(queryKeysFor({ entity_type })).toContainEqual(['dashboard']);
    expect(queryKeysFor({ entity_type: 'note' })).not.toContainEqual(['dashboard']);
    // A document, its widgets and its calculation refresh the open editor, preview and lists.
    for (const entity_type of ['quotation', 'documentwidget', 'calculationitem'] as const)
      expect(queryKeysFor({ entity_type })).toContainEqual(['documents']);
  });
});
