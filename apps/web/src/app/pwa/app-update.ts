import { useSyncExternalStore } from 'react';

/**
 * Whether a newer release of the app is installed by the service worker and waits for this page to
 * reload (decision 059). The worker never takes over an open page by itself: a reload while a form is
 * being filled in would interrupt the user, so the shell offers 'Vernieuwen' and the user chooses.
 */
let update: (() => Promise<void>) | null = null;
const listeners = new Set<() => void>();

function notify(): void {
  for (const listener of listeners) listener();
}

/** Called by the registration when a new service worker waits; `apply` activates it and reloads. */
export function offerUpdate(apply: () => Promise<void>): void {
  update = apply;
  notify();
}

export function applyUpdate(): Promise<void> {
  return update ? update() : Promise.resolve();
}

export function dismissUpdate(): void {
  update = null;
  notify();
}

export function useUpdateWaiting(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => update !== null,
    () => false,
  );
}
