import { useEffect, useState, useSyncExternalStore } from 'react';
import { type OutboxItem, outboxItems, outboxVersion, subscribeOutbox } from './outbox';

/** The current user's waiting outbox items (of one kind, or all), oldest first; follows every change of the outbox. */
export function useOutboxItems(kind?: OutboxItem['kind']): OutboxItem[] {
  const version = useSyncExternalStore(subscribeOutbox, outboxVersion);
  const [items, setItems] = useState<OutboxItem[]>([]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the version says when the outbox changed
  useEffect(() => {
    let isCurrent = true;
    void outboxItems()
      .then((all) => {
        if (isCurrent) setItems(kind ? all.filter((item) => item.kind === kind) : all);
      })
      .catch(() => undefined);
    return () => {
      isCurrent = false;
    };
  }, [kind, version]);
  return items;
}

/** Whether a waiting item belongs to the record these fields name (every given field equal). */
export function isFor(item: OutboxItem, fields: Record<string, string | number | undefined>): boolean {
  return Object.entries(fields).every(
    ([name, value]) => value === undefined || String(item.body[name]) === String(value),
  );
}
