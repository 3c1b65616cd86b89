import { type SQL, sql } from 'drizzle-orm';
import {
  customType,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { companyIdColumn, tenantPolicy } from '../tenancy-sql';
import { company } from './companies.schema';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });
/** Text compared byte by byte: a word's start is a range of the index (`LIKE 'asbest%'`). */
const byteText = customType<{ data: string }>({ dataType: () => 'text COLLATE "C"' });

/**
 * One row per searchable thing of a company (decision 055): a flow, relation, organization, note,
 * message, incident, filled-in form, document, invoice, task or agenda item. Written by triggers in the
 * transaction of the change (migration 0049), so the index never disagrees with what it describes;
 * `search_rebuild_company()` writes a company's rows again. `tsv` is the Dutch text search vector
 * (title weighted above body; a postcode written with a space is also indexed as one word).
 */
export const searchEntry = pgTable(
  'search_entry',
  {
    companyId: companyIdColumn().references(() => company.id, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: 20 }).notNull(),
    entityId: integer('entity_id').notNull(),
    flowId: integer('flow_id'),
    relationId: integer('relation_id'),
    organizationId: integer('organization_id'),
    /** Who the thing is for, where the search narrows by it (an incident's handler). */
    userId: integer('user_id'),
    title: text('title').notNull().default(''),
    body: text('body').notNull().default(''),
    tsv: tsvector('tsv')
      .notNull()
      .generatedAlwaysAs(
        (): SQL =>
          sql`setweight(to_tsvector('dutch'::regconfig, ${searchEntry.title}), 'A') || setweight(to_tsvector('dutch'::regconfig, regexp_replace(${searchEntry.body}, '(\\d{4}) ([A-Za-z]{2})(\\W|$)', '\\1\\2 \\1 \\2\\3', 'g')), 'B')`,
      ),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'search_entry_pk', columns: [t.companyId, t.kind, t.entityId] }),
    // btree_gin (migration 0062, decision 075): a search reads one company's entries of one kind only.
    index('search_entry_kind_tsv').using('gin', t.companyId, t.kind, t.tsv),
    index('search_entry_title_trgm').using('gin', sql`${t.title} gin_trgm_ops`),
    // A source's refresh finds an entry by its id alone (ids are unique per kind across companies).
    index('search_entry_entity').on(t.kind, t.entityId),
    index('search_entry_flow').on(t.flowId),
    tenantPolicy(),
  ],
).enableRLS();

/**
 * The words (text search lexemes starting with a letter) of a company's search entries (decision 075): a
 * word typed as the start of longer words is searched as the words with that start. Added by a trigger on
 * search_entry (migration 0062), never removed (a word no entry has any more finds nothing).
 */
export const searchWord = pgTable(
  'search_word',
  {
    companyId: companyIdColumn().references(() => company.id, { onDelete: 'cascade' }),
    word: byteText('word').notNull(),
  },
  (t) => [primaryKey({ name: 'search_word_pk', columns: [t.companyId, t.word] }), tenantPolicy()],
).enableRLS();
