// The partner projects feature's public entry: what higher features use (decision 047). Its routes: routes.ts.
export { registerPartnerProjectJobs } from './project-jobs';
export { createFlowInProject } from './query-partner-projects';
export { createPartnerProject } from './save-partner-project';
