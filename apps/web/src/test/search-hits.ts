import type { SearchHit } from '@im/domain';

/** A search hit for screen tests: the given fields over empty defaults. */
export const hitOf = (hit: Partial<SearchHit> & Pick<SearchHit, 'kind' | 'id'>): SearchHit => ({
  title: '',
  snippet: [],
  flow_id: null,
  flow_number: null,
  relation_id: null,
  relation_name: null,
  organization_id: null,
  organization_name: null,
  number: null,
  intake_id: null,
  project_id: null,
  vertical_id: null,
  sender: null,
  updated_at: '2026-12-01T10:00:00Z',
  ...hit,
});
