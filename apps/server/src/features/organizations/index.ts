// The organizations feature's public entry: what higher features use (decision 047). Its routes: routes.ts.
export { createOrganization } from './save-organization';
