// Every table, for the typed query builder (`import * as schema`). The tables live in ./tables/,
// one file each, below every feature (decision 047); drizzle-kit reads that folder.

export * from './tables/address-counts.schema';
export * from './tables/assistmails.schema';
export * from './tables/auth.schema';
export * from './tables/batch.schema';
export * from './tables/calculations.schema';
export * from './tables/companies.schema';
export * from './tables/customerpages.schema';
export * from './tables/documents.schema';
export * from './tables/events.schema';
export * from './tables/files.schema';
export * from './tables/flowphases.schema';
export * from './tables/flowprofiles.schema';
export * from './tables/flows.schema';
export * from './tables/forms.schema';
export * from './tables/incidents.schema';
export * from './tables/invoices.schema';
export * from './tables/locations.schema';
export * from './tables/logitems.schema';
export * from './tables/mail.schema';
export * from './tables/mailtemplates.schema';
export * from './tables/messages.schema';
export * from './tables/notifications.schema';
export * from './tables/organizations.schema';
export * from './tables/planning.schema';
export * from './tables/products.schema';
export * from './tables/relations.schema';
export * from './tables/search.schema';
export * from './tables/statistics.schema';
export * from './tables/subscriptions.schema';
export * from './tables/systemnotifications.schema';
export * from './tables/task-contexts.schema';
export * from './tables/users.schema';
export * from './tables/webhooks.schema';
export * from './tables/websites.schema';
export * from './tables/workflow.schema';
