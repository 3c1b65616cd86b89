import { useMemo, useSyncExternalStore } from 'react';

// Spec 001 section 7/9: the browser keeps the last opened flows under `lastFlows`, at most 100 per
// browser, each tagged with its company so a user of several companies sees only the current one's.

export const LAST_FLOWS_KEY = 'lastFlows';
export const LAST_FLOWS_MAX = 100;

export type LastFlow = { companyId: number; flowId: number };

const listeners = new Set<() => void>();

function isLastFlow(value: unknown): value is LastFlow {
  if (!value || typeof value !== 'object') return false;
  const item = value as Record<string, unknown>;
  return Number.isInteger(item.companyId) && Number.isInteger(item.flowId);
}

function parseLastFlows(raw: string | null): LastFlow[] {
  try {
    const value: unknown = JSON.parse(raw ?? '[]');
    return Array.isArray(value) ? value.filter(isLastFlow) : [];
  } catch {
    return [];
  }
}

export function readLastFlows(): LastFlow[] {
  return parseLastFlows(window.localStorage.getItem(LAST_FLOWS_KEY));
}

/** Puts the flow first (once), keeping at most 100 entries over all companies. */
export function recordLastFlow(companyId: number, flowId: number): void {
  const rest = readLastFlows().filter((item) => !(item.companyId === companyId && item.flowId === flowId));
  const next = [{ companyId, flowId }, ...rest].slice(0, LAST_FLOWS_MAX);
  try {
    window.localStorage.setItem(LAST_FLOWS_KEY, JSON.stringify(next));
  } catch {
    // Storage blocked or full: the list is a convenience only.
  }
  for (const listener of listeners) listener();
}

/** The ids of the company's last-seen flows, most recent first. */
export function lastFlowIds(companyId: number, items: LastFlow[] = readLastFlows()): number[] {
  return items.filter((item) => item.companyId === companyId).map((item) => item.flowId);
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const snapshot = () => window.localStorage.getItem(LAST_FLOWS_KEY) ?? '[]';

export function useLastFlowIds(companyId: number): number[] {
  const raw = useSyncExternalStore(subscribe, snapshot, () => '[]');
  return useMemo(() => lastFlowIds(companyId, parseLastFlows(raw)), [companyId, raw]);
}
