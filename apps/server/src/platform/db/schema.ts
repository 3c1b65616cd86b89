// Every table, for drizzle-kit and the typed query builder. Features add their schema file here.

export * from '../../features/calculations/calculations.schema';
export * from '../../features/companies/companies.schema';
export * from '../../features/documents/documents.schema';
export * from '../../features/flowphases/flowphases.schema';
export * from '../../features/flowprofiles/flowprofiles.schema';
export * from '../../features/flows/flows.schema';
export * from '../../features/forms/forms.schema';
export * from '../../features/incidents/incidents.schema';
export * from '../../features/invoices/invoices.schema';
export * from '../../features/locations/locations.schema';
export * from '../../features/logitems/logitems.schema';
export * from '../../features/mailtemplates/mailtemplates.schema';
export * from '../../features/messages/messages.schema';
export * from '../../features/notifications/notifications.schema';
export * from '../../features/organizations/organizations.schema';
export * from '../../features/planning/planning.schema';
export * from '../../features/products/products.schema';
export * from '../../features/relations/relations.schema';
export * from '../../features/subscriptions/subscriptions.schema';
export * from '../../features/systemnotifications/systemnotifications.schema';
export * from '../../features/users/users.schema';
export * from '../auth/auth.schema';
export * from '../events/events.schema';
export * from '../files/files.schema';
export * from '../jobs/batch.schema';
export * from '../mail/mail.schema';
