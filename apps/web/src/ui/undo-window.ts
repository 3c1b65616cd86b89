import { UNDO_TIMEOUT_MS } from '@im/domain';

export interface UndoWindow {
  /** Runs the undo when still open and closes it; false when it had closed already. */
  undo(): boolean;
  /** Whether the undo can still run. */
  isOpen(): boolean;
  /** Closes it without running (a newer change of the same thing replaces it). */
  close(): void;
}

/**
 * One change's undo: it runs at most once, and only within `windowMs` of the change, whatever the
 * toast offering it does (a click during its closing animation, a second click) (decision 033).
 */
export function undoWindow(
  run: () => void,
  windowMs = UNDO_TIMEOUT_MS,
  now: () => number = Date.now,
): UndoWindow {
  const closesAt = now() + windowMs;
  let done = false;
  const isOpen = () => !done && now() < closesAt;
  return {
    isOpen,
    undo() {
      if (!isOpen()) return false;
      done = true;
      run();
      return true;
    },
    close() {
      done = true;
    },
  };
}
