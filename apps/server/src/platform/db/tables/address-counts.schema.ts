import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Requests per address and scope within a window (address-counts.ts): the per-address rate limits and
 * the customer links' guess guard, shared by every server process. Unlogged (migration 0042): a crash
 * forgets the counts, which only ends the windows early.
 */
export const addressCount = pgTable(
  'address_count',
  {
    /** What is counted: a route's method and path, or a guard's name. */
    scope: text('scope').notNull(),
    address: text('address').notNull(),
    /** When the current window began. */
    since: timestamp('since', { withTimezone: true }).notNull(),
    hits: integer('hits').notNull(),
  },
  (t) => [primaryKey({ columns: [t.scope, t.address] }), index('address_count_since').on(t.since)],
);
