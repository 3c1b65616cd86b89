// Webhook connections and their deliveries (decision 025). The workflow rules call
// `queueWebhookDelivery` in their transaction; the job sends it through the SSRF guard.

export { createConnection, listConnections } from './connections';
export { queueWebhookDelivery, registerWebhookJobs, WEBHOOK_DELIVERY_JOB } from './deliveries';
export { ssrfVerdict } from './ssrf-guard';
