// Editors that save by themselves (decision 032). Each editor's unsaved changes live here, outside
// React, under the editor's key: leaving the screen (unmount) sends them at once and the entry
// lives on until the server has them; closing the tab sends them with `keepalive`; a failed save is
// kept (memory and localStorage) and tried again with backoff and when the browser is back online;
// a save the server refuses (4xx) waits for the user. No staff code here (no API client, i18n or
// Mantine): the customer pages' own entry uses this store and `use-autosave.ts` too.

import { useMemo, useSyncExternalStore } from 'react';

export type Patch = Record<string, unknown>;

export type SaveStatus =
  | { kind: 'idle' }
  | { kind: 'pending' }
  | { kind: 'saving' }
  | { kind: 'saved' }
  | { kind: 'failed'; message: string; isRefused: boolean };

export interface SaveOptions {
  keepalive: boolean;
}

interface FlushOptions extends SaveOptions {
  /** The page goes away and takes an answer-less request with it: send that one again too. */
  isPageGone?: boolean;
}

export type SaveFunction = (patch: Patch, options: SaveOptions) => Promise<unknown>;
/** `unsaved`: changes made while this save was under way, still to go. */
type SavedListener = (result: unknown, patch: Patch, unsaved: Patch | null) => void;

export const AUTOSAVE_STORAGE_PREFIX = 'im.autosave:';
/** A kept change older than this is not sent any more: the record has moved on without it. */
export const AUTOSAVE_KEEP_MS = 7 * 24 * 60 * 60 * 1000;
export const RETRY_FIRST_MS = 2000;
export const RETRY_MAX_MS = 60_000;

/**
 * 4xx means the server looked at the change and said no; sending it again changes nothing. Any
 * client's error with an HTTP `status` counts (the staff `ApiError`, the customer pages' own).
 */
export function isRefusal(error: unknown): boolean {
  const status = error instanceof Error ? (error as { status?: unknown }).status : undefined;
  return typeof status === 'number' && status >= 400 && status < 500 && ![401, 408, 429].includes(status);
}

/**
 * Where a kept change can be sent without its screen (decision 061): PATCH `path` with the change, or
 * with `{ [field]: change }`. Kept with the change, so an app started again sends it before the screen
 * is opened.
 */
export interface ReplayTarget {
  path: string;
  field?: string;
  /** How the fields are called on screen, to name a conflict. */
  labels?: Record<string, string>;
}

/** A field the office changed while this device kept its own value: both, for the user to choose. */
export interface FieldConflict {
  mine: unknown;
  theirs: unknown;
}

interface Stored {
  patch?: Patch;
  at?: number;
  replay?: ReplayTarget;
  refused?: string;
  /** Each changed field's value as the editor had it from the server before the change. */
  base?: Patch;
  conflicts?: Record<string, FieldConflict>;
}

export interface KeptChange {
  key: string;
  patch: Patch;
  at: number;
  replay: ReplayTarget | null;
  /** The server's reason when a replay was refused (4xx): the change waits for the user. */
  refused: string | null;
  base: Patch | null;
  conflicts: Record<string, FieldConflict> | null;
}

function readRecord(key: string): KeptChange | null {
  try {
    const text = window.localStorage.getItem(AUTOSAVE_STORAGE_PREFIX + key);
    if (!text) return null;
    const stored = JSON.parse(text) as Stored;
    if (!stored.patch || typeof stored.at !== 'number' || Date.now() - stored.at > AUTOSAVE_KEEP_MS) {
      window.localStorage.removeItem(AUTOSAVE_STORAGE_PREFIX + key);
      return null;
    }
    return {
      key,
      patch: stored.patch,
      at: stored.at,
      replay: stored.replay ?? null,
      refused: stored.refused ?? null,
      base: stored.base ?? null,
      conflicts: stored.conflicts ?? null,
    };
  } catch {
    return null;
  }
}

function writeRecord(key: string, record: Stored | null): void {
  try {
    if (record) window.localStorage.setItem(AUTOSAVE_STORAGE_PREFIX + key, JSON.stringify(record));
    else window.localStorage.removeItem(AUTOSAVE_STORAGE_PREFIX + key);
  } catch {
    // Storage full or blocked: the change is still kept in memory.
  }
  notifyKept();
}

function writeStored(
  key: string,
  patch: Patch | null,
  replay: ReplayTarget | null,
  base: Patch | null,
): void {
  writeRecord(
    key,
    patch
      ? { patch, at: Date.now(), ...(replay ? { replay } : {}), ...(base ? { base: pick(base, patch) } : {}) }
      : null,
  );
}

const pick = (values: Patch, fields: Patch): Patch =>
  Object.fromEntries(Object.keys(fields).map((field) => [field, values[field] ?? null]));

/**
 * A change made where no editor runs (a button such as 'Afronden') that could not be sent: kept like an
 * editor's, with its address and the values it changes as the screen had them, for the shell's replay
 * (decisions 061 and 069). A later change of the same key adds to it.
 */
export function keepChange(key: string, patch: Patch, replay: ReplayTarget, base: Patch): void {
  const earlier = readRecord(key);
  writeStored(key, { ...earlier?.patch, ...patch }, replay, { ...base, ...earlier?.base });
}

/** The change kept under `key`, following storage (a screen shows what waits). */
export function useKeptChange(key: string): KeptChange | null {
  const version = useSyncExternalStore(subscribeKeptChanges, keptChangesVersion);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the version says when storage changed
  return useMemo(() => readRecord(key), [key, version]);
}

const keptListeners = new Set<() => void>();
let keptVersion = 0;

function notifyKept(): void {
  keptVersion += 1;
  for (const listener of keptListeners) listener();
}

/** Every change kept on this device, oldest first (the connection status and the replay read them). */
export function keptChanges(): KeptChange[] {
  const keys: string[] = [];
  try {
    for (let i = 0; i < window.localStorage.length; i++) {
      const name = window.localStorage.key(i);
      if (name?.startsWith(AUTOSAVE_STORAGE_PREFIX)) keys.push(name.slice(AUTOSAVE_STORAGE_PREFIX.length));
    }
  } catch {
    return [];
  }
  return keys
    .map(readRecord)
    .filter((kept): kept is KeptChange => kept !== null)
    .sort((a, b) => a.at - b.at);
}

export function subscribeKeptChanges(listener: () => void): () => void {
  keptListeners.add(listener);
  return () => keptListeners.delete(listener);
}

export const keptChangesVersion = (): number => keptVersion;

/** Whether an editor on screen owns `key` now (it sends its own change). */
export function isEditorOpen(key: string): boolean {
  return entries.get(key)?.save != null;
}

function storedOf(change: KeptChange): Stored {
  return {
    patch: change.patch,
    at: change.at,
    ...(change.replay ? { replay: change.replay } : {}),
    ...(change.refused ? { refused: change.refused } : {}),
    ...(change.base ? { base: change.base } : {}),
    ...(change.conflicts ? { conflicts: change.conflicts } : {}),
  };
}

/** Rewrites a kept change, unless an editor changed it since it was read. */
function updateKeptChange(change: KeptChange, next: Partial<KeptChange> | null): void {
  const now = readRecord(change.key);
  if (!now || now.at !== change.at) return;
  writeRecord(change.key, next ? storedOf({ ...now, ...next }) : null);
}

/** A kept change that was sent without its screen, or thrown away, is no longer kept. */
export function forgetKeptChange(change: KeptChange): void {
  updateKeptChange(change, null);
}

/** The server refused a replayed change: it stays, with the reason, until the user acts. */
export function markKeptChangeRefused(change: KeptChange, reason: string): void {
  updateKeptChange(change, { refused: reason });
}

/** Only the conflicting fields stay kept, with both values, until the user chooses (decision 061). */
export function keepConflicts(change: KeptChange, conflicts: Record<string, FieldConflict>): void {
  updateKeptChange(change, {
    patch: Object.fromEntries(Object.keys(conflicts).map((f) => [f, change.patch[f]])),
    base: null,
    conflicts,
  });
}

/**
 * The user's choice for one conflicting field: 'mine' goes out with the next round as a change
 * without a conflict; 'theirs' drops this device's value.
 */
export function resolveConflict(change: KeptChange, field: string, choice: 'mine' | 'theirs'): void {
  const conflicts = Object.fromEntries(Object.entries(change.conflicts ?? {}).filter(([f]) => f !== field));
  const patch = Object.fromEntries(
    Object.entries(change.patch).filter(([f]) => choice === 'mine' || f !== field),
  );
  if (Object.keys(patch).length === 0) {
    updateKeptChange(change, null);
    return;
  }
  updateKeptChange(change, {
    patch,
    conflicts: Object.keys(conflicts).length ? conflicts : null,
    base: null,
  });
}

export class AutosaveEntry {
  status: SaveStatus = { kind: 'idle' };
  save: SaveFunction | null = null;
  replay: ReplayTarget | null = null;
  /** The editor's values as the server last gave them (for the conflict check of a replay). */
  baseValues: (() => Patch) | null = null;
  private base: Patch | null = null;
  delayMs = 1500;
  private waiting: Patch | null;
  private sending: Patch | null = null;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private attempt = 0;
  private isFlushAsked = false;
  private inFlight: Promise<void> = Promise.resolve();
  private readonly listeners = new Set<() => void>();
  private readonly savedListeners = new Set<SavedListener>();

  constructor(readonly key: string) {
    const kept = readRecord(key);
    this.base = kept?.base ?? null;
    this.waiting = kept?.patch ?? null;
    if (this.waiting) this.status = { kind: 'pending' };
  }

  /** What the server does not have yet: sent and unanswered, failed, or waiting for the delay. */
  get unsaved(): Patch | null {
    return this.sending || this.waiting ? { ...this.sending, ...this.waiting } : null;
  }

  get hasUnsaved(): boolean {
    return this.unsaved !== null;
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
      this.forgetWhenDone();
    };
  }

  onSaved(listener: SavedListener): () => void {
    this.savedListeners.add(listener);
    return () => this.savedListeners.delete(listener);
  }

  change(patch: Patch): void {
    // The first change of a field since the last save remembers what the server had.
    const fresh = Object.keys(patch).filter((f) => !(this.base && f in this.base));
    if (fresh.length && this.baseValues) {
      const known = this.baseValues();
      this.base = { ...this.base, ...Object.fromEntries(fresh.map((f) => [f, known[f] ?? null])) };
    }
    this.waiting = { ...this.waiting, ...patch };
    this.persist();
    clearTimeout(this.retryTimer);
    if (this.status.kind !== 'saving') this.setStatus({ kind: 'pending' });
    this.schedule(this.delayMs);
  }

  /**
   * Sends what waits now (leaving the screen, the tab or the retry button); settles when that save
   * (or the one under way) has its answer.
   */
  flush({ isPageGone = false, ...options }: FlushOptions = { keepalive: false }): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    if (!this.save || !(this.waiting || (isPageGone && this.sending))) return this.inFlight;
    if (this.sending) {
      // Closing the tab cannot wait for the answer in flight: send everything along with it.
      if (options.keepalive) void this.send({ ...this.sending, ...this.waiting }, options, false);
      else this.isFlushAsked = true;
      return this.inFlight;
    }
    if (!this.waiting) return this.inFlight;
    this.inFlight = this.send(this.waiting, options, true);
    return this.inFlight;
  }

  retry(): Promise<void> {
    clearTimeout(this.retryTimer);
    this.attempt = 0;
    return this.flush();
  }

  /** A restored or failed change goes out once the editor gave its save function. */
  resume(): void {
    if (this.waiting && !this.sending && !this.timer && !this.isRefused()) this.schedule(this.delayMs);
  }

  stop(): void {
    clearTimeout(this.timer);
    clearTimeout(this.retryTimer);
    this.save = null;
  }

  isRefused(): boolean {
    return this.status.kind === 'failed' && this.status.isRefused;
  }

  private schedule(delayMs: number): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.flush();
    }, delayMs);
  }

  private async send(patch: Patch, options: SaveOptions, isOwn: boolean): Promise<void> {
    const save = this.save;
    if (!save) return;
    if (isOwn) {
      this.sending = patch;
      this.waiting = null;
    }
    this.setStatus({ kind: 'saving' });
    try {
      const result = await save(patch, options);
      if (!isOwn) return;
      this.sending = null;
      this.attempt = 0;
      this.persist();
      for (const listener of this.savedListeners) listener(result, patch, this.waiting);
      this.setStatus(this.waiting ? { kind: 'pending' } : { kind: 'saved' });
      if (this.waiting && (this.isFlushAsked || !this.timer)) {
        this.isFlushAsked = false;
        void this.flush();
      }
      this.forgetWhenDone();
    } catch (error) {
      if (!isOwn) return;
      this.waiting = { ...this.sending, ...this.waiting };
      this.sending = null;
      this.isFlushAsked = false;
      this.persist();
      const isRefused = isRefusal(error);
      this.setStatus({ kind: 'failed', message: (error as Error).message, isRefused });
      if (!isRefused) {
        clearTimeout(this.timer);
        this.timer = undefined;
        const delay = Math.min(RETRY_FIRST_MS * 2 ** this.attempt, RETRY_MAX_MS);
        this.attempt += 1;
        clearTimeout(this.retryTimer);
        this.retryTimer = setTimeout(() => void this.flush(), delay);
      }
    }
  }

  private persist(): void {
    const unsaved = this.unsaved;
    if (!unsaved) this.base = null;
    writeStored(this.key, unsaved, this.replay, this.base);
  }

  private setStatus(status: SaveStatus): void {
    this.status = status;
    for (const listener of this.listeners) listener();
  }

  private forgetWhenDone(): void {
    if (this.listeners.size === 0 && !this.hasUnsaved) {
      this.stop();
      entries.delete(this.key);
    }
  }
}

const entries = new Map<string, AutosaveEntry>();

export function autosaveEntry(key: string): AutosaveEntry {
  let entry = entries.get(key);
  if (!entry) {
    entry = new AutosaveEntry(key);
    entries.set(key, entry);
    listenToThePage();
  }
  return entry;
}

export function hasUnsavedChanges(): boolean {
  return [...entries.values()].some((entry) => entry.hasUnsaved);
}

function flushAll(options: FlushOptions): void {
  for (const entry of entries.values()) void entry.flush(options);
}

let isListening = false;

function listenToThePage(): void {
  if (isListening) return;
  isListening = true;
  window.addEventListener('pagehide', () => flushAll({ keepalive: true, isPageGone: true }));
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') flushAll({ keepalive: true });
  });
  window.addEventListener('beforeunload', (event) => {
    if (!hasUnsavedChanges()) return;
    flushAll({ keepalive: true });
    event.preventDefault();
    event.returnValue = '';
  });
  window.addEventListener('online', () => {
    for (const entry of entries.values()) if (!entry.isRefused()) void entry.retry();
  });
}

/** Tests start from nothing: no entries, no timers. */
export function resetAutosaveEntries(): void {
  for (const entry of entries.values()) entry.stop();
  entries.clear();
}
