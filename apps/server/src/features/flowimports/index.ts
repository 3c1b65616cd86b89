// The flow import feature's public entry (decision 063). Its routes: routes.ts and relation-admin.routes.ts.
export { registerFlowImportJobs } from './flow-import-jobs';
export { type ImportLinks, importFlowRow, writeImportChunk } from './import-flow-row';
