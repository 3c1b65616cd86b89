import { FLOW_CANCEL_BLOCKED, FLOW_STATUS_LABELS } from '@im/domain';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { api } from '../../api/client';
import { i18n } from '../../i18n';
import { showAlert } from '../../ui/alert-dialog';
import { showUndoToast } from '../../ui/undo-toast';
import type { UndoWindow } from '../../ui/undo-window';
import { askCancelReason, changeFlowStatus, type Flow, rejectFlow, testSafeDeletion } from '../flows';
import { findLead, patchLead, placeLead } from './board-state';
import type { PipelinePreferences } from './preferences';
import { pipelineKey } from './queries';
import type { ColumnStatus, PipelineBoard, PipelineLead } from './types';

// The undo on offer per card: a newer move of the same card replaces it.
const offered = new Map<number, UndoWindow>();

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * A card dropped on another column (spec 001 section 4, decision 033): it moves at once, then
 * changeStatus runs. A drop on cancelled runs the safe-deletion test first, then asks to confirm with
 * the cancel reason (the card stays until confirmed) and calls rejectflow. A refusal puts the card back
 * where it was and shows the server's message in an alert. Every move offers an undo for 10 s that puts
 * the flow back in its former status and phase (and cancel reason).
 */
export function useMoveLead(preferences: PipelinePreferences) {
  const queryClient = useQueryClient();

  return useCallback(
    async (leadId: number, to: ColumnStatus) => {
      const key = pipelineKey(preferences);
      const board = queryClient.getQueryData<PipelineBoard>(key);
      const origin = board && findLead(board, leadId);
      if (!origin || origin.column === to) return;
      const t = i18n.t;
      const update = (change: (current: PipelineBoard) => PipelineBoard) =>
        queryClient.setQueryData<PipelineBoard>(key, (current) => (current ? change(current) : current));
      const stored = (flow: Flow) =>
        update((current) =>
          patchLead(current, leadId, {
            flow_status: flow.flow_status,
            flow_phase_id: flow.flow_phase_id ?? null,
            flow_phase_description: flow.flow_phase?.description ?? null,
            flowstage_start_at: flow.flowstage_start_at,
            updated_at: flow.updated_at,
          }),
        );
      const putBack = () =>
        update((current) => placeLead(current, leadId, origin.column, origin.lead, origin.index));

      let reason: string | null = null;
      if (to === 'cancelled') {
        try {
          const test = await testSafeDeletion(leadId, 'cancel');
          if (test.result !== 'success')
            return void showAlert({ message: test.message || FLOW_CANCEL_BLOCKED });
        } catch (error) {
          return void showAlert({ message: message(error) });
        }
        const answer = await askCancelReason({
          title: t('pipeline.cancel.title'),
          message: t('pipeline.cancel.message', { name: origin.lead.relation_fullname }),
          submitLabel: t('pipeline.cancel.submit'),
          cancelLabel: t('pipeline.cancel.keep'),
        });
        if (!answer) return;
        reason = answer.reason;
      }
      // Leaving cancelled clears the cancel reason: read it first, so the undo can give it back.
      let formerReason: string | null = null;
      if (origin.lead.flow_status === 'cancelled') {
        try {
          formerReason = (await api.get<Flow>(`/api/flow/${leadId}`)).cancel_reason ?? null;
        } catch (error) {
          return void showAlert({ message: message(error) });
        }
      }

      // A refetch landing during the move would undo it on screen; the card moves in this same tick.
      void queryClient.cancelQueries({ queryKey: key }, { revert: false, silent: true });
      update((current) => placeLead(current, leadId, to, { ...origin.lead, flow_status: to }));
      try {
        stored(
          to === 'cancelled'
            ? await rejectFlow(leadId, reason ?? undefined)
            : await changeFlowStatus(leadId, { flow_status: to }),
        );
        refreshOthers(queryClient, leadId);
      } catch (error) {
        putBack();
        return void showAlert({ message: message(error) });
      }

      offered.get(leadId)?.close();
      const offer = showUndoToast({
        message: t('pipeline.moved', { name: origin.lead.relation_fullname, status: FLOW_STATUS_LABELS[to] }),
        undoLabel: t('pipeline.undo'),
        onUndo: () => void undoMove(),
      });
      offered.set(leadId, offer);

      async function undoMove() {
        if (offered.get(leadId) === offer) offered.delete(leadId);
        void queryClient.cancelQueries({ queryKey: key }, { revert: false, silent: true });
        putBack();
        try {
          stored(await changeFlowStatus(leadId, formerState(origin!.lead, formerReason)));
          refreshOthers(queryClient, leadId);
        } catch (error) {
          // The board shows what the server has, whatever happened in between.
          void queryClient.invalidateQueries({ queryKey: key });
          void showAlert({ message: message(error) });
        }
      }
    },
    [preferences, queryClient],
  );
}

/** The changeStatus that puts a card back: its former status, phase and (cancelled) cancel reason. */
export function formerState(lead: PipelineLead, cancelReason: string | null) {
  return {
    flow_status: lead.flow_status,
    // No phase: the server takes the status's first, as for any move.
    ...(lead.flow_phase_id === null ? {} : { flow_phase_id: lead.flow_phase_id }),
    ...(lead.flow_status === 'cancelled' && cancelReason ? { cancel_reason: cancelReason } : {}),
  };
}

function refreshOthers(queryClient: QueryClient, leadId: number) {
  void queryClient.invalidateQueries({ queryKey: ['flow', leadId] });
  void queryClient.invalidateQueries({ queryKey: ['table', '/api/flow/querypaginated'] });
}
