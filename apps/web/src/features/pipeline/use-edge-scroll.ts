import { type RefObject, useEffect, useRef } from 'react';
import { EDGE_START, edgeSide, nextEdgeScroll } from './edge-scroll';

const TICK_MS = 100;

/**
 * Scrolls the board a column at a time while a card is held at its edge (edge-scroll.ts): the pointer
 * (mouse, pen or finger) is followed on the window and the rule is asked on every move and every 100 ms,
 * so a pointer resting at the edge scrolls on after the dwell.
 */
export function useEdgeScroll(ref: RefObject<HTMLElement | null>, columnStep: () => number) {
  const stopRef = useRef<(() => void) | null>(null);
  const stop = () => {
    stopRef.current?.();
    stopRef.current = null;
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: stops a drag still running on unmount
  useEffect(() => stop, []);

  const start = () => {
    stop();
    let state = EDGE_START;
    let x: number | null = null;
    const tick = () => {
      const board = ref.current;
      if (!board || x === null) return;
      const rect = board.getBoundingClientRect();
      const next = nextEdgeScroll(state, edgeSide(x, rect.left, rect.right), performance.now());
      state = next.state;
      if (next.scroll !== 0) board.scrollBy?.({ left: next.scroll * columnStep(), behavior: 'smooth' });
    };
    const onPointer = (event: PointerEvent) => {
      x = event.clientX;
      tick();
    };
    const onTouch = (event: TouchEvent) => {
      const touch = event.touches[0];
      if (!touch) return;
      x = touch.clientX;
      tick();
    };
    window.addEventListener('pointermove', onPointer, { passive: true });
    window.addEventListener('touchmove', onTouch, { passive: true });
    const timer = window.setInterval(tick, TICK_MS);
    stopRef.current = () => {
      window.removeEventListener('pointermove', onPointer);
      window.removeEventListener('touchmove', onTouch);
      window.clearInterval(timer);
    };
  };
  return { start, stop };
}
