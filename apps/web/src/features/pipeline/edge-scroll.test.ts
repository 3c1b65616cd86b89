import { describe, expect, it } from 'vitest';
import {
  EDGE_DWELL_MS,
  EDGE_START,
  type EdgeState,
  edgeSide,
  nextEdgeScroll,
  type Side,
} from './edge-scroll';

/** Feeds the rule a pointer path of [side, time] steps; answers the scrolls it asked for. */
function run(steps: [Side, number][], start: EdgeState = EDGE_START): Side[] {
  let state = start;
  const scrolls: Side[] = [];
  for (const [side, now] of steps) {
    const next = nextEdgeScroll(state, side, now);
    state = next.state;
    if (next.scroll !== 0) scrolls.push(next.scroll);
  }
  return scrolls;
}

describe('edge scroll while dragging', () => {
  it('knows the edges of a phone board (390 px) and a desk board, beyond the board included', () => {
    expect(edgeSide(200, 16, 374)).toBe(0);
    expect(edgeSide(340, 16, 374)).toBe(1);
    expect(edgeSide(385, 16, 374)).toBe(1);
    expect(edgeSide(40, 16, 374)).toBe(-1);
    expect(edgeSide(1200, 260, 1264)).toBe(0);
    expect(edgeSide(1230, 260, 1264)).toBe(1);
  });

  it('scrolls one column on reaching the edge, however long the pointer moves there within the dwell', () => {
    // A finger held at the right edge for just under the dwell, reporting every 16 ms.
    const held: [Side, number][] = [[0, 0]];
    for (let t = 100; t < 100 + EDGE_DWELL_MS; t += 16) held.push([1, t]);
    expect(run(held)).toEqual([1]);
  });

  it('scrolls the next column only after the dwell, or after leaving and coming back', () => {
    expect(
      run([
        [0, 0],
        [1, 100],
        [1, 100 + EDGE_DWELL_MS - 1],
        [1, 100 + EDGE_DWELL_MS],
        [1, 100 + 2 * EDGE_DWELL_MS],
      ]),
    ).toEqual([1, 1, 1]);
    expect(
      run([
        [0, 0],
        [1, 100],
        [0, 150],
        [1, 200],
        [-1, 300],
      ]),
    ).toEqual([1, 1, -1]);
  });

  it('does nothing for a card picked up at an edge until the pointer has left it', () => {
    expect(
      run([
        [1, 0],
        [1, 2000],
        [0, 2100],
        [1, 2200],
      ]),
    ).toEqual([1]);
  });
});
