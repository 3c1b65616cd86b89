import { UNDO_TIMEOUT_MS } from '@im/domain';
import { describe, expect, it, vi } from 'vitest';
import { undoWindow } from './undo-window';

describe('undo window', () => {
  it('is open for 10 s after the change and runs once', () => {
    let clock = 1_000;
    const run = vi.fn();
    const window = undoWindow(run, UNDO_TIMEOUT_MS, () => clock);
    expect(UNDO_TIMEOUT_MS).toBe(10_000);
    clock += 9_999;
    expect(window.isOpen()).toBe(true);
    expect(window.undo()).toBe(true);
    expect(window.undo()).toBe(false);
    expect(run).toHaveBeenCalledTimes(1);
    expect(window.isOpen()).toBe(false);
  });

  it('does nothing from the 10th second on', () => {
    let clock = 0;
    const run = vi.fn();
    const window = undoWindow(run, UNDO_TIMEOUT_MS, () => clock);
    clock = 10_000;
    expect(window.isOpen()).toBe(false);
    expect(window.undo()).toBe(false);
    expect(run).not.toHaveBeenCalled();
  });

  it('closed by a newer change, it no longer runs', () => {
    const run = vi.fn();
    const window = undoWindow(run);
    window.close();
    expect(window.undo()).toBe(false);
    expect(run).not.toHaveBeenCalled();
  });
});
