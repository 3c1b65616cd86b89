// The companies feature's public entry: what higher features use (decision 047). Its routes: routes.ts.
export { ensureMainCompany } from './bootstrap';
export { backfillCompanyCrmDefaults } from './company-defaults';
export { type ImageSlot, imageOf, imageUrl } from './company-images';
export { registerCompanyJobs } from './company-jobs';
export { createCompany } from './create-company';
