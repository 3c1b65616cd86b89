export { CompaniesTable } from './components/companies-table';
export { useCompany, useCompanyOptions } from './queries';
export { companiesScreens } from './routes';
