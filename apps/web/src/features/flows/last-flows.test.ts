import { describe, expect, it } from 'vitest';
import { LAST_FLOWS_KEY, LAST_FLOWS_MAX, lastFlowIds, readLastFlows, recordLastFlow } from './last-flows';

describe('last-seen flows (localStorage lastFlows)', () => {
  it('keeps the most recent first, once, and stores {companyId, flowId}', () => {
    recordLastFlow(12, 1);
    recordLastFlow(12, 2);
    recordLastFlow(12, 1);
    expect(JSON.parse(window.localStorage.getItem(LAST_FLOWS_KEY) ?? '[]')).toEqual([
      { companyId: 12, flowId: 1 },
      { companyId: 12, flowId: 2 },
    ]);
  });

  it('keeps at most 100 entries, dropping the oldest', () => {
    for (let id = 1; id <= 130; id += 1) recordLastFlow(12, id);
    const items = readLastFlows();
    expect(LAST_FLOWS_MAX).toBe(100);
    expect(items).toHaveLength(100);
    expect(items[0]).toEqual({ companyId: 12, flowId: 130 });
    expect(items.at(-1)).toEqual({ companyId: 12, flowId: 31 });
  });

  it('filters by company: another company of the same user shows only its own flows', () => {
    recordLastFlow(12, 5);
    recordLastFlow(40, 7);
    recordLastFlow(12, 6);
    recordLastFlow(40, 5);
    expect(lastFlowIds(12)).toEqual([6, 5]);
    expect(lastFlowIds(40)).toEqual([5, 7]);
    // The same flow id in two companies is two entries.
    expect(readLastFlows()).toHaveLength(4);
  });

  it('ignores unreadable storage', () => {
    window.localStorage.setItem(LAST_FLOWS_KEY, '{broken');
    expect(readLastFlows()).toEqual([]);
    window.localStorage.setItem(
      LAST_FLOWS_KEY,
      JSON.stringify([{ companyId: 1 }, 3, { companyId: 1, flowId: 2 }]),
    );
    expect(lastFlowIds(1)).toEqual([2]);
  });
});
