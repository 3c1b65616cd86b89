// The customerpages feature's public entry: what higher features use (decision 047). Its routes: routes.ts.
export { customerCompany } from '../../platform/http/customer-company';
export { customerForms } from './dossier';
