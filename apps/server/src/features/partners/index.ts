// The partners feature's public entry: what higher features use (decision 047). Its routes: routes.ts.

export { partnerOfUser } from './partner-flows';
export { createPartnerUser } from './partner-users';
export { listPartnerNames } from './query-partners';
export { createPartner } from './save-partner';
