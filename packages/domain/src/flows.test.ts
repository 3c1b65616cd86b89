import { describe, expect, it } from 'vitest';
import { expandFlowStatus, stageBlockState, statusBarStates } from './flows';
import { splitFullName } from './names';

describe('flow status rules (spec 001 section 4)', () => {
  it("'lead' stands for new or unread", () => {
    expect(expandFlowStatus('lead')).toEqual(['new', 'unread']);
    expect(expandFlowStatus('all')).toHaveLength(10);
    expect(expandFlowStatus('bogus')).toEqual([]);
  });
  it('stage blocks are completed, active or inactive relative to the status', () => {
    expect(stageBlockState('new', 'quotation')).toBe('completed');
    expect(stageBlockState('quotation', 'quotation')).toBe('active');
    expect(stageBlockState('invoice', 'quotation')).toBe('inactive');
    expect(stageBlockState('new', 'unread')).toBe('active');
    expect(stageBlockState('aftercare', 'completed')).toBe('completed');
  });
  it('status bar marks earlier steps done and the current active; cancelled is separate', () => {
    expect(statusBarStates('quotation')).toEqual(['done', 'done', 'active', 'todo', 'todo', 'todo']);
    expect(statusBarStates('confirmation')).toEqual(['done', 'done', 'done', 'todo', 'todo', 'todo']);
    expect(statusBarStates('completed')).toEqual(['done', 'done', 'done', 'done', 'done', 'active']);
    expect(statusBarStates('cancelled')).toBeNull();
  });
});

describe('splitting a typed full name', () => {
  it.each([
    ['Jan van der Berg', { name: 'Jan', nameprefix: 'van der', surname: 'Berg' }],
    ['Piet de Vries', { name: 'Piet', nameprefix: 'de', surname: 'Vries' }],
    ['Anna Jansen', { name: 'Anna', nameprefix: '', surname: 'Jansen' }],
    ['Kees van den Heuvel-Smit', { name: 'Kees', nameprefix: 'van den', surname: 'Heuvel-Smit' }],
    ['Bakker', { name: '', nameprefix: '', surname: 'Bakker' }],
    ['Ties van Dam', { name: 'Ties', nameprefix: 'van', surname: 'Dam' }],
    ['Jan Van Gogh', { name: 'Jan', nameprefix: 'Van', surname: 'Gogh' }],
  ])('%s', (input, expected) => {
    expect(splitFullName(input)).toEqual(expected);
  });
});
