import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/client';
import { PIPELINE_KEY } from '../flows';
import type { PipelinePreferences } from './preferences';
import type { PipelineBoard } from './types';

export const pipelineKey = (preferences: PipelinePreferences) => [...PIPELINE_KEY, preferences] as const;

export function usePipeline(preferences: PipelinePreferences) {
  return useQuery({
    queryKey: pipelineKey(preferences),
    queryFn: ({ signal }) =>
      api.get<PipelineBoard>('/api/user/getleadpipeline', {
        query: {
          limit: preferences.limit,
          sort: preferences.sort,
          userId: preferences.userId,
          leadSource: preferences.leadSource,
          tag: preferences.tag,
        },
        signal,
      }),
    // A board of thousands of cards: keep showing it while another filter loads, and skip the deep
    // comparison of old and new answers (structural sharing), which costs more than it saves here.
    placeholderData: (previous) => previous,
    structuralSharing: false,
  });
}
