import { IDEMPOTENCY_KEY_HEADER, type NoteBatchAnswer } from '@im/domain';
import { type DBSchema, type IDBPDatabase, openDB } from 'idb';
import { ApiError, api, NETWORK_ERROR_STATUS } from './client';
import { readKeptSession } from './session-copy';

/**
 * The device's outbox (decision 069): a photo or a note made without a connection, kept in IndexedDB with
 * a key of its own until the server has it. Sent at once when there is a connection; kept when the network
 * fails, and sent by the shell's rounds later (oldest first, beside the kept form changes). The key goes
 * with every send (`Idempotency-Key`), so a send whose answer was lost, sent again, is made once. Each item
 * belongs to the user who made it; a logout keeps it, the same user's next login sends it.
 */
export type OutboxKind = 'note' | 'picture';

export interface OutboxItem {
  key: string;
  owner: string;
  kind: OutboxKind;
  /** POST address. */
  path: string;
  /** A note's JSON body, or a photo's text fields (sent as multipart beside the file). */
  body: Record<string, string | number | boolean | null>;
  /** A photo's bytes (kept as bytes: every browser stores those in IndexedDB). */
  file?: KeptFile;
  at: number;
  /** The server's reason when it refused the item (4xx): it waits for the user. */
  refused?: string;
}

export interface KeptFile {
  bytes: ArrayBuffer;
  type: string;
  name: string;
}

/** A file as the outbox keeps it. */
export async function keptFile(blob: Blob, name: string): Promise<KeptFile> {
  return { bytes: await blob.arrayBuffer(), type: blob.type, name };
}

export const blobOf = (file: KeptFile): Blob => new Blob([file.bytes], { type: file.type });

interface OutboxDb extends DBSchema {
  items: { key: string; value: OutboxItem; indexes: { owner: string } };
}

let database: Promise<IDBPDatabase<OutboxDb>> | null = null;

function db(): Promise<IDBPDatabase<OutboxDb>> {
  database ??= openDB<OutboxDb>('im-outbox', 1, {
    upgrade(upgrade) {
      upgrade.createObjectStore('items', { keyPath: 'key' }).createIndex('owner', 'owner');
    },
  });
  return database;
}

function currentOwner(): string | null {
  const session = readKeptSession();
  return session ? `${session.currentcompany_id}:${session.currentuser_id}` : null;
}

let lastAt = 0;

const available = () => typeof indexedDB !== 'undefined';

const listeners = new Set<() => void>();
let version = 0;
function changed(): void {
  version += 1;
  for (const listener of listeners) listener();
}
export const subscribeOutbox = (listener: () => void): (() => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
export const outboxVersion = (): number => version;

/** The current user's waiting items, oldest first. */
export async function outboxItems(): Promise<OutboxItem[]> {
  const owner = currentOwner();
  if (!owner || !available()) return [];
  const items = await (await db()).getAllFromIndex('items', 'owner', owner);
  return items.sort((a, b) => a.at - b.at);
}

export async function forgetOutboxItem(key: string): Promise<void> {
  if (!available()) return;
  await (await db()).delete('items', key);
  changed();
}

async function markRefused(item: OutboxItem, reason: string): Promise<void> {
  await (await db()).put('items', { ...item, refused: reason });
  changed();
}

/** One send of the item, with its key. */
function send<T>(item: OutboxItem): Promise<T> {
  const headers = { [IDEMPOTENCY_KEY_HEADER]: item.key };
  if (item.kind === 'picture' && item.file) {
    const form = new FormData();
    for (const [name, value] of Object.entries(item.body))
      if (value !== null) form.append(name, String(value));
    form.append('file', blobOf(item.file), item.file.name);
    return api.post<T>(item.path, form, { headers });
  }
  return api.post<T>(item.path, item.body, { headers });
}

/** Made once and since deleted (410): that send is done. */
const isDone = (error: unknown) => error instanceof ApiError && error.status === 410;
/** The server looked at it and said no (4xx but 401, 408, 410 and 429): sending it again changes nothing. */
const isRefused = (error: unknown) =>
  error instanceof ApiError &&
  error.status >= 400 &&
  error.status < 500 &&
  ![401, 408, 410, 429].includes(error.status);
const isNetwork = (error: unknown) => error instanceof ApiError && error.status === NETWORK_ERROR_STATUS;

/**
 * Sends a create now and answers the server's record; without a connection keeps it on the device and
 * answers null (the screen says it waits). A refusal (4xx) is thrown as before: the user is there to fix it.
 */
export async function sendOrKeep<T>(
  input: Omit<OutboxItem, 'key' | 'owner' | 'at' | 'refused'>,
): Promise<T | null> {
  const owner = currentOwner();
  // Strictly increasing, so items made in the same millisecond keep their order.
  lastAt = Math.max(Date.now(), lastAt + 1);
  const item: OutboxItem = { ...input, key: crypto.randomUUID(), owner: owner ?? '', at: lastAt };
  // Kept first: a tab closed while the photo goes up does not lose it.
  const isKept = !!owner && available();
  if (isKept) {
    await (await db()).put('items', item);
    changed();
  }
  try {
    const made = await send<T>(item);
    if (isKept) await forgetOutboxItem(item.key);
    return made;
  } catch (error) {
    if (isNetwork(error) && isKept) return null;
    if (isKept) await forgetOutboxItem(item.key);
    throw error;
  }
}

/**
 * Sends one waiting item (a round of the shell): true when the server has it; a refusal keeps it with the
 * reason; anything else is thrown (the round stops, the item waits).
 */
export async function replayOutboxItem(item: OutboxItem): Promise<boolean> {
  try {
    await send(item);
  } catch (error) {
    if (isRefused(error)) {
      await markRefused(item, (error as Error).message);
      return false;
    }
    // No connection, the server failing (5xx) or the session gone (401): it waits for a later round.
    if (!isDone(error)) throw error;
  }
  await forgetOutboxItem(item.key);
  return true;
}

/**
 * Sends waiting notes in one request (decision 073: on a slow line each request pays its round trip, and 150
 * notes one by one took longer than their bytes); answers how many the server has. Each note keeps its own
 * key, so a batch sent again makes nothing twice; a note refused keeps its reason like a single send. A batch
 * refused as a whole (422: one note malformed) goes again one by one, so each gets its own answer. No
 * connection, 5xx or 401: thrown, everything waits.
 */
export async function replayOutboxNotes(items: OutboxItem[]): Promise<number> {
  if (items.length === 1) return (await replayOutboxItem(items[0]!)) ? 1 : 0;
  let answer: NoteBatchAnswer;
  try {
    answer = await api.post<NoteBatchAnswer>(NOTE_BATCH_PATH, {
      notes: items.map((item) => ({ key: item.key, note: item.body })),
    });
  } catch (error) {
    if (!isRefused(error)) throw error;
    let sent = 0;
    for (const item of items) if (await replayOutboxItem(item)) sent += 1;
    return sent;
  }
  const byKey = new Map(items.map((item) => [item.key, item]));
  let sent = 0;
  for (const result of answer.results) {
    const item = byKey.get(result.key);
    if (!item) continue;
    if (result.status === 201 || result.status === 410) {
      await forgetOutboxItem(item.key);
      sent += 1;
    } else await markRefused(item, result.message ?? '');
  }
  return sent;
}

export const NOTE_BATCH_PATH = '/api/note/batch';

/** Whether an item can go in a batch of notes (a new note, POST /api/note). */
export const isBatchableNote = (item: OutboxItem): boolean =>
  item.kind === 'note' && item.path === '/api/note';
