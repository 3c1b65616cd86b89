// The search feature's public entry (decision 047). Its routes: routes.ts.
export { rebuildSearchIndex, SEARCH_SOURCES } from './rebuild-search-index';
