// The relations feature's public entry: what higher features use (decision 047). Its routes: routes.ts.
export { searchPatterns } from './query-relations';
export { loadRelations, relationOfFlowRead } from './relation-dto';
export { registerRelationJobs } from './relation-jobs';
export { createRelation } from './save-relation';
