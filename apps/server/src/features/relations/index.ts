// The relations feature's public entry: what higher features use (decision 047). Its routes: routes.ts.

// The relation row read lives in flows, below relations (the flow detail reads it): relations answers it.
export { loadRelations } from '../flows';
export { insertOrganization } from './organization-record';
export { searchPatterns } from './query-relations';
export { BULK_DELETE_RELATIONS, MAX_BULK_DELETE, registerRelationJobs } from './relation-jobs';
export { createRelation } from './save-relation';
