import { PIPELINE_LIMIT_OPTIONS } from '@im/domain';

// Spec 001 section 7/9: pipeline preferences live in localStorage `pipelinePreferences`; per-column
// limit 100…100000 (default 100) and 10 sort options (default index 4, flowstage_asc).

export const PIPELINE_PREFERENCES_KEY = 'pipelinePreferences';

export const PIPELINE_SORTS = [
  'updated_desc',
  'updated_asc',
  'created_desc',
  'created_asc',
  'flowstage_asc',
  'flowstage_desc',
  'turnover_desc',
  'turnover_asc',
  'name_asc',
  'name_desc',
] as const;
export type PipelineSort = (typeof PIPELINE_SORTS)[number];
export type PipelineLimit = (typeof PIPELINE_LIMIT_OPTIONS)[number];

export type PipelinePreferences = {
  limit: PipelineLimit;
  sort: PipelineSort;
  userId: string | null;
  leadSource: string | null;
  tag: string | null;
};

export const DEFAULT_PIPELINE_PREFERENCES: PipelinePreferences = {
  limit: PIPELINE_LIMIT_OPTIONS[0],
  sort: PIPELINE_SORTS[4],
  userId: null,
  leadSource: null,
  tag: null,
};

const textOrNull = (value: unknown) => (typeof value === 'string' && value ? value : null);

/** Reads the saved preferences; anything unknown falls back to the default. */
export function loadPipelinePreferences(): PipelinePreferences {
  let raw: unknown;
  try {
    raw = JSON.parse(window.localStorage.getItem(PIPELINE_PREFERENCES_KEY) ?? 'null');
  } catch {
    return DEFAULT_PIPELINE_PREFERENCES;
  }
  if (!raw || typeof raw !== 'object') return DEFAULT_PIPELINE_PREFERENCES;
  const saved = raw as Record<string, unknown>;
  const limit = Number(saved.limit);
  return {
    limit: (PIPELINE_LIMIT_OPTIONS as readonly number[]).includes(limit)
      ? (limit as PipelineLimit)
      : DEFAULT_PIPELINE_PREFERENCES.limit,
    sort: (PIPELINE_SORTS as readonly unknown[]).includes(saved.sort)
      ? (saved.sort as PipelineSort)
      : DEFAULT_PIPELINE_PREFERENCES.sort,
    userId: textOrNull(saved.userId),
    leadSource: textOrNull(saved.leadSource),
    tag: textOrNull(saved.tag),
  };
}

export function savePipelinePreferences(preferences: PipelinePreferences): void {
  try {
    window.localStorage.setItem(PIPELINE_PREFERENCES_KEY, JSON.stringify(preferences));
  } catch {
    // Storage blocked: the board still works with the chosen settings until reload.
  }
}
