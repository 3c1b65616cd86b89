import { useCallback, useEffect, useRef, useState } from 'react';
import { customerApi } from './api';

export interface Loaded<T> {
  data: T | undefined;
  error: unknown;
  /** Loads again; the data shown stays until the new answer arrives. */
  reload: () => Promise<void>;
}

/**
 * GET `path` (null: nothing yet) and keep its answer; `intervalMs` loads it again while the page is
 * open. A small stand-in for a query library, which the customer entry's budget has no room for.
 */
export function useLoad<T>(path: string | null, intervalMs?: number): Loaded<T> {
  const [state, setState] = useState<{ path: string | null; data?: T; error?: unknown }>({ path });
  const controller = useRef<AbortController | null>(null);

  const load = useCallback(async () => {
    if (!path) return;
    controller.current?.abort();
    const own = new AbortController();
    controller.current = own;
    try {
      const data = await customerApi.get<T>(path, own.signal);
      if (!own.signal.aborted) setState({ path, data });
    } catch (error) {
      if (!own.signal.aborted) setState((s) => ({ path, data: s.path === path ? s.data : undefined, error }));
    }
  }, [path]);

  useEffect(() => {
    void load();
    const timer = intervalMs ? window.setInterval(() => void load(), intervalMs) : undefined;
    return () => {
      controller.current?.abort();
      if (timer !== undefined) window.clearInterval(timer);
    };
  }, [load, intervalMs]);

  const current = state.path === path;
  return {
    data: current ? state.data : undefined,
    error: current ? state.error : undefined,
    reload: load,
  };
}
