import { type DBSchema, type IDBPDatabase, openDB } from 'idb';
import { readKeptSession } from './session-copy';

/**
 * Copies of GET answers kept on the device for work taken along offline (decision 060). A copy is
 * written while the app visits a screen in the take-along frame, and refreshed whenever the same
 * address is read again online; when a read fails for the network, the copy answers. Each copy belongs
 * to the user who kept it: another user's copies are never read, and a logout removes the user's.
 */
export const TAKE_ALONG_FRAME = 'im-take-along';
/** What the copies may take on the device. */
export const OFFLINE_BUDGET_BYTES = 50 * 1024 * 1024;

interface Copy {
  key: string;
  owner: string;
  url: string;
  body: unknown;
  bytes: number;
  storedAt: number;
}

interface OfflineDb extends DBSchema {
  copies: { key: string; value: Copy; indexes: { owner: string } };
}

let database: Promise<IDBPDatabase<OfflineDb>> | null = null;
let frameBytes: number | null = null;
/**
 * Whether this user has any copy, read once per page: outside the take-along frame a read looks its copy
 * up only then, so a user who never took work along pays nothing on each read.
 */
let hasCopies: Promise<boolean> | null = null;

function db(): Promise<IDBPDatabase<OfflineDb>> {
  database ??= openDB<OfflineDb>('im-offline', 1, {
    upgrade(upgrade) {
      upgrade.createObjectStore('copies', { keyPath: 'key' }).createIndex('owner', 'owner');
    },
  });
  return database;
}

function currentOwner(): string | null {
  const session = readKeptSession();
  return session ? `${session.currentcompany_id}:${session.currentuser_id}` : null;
}

const available = () => typeof indexedDB !== 'undefined';

/** In the take-along frame every answer is kept; elsewhere only those already kept are refreshed. */
export function isTakeAlongFrame(): boolean {
  return typeof window !== 'undefined' && window.name === TAKE_ALONG_FRAME;
}

export class OfflineBudgetError extends Error {
  override readonly name = 'OfflineBudgetError';
}

/** Keeps (or refreshes) the answer of `url`; refuses past the budget in the take-along frame. */
export async function keepCopy(url: string, body: unknown): Promise<void> {
  const owner = currentOwner();
  if (!owner || !available() || body === undefined) return;
  const isTaking = isTakeAlongFrame();
  if (!isTaking && !(await userHasCopies(owner))) return;
  const store = await db();
  const key = `${owner} ${url}`;
  const earlier = await store.get('copies', key);
  if (!earlier && !isTaking) return;
  // An image (a photo's thumbnail) is kept as its bytes (every browser stores those in IndexedDB); an
  // answer as its JSON.
  const image = isBlob(body) ? { type: body.type, bytes: await body.arrayBuffer() } : null;
  const text = image ? '' : JSON.stringify(body);
  const bytes = image ? image.bytes.byteLength : text.length * 2;
  if (isTaking) {
    // The frame lives for one screen: the total is read once, then followed.
    frameBytes ??= (await summary(store, owner)).bytes;
    const used = frameBytes - (earlier?.bytes ?? 0);
    if (used + bytes > OFFLINE_BUDGET_BYTES) throw new OfflineBudgetError(url);
    frameBytes = used + bytes;
  }
  const kept = image ? { [KEPT_IMAGE]: image } : JSON.parse(text);
  await store.put('copies', { key, owner, url, body: kept, bytes, storedAt: Date.now() });
}

/** The kept answer of `url` for the current user (an image as a Blob again), or undefined. */
export async function readCopy(url: string): Promise<unknown> {
  const owner = currentOwner();
  if (!owner || !available()) return undefined;
  const body = (await (await db()).get('copies', `${owner} ${url}`))?.body;
  const image = body && typeof body === 'object' ? (body as KeptImage)[KEPT_IMAGE] : undefined;
  return image ? new Blob([image.bytes], { type: image.type }) : body;
}

const KEPT_IMAGE = '__keptImage';
/** A Blob of any realm (a Response's blob may come from another one than the page's Blob). */
const isBlob = (value: unknown): value is Blob =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as Blob).arrayBuffer === 'function' &&
  typeof (value as Blob).type === 'string';
type KeptImage = { [KEPT_IMAGE]?: { type: string; bytes: ArrayBuffer } };

export interface OfflineSummary {
  count: number;
  bytes: number;
  storedAt: number | null;
}

async function summary(store: IDBPDatabase<OfflineDb>, owner: string): Promise<OfflineSummary> {
  const copies = await store.getAllFromIndex('copies', 'owner', owner);
  return {
    count: copies.length,
    bytes: copies.reduce((sum, c) => sum + c.bytes, 0),
    storedAt: copies.length ? Math.max(...copies.map((c) => c.storedAt)) : null,
  };
}

function userHasCopies(owner: string): Promise<boolean> {
  hasCopies ??= db()
    .then((store) => store.countFromIndex('copies', 'owner', owner))
    .then((count) => count > 0);
  return hasCopies;
}

export async function offlineSummary(): Promise<OfflineSummary> {
  const owner = currentOwner();
  if (!owner || !available()) return { count: 0, bytes: 0, storedAt: null };
  const found = await summary(await db(), owner);
  // The take-along frame is another page: what it kept is known here from this count on.
  hasCopies = Promise.resolve(found.count > 0);
  return found;
}

/** Removes the current user's copies (the user's choice, or a logout). */
export async function dropOfflineCopies(): Promise<void> {
  const owner = currentOwner();
  if (!owner || !available()) return;
  const store = await db();
  const tx = store.transaction('copies', 'readwrite');
  for (const key of await tx.store.index('owner').getAllKeys(owner)) await tx.store.delete(key);
  await tx.done;
  hasCopies = null;
}
