import { describe, expect, it } from 'vitest';
import {
  type CountedRange,
  type RangeReader,
  rangePageIds,
  rangesNeedRebalance,
  rangesToMerge,
  rangesToSplit,
} from './sort-ranges';

/** A list of rows in sort order (value = position), cut into ranges at `starts`, with a filter. */
function list(size: number, starts: number[], keep: (id: number) => boolean) {
  const rows = Array.from({ length: size }, (_, i) => i + 1);
  const ranges = starts.map((start, i) => {
    const end = starts[i + 1] ?? size + 1;
    const inside = rows.filter((r) => r >= start && r < end);
    return { start, n: inside.filter(keep).length, total: inside.length };
  });
  const reads: number[] = [];
  const read: RangeReader<(typeof ranges)[number]> = async (bound, descending, offset, limit) => {
    const from = 'from' in bound ? bound.from.start : -Infinity;
    const before = 'before' in bound ? bound.before.start : Infinity;
    let picked = rows.filter((r) => r >= from && r < before && keep(r));
    if (descending) picked = picked.reverse();
    const page = picked.slice(offset, offset + limit);
    reads.push(offset + page.length);
    return page;
  };
  return { rows: rows.filter(keep), ranges, read, reads };
}

describe('sort ranges', () => {
  it('finds every page of every size in both directions, reading at most half a range plus the page', async () => {
    const keepers = [() => true, (id: number) => id % 3 === 0, (id: number) => id > 90];
    for (const keep of keepers) {
      const l = list(100, [1, 11, 30, 31, 60], keep);
      for (const descending of [false, true]) {
        const ordered = descending ? [...l.rows].reverse() : l.rows;
        for (const limit of [1, 7, 25]) {
          for (let offset = 0; offset <= l.rows.length + 2; offset += 1) {
            l.reads.length = 0;
            const page = await rangePageIds(l.ranges, l.read, descending, offset, limit);
            expect(page.total).toBe(l.rows.length);
            expect(page.ids).toEqual(ordered.slice(offset, offset + limit));
            // The biggest range (the last) holds 41 rows: no read walks more than half of it beyond the page.
            for (const walked of l.reads) expect(walked).toBeLessThanOrEqual(21 + limit);
          }
        }
      }
    }
  });

  it('says when ranges are out of shape, which split and which neighbours merge', () => {
    const r = (total: number): CountedRange => ({ n: total, total });
    expect(rangesNeedRebalance([r(10), r(9)], 10)).toBe(false);
    expect(rangesNeedRebalance([r(21)], 10)).toBe(true);
    expect(rangesNeedRebalance([r(1), r(1), r(1), r(1), r(1)], 10)).toBe(true);
    const ranges = [r(25), r(4), r(5), r(3), r(10)];
    expect(rangesToSplit(ranges, 10).map((s) => s.range)).toEqual([ranges[0]]);
    expect(rangesToMerge(ranges, 10)).toEqual([{ into: ranges[1], from: ranges[2] }]);
  });
});
