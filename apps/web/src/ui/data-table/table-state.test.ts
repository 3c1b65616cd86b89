import { describe, expect, it } from 'vitest';
import { loadTableState, saveTableState, type TableState, tableStorageKey, toSortParam } from './table-state';

const defaults: TableState = {
  page: 1,
  query: '',
  sort: { column: 'id', direction: 'desc' },
  filters: { status: null },
};

describe('table state', () => {
  it('sends sort as column or -column', () => {
    expect(toSortParam({ column: 'name', direction: 'asc' })).toBe('name');
    expect(toSortParam({ column: 'name', direction: 'desc' })).toBe('-name');
    expect(toSortParam(null)).toBeUndefined();
  });

  it('saves and restores state per table key', () => {
    const state: TableState = {
      page: 3,
      query: 'jansen',
      sort: { column: 'city', direction: 'asc' },
      filters: { status: 'new' },
    };
    saveTableState('relations', state);
    expect(loadTableState('relations', defaults)).toEqual(state);
    expect(loadTableState('flows', defaults)).toEqual(defaults);
  });

  it('ignores broken or foreign stored values', () => {
    window.localStorage.setItem(tableStorageKey('x'), '{not json');
    expect(loadTableState('x', defaults)).toEqual(defaults);
    window.localStorage.setItem(
      tableStorageKey('y'),
      JSON.stringify({
        page: -4,
        query: 5,
        sort: { column: 'a', direction: 'sideways' },
        filters: { evil: 'x', status: 7 },
      }),
    );
    expect(loadTableState('y', defaults)).toEqual(defaults);
  });
});
