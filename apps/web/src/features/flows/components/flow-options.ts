import { FLOW_STATUS_LABELS, FLOW_STATUSES, type FlowStatus, stageOf } from '@im/domain';
import type { FlowSettings } from '../types';

// Select data built from the company's flow settings (GET /api/company/getcurrentflowsettings).

export type Option = { value: string; label: string };

export const statusOptions = (statuses: readonly FlowStatus[] = FLOW_STATUSES): Option[] =>
  statuses.map((status) => ({ value: status, label: FLOW_STATUS_LABELS[status] }));

export const userOptions = (settings?: FlowSettings): Option[] =>
  (settings?.users ?? []).map((user) => ({ value: String(user.id), label: user.fullname }));

export const profileOptions = (settings?: FlowSettings): Option[] =>
  (settings?.flowprofiles ?? []).map((profile) => ({ value: String(profile.id), label: profile.name }));

/** The company's lead sources, plus the flow's own when it is no longer in the list. */
export const leadSourceOptions = (settings?: FlowSettings, current?: string | null): string[] => {
  const sources = settings?.lead_sources ?? [];
  return current && !sources.includes(current) ? [current, ...sources] : sources;
};

/** The phases of the stage a status belongs to, in their order. */
export const phaseOptions = (settings: FlowSettings | undefined, status: FlowStatus): Option[] => {
  const stage = stageOf(status);
  if (!stage) return [];
  return (settings?.flowphases ?? [])
    .filter((phase) => phase.flowstage === stage)
    .sort((a, b) => a.order - b.order)
    .map((phase) => ({ value: String(phase.id), label: phase.description }));
};

export const userName = (settings: FlowSettings | undefined, id: number | null): string =>
  (id && settings?.users.find((user) => user.id === id)?.fullname) || '';

export const toId = (value: string | null | undefined): number | undefined =>
  value ? Number(value) : undefined;
