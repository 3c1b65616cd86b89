import { boolean, index, pgTable, text, varchar } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, updatedAt } from '../columns';

/** A banner every logged-in user sees while it is active; platform data, not company-owned. */
export const systemNotification = pgTable(
  'system_notification',
  {
    id: idColumn(),
    content: text('content').notNull(),
    theme: varchar('theme', { length: 20 }).notNull().default('info'),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index().on(t.active, t.createdAt)],
);
