// Edge scrolling while a card is dragged (decision 033): holding the card at the board's left or right
// edge scrolls the board one column, then another only after a dwell, so a phone's drag never runs
// through every column. The rule is pure; use-edge-scroll.ts feeds it the pointer and the clock.

/** How long the pointer stays at an edge before the next column scrolls in. */
export const EDGE_DWELL_MS = 700;
/** The edge zone: this many pixels, at most 15 % of the board's width. */
export const EDGE_PX = 48;

export type Side = -1 | 0 | 1;

export interface EdgeState {
  /** False until the pointer has been away from the edges (a card picked up at an edge stays put). */
  armed: boolean;
  side: Side;
  scrolledAt: number;
}

export const EDGE_START: EdgeState = { armed: false, side: 0, scrolledAt: 0 };

/** Which edge of the board (from `left` to `right`) the pointer's x is at; beyond the board counts. */
export function edgeSide(x: number, left: number, right: number): Side {
  const zone = Math.min(EDGE_PX, (right - left) * 0.15);
  if (x >= right - zone) return 1;
  if (x <= left + zone) return -1;
  return 0;
}

/**
 * The next state and the scroll to make (-1 one column left, 1 one column right, 0 none) for the
 * pointer at `side` at time `now`: one column on reaching an edge, then one per dwell while it stays.
 */
export function nextEdgeScroll(
  state: EdgeState,
  side: Side,
  now: number,
  dwellMs = EDGE_DWELL_MS,
): { state: EdgeState; scroll: Side } {
  if (side === 0) return { state: { armed: true, side: 0, scrolledAt: 0 }, scroll: 0 };
  if (!state.armed) return { state, scroll: 0 };
  if (side !== state.side || now - state.scrolledAt >= dwellMs)
    return { state: { armed: true, side, scrolledAt: now }, scroll: side };
  return { state, scroll: 0 };
}
