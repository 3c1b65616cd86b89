import type { FlowRow } from '../types';

export interface FlowGroup {
  /** null: flows without a partner project, labelled 'algemeen'. */
  partnerProjectId: number | null;
  flows: FlowRow[];
}

/** Spec 001: the relation's flows grouped by partner project; 'algemeen' (no project) first. */
export function groupFlowsByPartnerProject(flows: readonly FlowRow[]): FlowGroup[] {
  const groups = new Map<number | null, FlowRow[]>();
  for (const flow of flows) {
    const key = flow.partner_project_id ?? null;
    groups.set(key, [...(groups.get(key) ?? []), flow]);
  }
  return [...groups.entries()]
    .sort(([a], [b]) => (a === null ? -1 : b === null ? 1 : a - b))
    .map(([partnerProjectId, rows]) => ({ partnerProjectId, flows: rows }));
}
