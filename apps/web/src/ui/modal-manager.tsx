import { type ReactNode, useSyncExternalStore } from 'react';

// A tiny modal stack so the router can close every open dialog on a route change (spec 000
// section 4) without each screen wiring that up. Dialogs render through <ModalHost />.

export interface ManagedModal {
  id: number;
  render: (close: () => void) => ReactNode;
  /** Called when the modal is closed from outside (route change, closeAllModals). */
  onDismiss?: () => void;
}

let modals: readonly ManagedModal[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function emit(next: readonly ManagedModal[]) {
  modals = next;
  for (const listener of listeners) listener();
}

export function openModal(render: ManagedModal['render'], onDismiss?: () => void): number {
  const id = nextId++;
  emit([...modals, { id, render, onDismiss }]);
  return id;
}

export function closeModal(id: number): void {
  if (modals.some((modal) => modal.id === id)) emit(modals.filter((modal) => modal.id !== id));
}

export function closeAllModals(): void {
  const open = modals;
  if (open.length === 0) return;
  emit([]);
  for (const modal of open) modal.onDismiss?.();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function ModalHost() {
  const current = useSyncExternalStore(subscribe, () => modals);
  return (
    <>
      {current.map((modal) => (
        <ModalSlot key={modal.id} modal={modal} />
      ))}
    </>
  );
}

function ModalSlot({ modal }: { modal: ManagedModal }) {
  return <>{modal.render(() => closeModal(modal.id))}</>;
}
