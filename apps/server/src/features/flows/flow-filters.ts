import {
  expandFlowStatus,
  FLOW_STATUSES,
  type FlowStatus,
  fullName,
  type zFlowFilterQuery,
} from '@im/domain';
import { asc, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Tx } from '../../platform/db/database';
import { containsPattern, UNKNOWN_SORT } from '../../platform/db/paginate';
import { user } from '../../platform/db/tables/users.schema';
import { validationError } from '../../platform/errors';

export interface FlowFilters {
  /** null: every status. */
  statuses: FlowStatus[] | null;
  userId?: number;
  leadSource?: string;
  tag?: string;
  /** Lower-case words that must all occur in the search text (3+ characters each). */
  words: string[];
  /** A query that is a short flow number (1 or 2 digits) matches that number. */
  number?: number;
}

/**
 * The text query: every word of 3 or more characters must occur in the flow's search text (number,
 * description, relation name, e-mail, address). Shorter words are ignored, except a query that is just
 * a 1- or 2-digit flow number.
 */
export function parseTextQuery(query: string | undefined): Pick<FlowFilters, 'words' | 'number'> {
  const text = (query ?? '').trim().toLowerCase();
  if (/^\d{1,2}$/.test(text)) return { words: [], number: Number(text) };
  return { words: [...new Set(text.split(/\s+/).filter((w) => w.length >= 3))] };
}

export function toFilters(
  q: z.infer<typeof zFlowFilterQuery> & { status?: string },
  statusOverride?: FlowStatus[] | null,
): FlowFilters {
  const status = q.status ?? 'all';
  return {
    statuses:
      statusOverride !== undefined ? statusOverride : status === 'all' ? null : expandFlowStatus(status),
    userId: q.userId,
    leadSource: q.leadSource,
    tag: q.tag,
    ...parseTextQuery(q.query),
  };
}

export function hasText(f: FlowFilters): boolean {
  return f.words.length > 0 || f.number !== undefined;
}

/** The text query's conditions on rows aliased `alias` (search text words, or a short flow number). */
export function textConditions(f: Pick<FlowFilters, 'words' | 'number'>, alias: string): SQL[] {
  const a = sql.raw(alias);
  const parts = f.words.map((word) => sql`${a}.search_text like ${containsPattern(word)}`);
  if (f.number !== undefined) parts.push(sql`${a}.number = ${f.number}`);
  return parts;
}

/**
 * The WHERE of a query over `flow_read f` (the company's flows, docs/decisions/008).
 * `textOnly`: the structured filters are written so that no index serves them, so a text query
 * finds its matches through the trigram index alone and checks the rest on the rows it reads
 * (combining the trigram bitmap with one of a status's 100,000 flows costs more than it saves).
 */
export function flowWhere(f: FlowFilters, extra: (SQL | undefined)[] = [], textOnly = false): SQL {
  const parts: SQL[] = [sql`f.deleted_at is null`];
  const status = textOnly ? sql`(f.flow_status || '')` : sql`f.flow_status`;
  if (f.statuses) {
    parts.push(
      f.statuses.length === 1
        ? sql`${status} = ${f.statuses[0]}`
        : sql`${status} = any(${sql.param(f.statuses)}::text[])`,
    );
  }
  if (f.userId !== undefined)
    parts.push(textOnly ? sql`f.user_id + 0 = ${f.userId}` : sql`f.user_id = ${f.userId}`);
  if (f.leadSource !== undefined)
    parts.push(
      textOnly ? sql`(f.lead_source || '') = ${f.leadSource}` : sql`f.lead_source = ${f.leadSource}`,
    );
  if (f.tag !== undefined)
    parts.push(textOnly ? sql`${f.tag} = any(f.tags)` : sql`f.tags @> array[${f.tag}]::text[]`);
  parts.push(...textConditions(f, 'f'));
  for (const e of extra) if (e) parts.push(e);
  return sql.join(parts, sql` and `);
}

/**
 * The tally rows of the structured filters (the text query has no tally): the cube with a user and a
 * lead source dimension only when the filter or the sort needs them (migration 0005).
 */
export function tallyWhere(f: FlowFilters, sortKey?: string): SQL {
  const parts: SQL[] = [
    sql`t.company_id = nullif(current_setting('app.company_id', true), '')::integer`,
    sql`t.tag = ${f.tag ?? ''}`,
  ];
  if (f.userId !== undefined) parts.push(sql`t.user_id = ${f.userId}`);
  else parts.push(sortKey === 'user_fullname' ? sql`t.user_id >= 0` : sql`t.user_id = -1`);
  if (f.leadSource !== undefined) parts.push(sql`t.lead_source = ${f.leadSource}`);
  else parts.push(sortKey === 'lead_source' ? sql`t.lead_source > ''` : sql`t.lead_source = ''`);
  if (f.statuses) parts.push(sql`t.flow_status = any(${sql.param(f.statuses)}::text[])`);
  return sql.join(parts, sql` and `);
}

export const FLOW_SORTS = [
  'id',
  'number',
  'description',
  'relation_fullname',
  'flow_status',
  'lead_source',
  'user_fullname',
  'created_at',
  'updated_at',
] as const;
export type FlowSortKey = (typeof FLOW_SORTS)[number];

export interface FlowSort {
  key: FlowSortKey;
  descending: boolean;
}

export function parseFlowSort(raw: string | undefined, fallback = '-id'): FlowSort {
  const value = raw?.trim() || fallback;
  const descending = value.startsWith('-');
  const key = descending ? value.slice(1) : value;
  if (!(FLOW_SORTS as readonly string[]).includes(key)) {
    throw validationError(UNKNOWN_SORT, {
      sort: [`${UNKNOWN_SORT} Kies uit: ${FLOW_SORTS.join(', ')}.`],
    });
  }
  return { key: key as FlowSortKey, descending };
}

/** Columns with an index (company, column, id): ORDER BY column, id. */
export const COLUMN_SORTS: Partial<Record<FlowSortKey, SQL>> = {
  description: sql`f.description`,
  relation_fullname: sql`f.relation_fullname`,
  created_at: sql`f.created_at`,
  updated_at: sql`f.updated_at`,
};

/**
 * Sorts on a column with few values (status, handler, lead source) or on id: the order is
 * (rank of the value, id), so a page can be found from the tally's counts per value.
 * `keys` lists the values in rank order; the tally column holds them as text.
 */
export interface KeyedSort {
  tallyColumn: SQL;
  flowColumn: SQL;
  keys: string[];
  /** How a key value selects flows. */
  condition(key: string): SQL | undefined;
}

export async function keyedSort(tx: Tx, key: FlowSortKey): Promise<KeyedSort | null> {
  switch (key) {
    // Flow numbers are handed out in id order (create-flow.ts), so number order is id order.
    case 'number':
    case 'id':
      return { tallyColumn: sql`''`, flowColumn: sql`''`, keys: [''], condition: () => undefined };
    case 'flow_status':
      return {
        tallyColumn: sql`t.flow_status`,
        flowColumn: sql`f.flow_status`,
        keys: [...FLOW_STATUSES],
        condition: (k) => sql`f.flow_status = ${k}`,
      };
    case 'user_fullname': {
      const users = await tx
        .select({ id: user.id, name: user.name, nameprefix: user.nameprefix, surname: user.surname })
        .from(user)
        .orderBy(asc(user.id));
      const ranked = users
        .map((u) => ({ id: u.id, fullname: fullName(u).toLowerCase() }))
        .sort((a, b) => a.fullname.localeCompare(b.fullname, 'nl') || a.id - b.id);
      return {
        tallyColumn: sql`t.user_id::text`,
        flowColumn: sql`coalesce(f.user_id, 0)::text`,
        // Flows without a handler come last.
        keys: [...ranked.map((u) => String(u.id)), '0'],
        condition: (k) => (k === '0' ? sql`f.user_id is null` : sql`f.user_id = ${Number(k)}`),
      };
    }
    case 'lead_source': {
      const rows = await tx.execute<{ lead_source: string }>(
        sql`select distinct t.lead_source from flow_tally t
            where t.company_id = nullif(current_setting('app.company_id', true), '')::integer
              and t.tag = '' and t.user_id = -1 and t.lead_source > '' and t.n > 0`,
      );
      return {
        tallyColumn: sql`t.lead_source`,
        flowColumn: sql`f.lead_source`,
        keys: rows.rows.map((r) => r.lead_source).sort((a, b) => a.localeCompare(b, 'nl')),
        condition: (k) => sql`f.lead_source = ${k}`,
      };
    }
    default:
      return null;
  }
}
