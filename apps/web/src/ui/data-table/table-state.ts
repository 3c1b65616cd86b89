export interface SortState {
  column: string;
  direction: 'asc' | 'desc';
}

export interface TableState {
  page: number;
  query: string;
  sort: SortState | null;
  filters: Record<string, string | null>;
}

const STORAGE_PREFIX = 'im.table.';

export function tableStorageKey(tableKey: string): string {
  return `${STORAGE_PREFIX}${tableKey}`;
}

/** The contract's sort parameter: `column` ascending, `-column` descending. */
export function toSortParam(sort: SortState | null): string | undefined {
  if (!sort) return undefined;
  return sort.direction === 'desc' ? `-${sort.column}` : sort.column;
}

function isSort(value: unknown): value is SortState {
  if (!value || typeof value !== 'object') return false;
  const sort = value as Record<string, unknown>;
  return typeof sort.column === 'string' && (sort.direction === 'asc' || sort.direction === 'desc');
}

/** Reads the saved state of one table; anything unreadable falls back to the defaults. */
export function loadTableState(tableKey: string, defaults: TableState): TableState {
  let raw: unknown;
  try {
    raw = JSON.parse(window.localStorage.getItem(tableStorageKey(tableKey)) ?? 'null');
  } catch {
    return defaults;
  }
  if (!raw || typeof raw !== 'object') return defaults;
  const saved = raw as Record<string, unknown>;
  const filters: Record<string, string | null> = { ...defaults.filters };
  if (saved.filters && typeof saved.filters === 'object') {
    for (const [key, value] of Object.entries(saved.filters)) {
      if (key in filters && (typeof value === 'string' || value === null)) filters[key] = value;
    }
  }
  return {
    page: typeof saved.page === 'number' && saved.page >= 1 ? Math.floor(saved.page) : defaults.page,
    query: typeof saved.query === 'string' ? saved.query : defaults.query,
    sort: saved.sort === null ? null : isSort(saved.sort) ? saved.sort : defaults.sort,
    filters,
  };
}

export function saveTableState(tableKey: string, state: TableState): void {
  try {
    window.localStorage.setItem(tableStorageKey(tableKey), JSON.stringify(state));
  } catch {
    // Storage full or blocked: the table still works, it only forgets its state.
  }
}
