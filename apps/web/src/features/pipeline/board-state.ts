import { type FlowStatus, sumMoney } from '@im/domain';
import type { ColumnStatus, PipelineBoard, PipelineLead } from './types';

// Pure moves on the board held in the query cache, so a drag updates the screen at once and a
// failed change can put the card back where it was.

export function columnOf(status: FlowStatus): ColumnStatus {
  return status === 'unread' ? 'new' : status;
}

export type LeadPosition = { lead: PipelineLead; column: ColumnStatus; index: number };

export function findLead(board: PipelineBoard, leadId: number): LeadPosition | null {
  for (const column of board.columns) {
    const index = column.leads.findIndex((lead) => lead.id === leadId);
    if (index >= 0) return { lead: column.leads[index]!, column: column.flow_status, index };
  }
  return null;
}

/**
 * Takes the card out of its column and puts `lead` (the card, possibly changed) into `to` at
 * `index` (default: on top). Columns that do not change keep their identity, so they skip rendering.
 */
export function placeLead(
  board: PipelineBoard,
  leadId: number,
  to: ColumnStatus,
  lead: PipelineLead,
  index = 0,
) {
  const from = findLead(board, leadId);
  return {
    columns: board.columns.map((column) => {
      const isSource = from?.column === column.flow_status;
      const isTarget = column.flow_status === to;
      if (!isSource && !isTarget) return column;
      let leads = isSource ? column.leads.filter((item) => item.id !== leadId) : column.leads;
      let total = column.total - (isSource ? 1 : 0);
      if (isTarget) {
        leads = [...leads.slice(0, index), lead, ...leads.slice(index)];
        total += 1;
      }
      return { ...column, leads, total };
    }),
  };
}

/** Changes one card's fields in place (after the server answered). */
export function patchLead(board: PipelineBoard, leadId: number, patch: Partial<PipelineLead>): PipelineBoard {
  return {
    columns: board.columns.map((column) =>
      column.leads.some((lead) => lead.id === leadId)
        ? {
            ...column,
            leads: column.leads.map((lead) => (lead.id === leadId ? { ...lead, ...patch } : lead)),
          }
        : column,
    ),
  };
}

/** The sum incl. VAT of the cards' amounts (decimal, to the cent), or null when no card has one. */
export function columnAmount(leads: readonly PipelineLead[]): string | null {
  const amounts = leads.flatMap((lead) => (lead.amount_inc_vat === null ? [] : [lead.amount_inc_vat]));
  return amounts.length === 0 ? null : sumMoney(amounts).toFixed(2);
}
