import { FLOW_CANCEL_BLOCKED } from '@im/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { showAlert } from '../../ui/alert-dialog';
import { changeFlowStatus, testSafeDeletion } from '../flows';
import { findLead, patchLead, placeLead } from './board-state';
import type { PipelinePreferences } from './preferences';
import { pipelineKey } from './queries';
import type { ColumnStatus, PipelineBoard } from './types';

/**
 * A card dropped on another column (spec 001 section 4): it moves at once, then changeStatus runs;
 * a drop on cancelled runs the safe-deletion test first. A refusal puts the card back where it was
 * and shows the server's message in an alert.
 */
export function useMoveLead(preferences: PipelinePreferences) {
  const queryClient = useQueryClient();

  return useCallback(
    async (leadId: number, to: ColumnStatus) => {
      const key = pipelineKey(preferences);
      const board = queryClient.getQueryData<PipelineBoard>(key);
      const origin = board && findLead(board, leadId);
      if (!origin || origin.column === to) return;
      const update = (change: (current: PipelineBoard) => PipelineBoard) =>
        queryClient.setQueryData<PipelineBoard>(key, (current) => (current ? change(current) : current));
      const revert = (message: string) => {
        update((current) => placeLead(current, leadId, origin.column, origin.lead, origin.index));
        void showAlert({ message });
      };

      // A refetch landing during the move would undo it on screen; the card moves in this same tick.
      void queryClient.cancelQueries({ queryKey: key }, { revert: false, silent: true });
      update((current) => placeLead(current, leadId, to, { ...origin.lead, flow_status: to }));
      try {
        if (to === 'cancelled') {
          const test = await testSafeDeletion(leadId, 'cancel');
          if (test.result !== 'success') return revert(test.message || FLOW_CANCEL_BLOCKED);
        }
        const flow = await changeFlowStatus(leadId, { flow_status: to });
        update((current) =>
          patchLead(current, leadId, {
            flow_status: flow.flow_status,
            flow_phase_description: flow.flow_phase?.description ?? null,
            flowstage_start_at: new Date().toISOString(),
            updated_at: flow.updated_at,
          }),
        );
        void queryClient.invalidateQueries({ queryKey: ['flow', leadId] });
        void queryClient.invalidateQueries({ queryKey: ['table', '/api/flow/querypaginated'] });
      } catch (error) {
        revert(error instanceof Error ? error.message : String(error));
      }
    },
    [preferences, queryClient],
  );
}
