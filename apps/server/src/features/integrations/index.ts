export { registerIntegrationJobs } from './register-integrations';
export type { PaymentSync } from './sync-payments';
