import { type DomainEntityType, mayReceiveEvent } from './events';
import { INCIDENTS_OF_OTHERS_MIN_ROLE } from './incidents/constants';

/**
 * One search over a case file (decision 055): what is searched, in the order the results screen
 * groups it. Each kind is a domain entity type, so who may find it is who may read it
 * (DOMAIN_EVENT_ACCESS: the module and minimum role of the routes that open it).
 */
export const SEARCH_KINDS = [
  'flow',
  'relation',
  'organization',
  'message',
  'note',
  'flowdataitem',
  'incident',
  'quotation',
  'confirmation',
  'document',
  'invoice',
  'task',
  'agendaitem',
] as const satisfies readonly DomainEntityType[];
export type SearchKind = (typeof SEARCH_KINDS)[number];

/** The global search's minimum (spec 001: 3 characters) and the longest query the server takes. */
export const SEARCH_QUERY_MAX = 1000;
/** Search words used at most; words beyond are ignored, a word is cut at this length. */
export const SEARCH_WORDS_MAX = 8;
export const SEARCH_WORD_MAX = 50;
/** Hits per kind in the top bar; the answer's default per kind. */
export const SEARCH_SUGGEST_PER_KIND = 3;
export const SEARCH_PAGE_SIZE = 20;

/** The kinds a user may find: the module and role of each kind's screens. */
export function searchKindsFor(user: { modules: ReadonlySet<string>; role: number }): SearchKind[] {
  return SEARCH_KINDS.filter((kind) => mayReceiveEvent({ entity_type: kind }, user));
}

/** Below role 1000 a user finds only their own and unassigned incidents (as on the incident overview). */
export function findsIncidentsOfOthers(role: number): boolean {
  return role >= INCIDENTS_OF_OTHERS_MIN_ROLE;
}

export interface SearchTerm {
  /** The word as the text search gets it: letters and digits only. */
  text: string;
  /**
   * Numbers, postcodes, e-mail addresses and words shorter than SEARCH_PREFIX_MIN match whole; other words
   * also as the start of a word.
   */
  exact: boolean;
}

/** A word of this length or more also finds longer words it starts ('asbest' finds 'asbestdak'). */
export const SEARCH_PREFIX_MIN = 4;
/** Names are also matched by similarity (typos) when the name words are at least this long together. */
export const SEARCH_SIMILAR_MIN = 4;

const POSTCODE = /^(\d{4})\s?([a-z]{2})$/i;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * The words of a query, as the search uses them: a Dutch postcode written with a space is one word,
 * an e-mail address stays whole, everything else is split on what is not a letter or digit (quotes,
 * backslashes and operators are dropped, so no input can break the text search's syntax).
 */
export function searchTerms(query: string): SearchTerm[] {
  const terms: SearchTerm[] = [];
  const text = query.slice(0, SEARCH_QUERY_MAX).replace(/\b(\d{4})\s+([a-z]{2})\b/gi, '$1$2');
  for (const piece of text.split(/\s+/)) {
    if (!piece) continue;
    if (EMAIL.test(piece)) {
      terms.push({ text: piece.toLowerCase().slice(0, 254), exact: true });
      continue;
    }
    for (const word of piece.toLowerCase().split(/[^\p{L}\p{N}]+/u)) {
      if (!word) continue;
      const exact = /^\d+$/.test(word) || POSTCODE.test(word) || word.length < SEARCH_PREFIX_MIN;
      terms.push({ text: word.slice(0, SEARCH_WORD_MAX), exact });
    }
  }
  const seen = new Set<string>();
  return terms.filter((t) => !seen.has(t.text) && seen.add(t.text)).slice(0, SEARCH_WORDS_MAX);
}
