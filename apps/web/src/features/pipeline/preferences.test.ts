import { describe, expect, it } from 'vitest';
import {
  DEFAULT_PIPELINE_PREFERENCES,
  loadPipelinePreferences,
  PIPELINE_PREFERENCES_KEY,
  PIPELINE_SORTS,
  savePipelinePreferences,
} from './preferences';

describe('pipeline preferences', () => {
  it('defaults to 100 per column and the fifth sort option, flowstage_asc', () => {
    expect(PIPELINE_SORTS).toHaveLength(10);
    expect(loadPipelinePreferences()).toEqual({
      ...DEFAULT_PIPELINE_PREFERENCES,
      limit: 100,
      sort: 'flowstage_asc',
    });
  });

  it('round-trips through localStorage pipelinePreferences and rejects unknown values', () => {
    savePipelinePreferences({
      limit: 2500,
      sort: 'name_desc',
      userId: '7',
      leadSource: 'Beurs',
      tag: 'Spoed',
    });
    expect(JSON.parse(window.localStorage.getItem(PIPELINE_PREFERENCES_KEY) ?? '{}')).toMatchObject({
      limit: 2500,
    });
    expect(loadPipelinePreferences()).toEqual({
      limit: 2500,
      sort: 'name_desc',
      userId: '7',
      leadSource: 'Beurs',
      tag: 'Spoed',
    });
    window.localStorage.setItem(
      PIPELINE_PREFERENCES_KEY,
      JSON.stringify({ limit: 42, sort: 'random', tag: 3 }),
    );
    expect(loadPipelinePreferences()).toEqual(DEFAULT_PIPELINE_PREFERENCES);
  });
});
