import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** What a download answers with, for a store that hands out its own short-lived links (S3 presign). */
export interface DownloadResponse {
  filename: string;
  mimeType: string;
  disposition: string;
}

/** A stored object as the store knows it: its size and, when it was given at put, its SHA-256 (hex). */
export interface StoredObject {
  size: number;
  sha256: string | null;
}

/**
 * Where file bytes live: the local disk (default) or an S3-compatible store (s3-storage.ts, decision 052).
 * Every file kind reads and writes through this; nothing touches the files directory itself.
 */
export interface FileStorage {
  /** Stores the stream under `key` (replacing what was there) and answers its size in bytes. */
  put(key: string, content: Readable, options?: { sha256?: string }): Promise<number>;
  /** The bytes as a stream (never read whole), or null when nothing is stored under `key`. */
  get(key: string): Promise<Readable | null>;
  /** Removes `key`; a missing key is no error. */
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
  stat(key: string): Promise<StoredObject | null>;
  /** Every stored key (the copy command and tests walk the store with it). */
  list(): AsyncIterable<string>;
  /**
   * A short-lived link that downloads `key` with these headers, when this store hands such links out
   * and the file is large enough to be worth it (`sizeHint` saves a look-up); otherwise null.
   */
  downloadUrl(key: string, response: DownloadResponse, sizeHint?: number): Promise<string | null>;
  /** Lets go of connections (the server's close). */
  close(): void;
}

const SAFE_KEY = /^[A-Za-z0-9][A-Za-z0-9/_.-]{0,299}$/;

/** Throws on a key that could leave the store's root (both stores refuse the same keys). */
export function checkStorageKey(key: string): string {
  if (!SAFE_KEY.test(key) || key.includes('..')) throw new Error(`Invalid storage key ${key}`);
  return key;
}

const PART = '.part';

export class LocalDiskStorage implements FileStorage {
  constructor(private readonly root: string) {}

  private pathOf(key: string): string {
    return path.join(this.root, checkStorageKey(key));
  }

  async put(key: string, content: Readable): Promise<number> {
    const target = this.pathOf(key);
    await mkdir(path.dirname(target), { recursive: true });
    const tmp = `${target}${PART}`;
    try {
      await pipeline(content, createWriteStream(tmp, { mode: 0o600 }));
      await rename(tmp, target);
    } catch (err) {
      await rm(tmp, { force: true });
      throw err;
    }
    return (await stat(target)).size;
  }

  async get(key: string): Promise<Readable | null> {
    const file = this.pathOf(key);
    if (!(await this.exists(key))) return null;
    return createReadStream(file);
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  async exists(key: string): Promise<boolean> {
    return (await this.stat(key)) !== null;
  }

  async stat(key: string): Promise<StoredObject | null> {
    try {
      const s = await stat(this.pathOf(key));
      return s.isFile() ? { size: s.size, sha256: null } : null;
    } catch {
      return null;
    }
  }

  async *list(): AsyncIterable<string> {
    let entries: { name: string; parentPath: string; isFile(): boolean }[];
    try {
      entries = await readdir(this.root, { recursive: true, withFileTypes: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw err;
    }
    for (const e of entries) {
      if (!e.isFile() || e.name.endsWith(PART)) continue;
      const key = path.relative(this.root, path.join(e.parentPath, e.name)).split(path.sep).join('/');
      if (SAFE_KEY.test(key) && !key.includes('..')) yield key;
    }
  }

  async downloadUrl(): Promise<string | null> {
    return null;
  }

  close(): void {}
}

/**
 * A stream of `key` that asks the store only when it is first read: many files handed over at once (a mail's
 * attachments, read one after the other) then hold one connection to the store at a time, not one each.
 */
export function readWhenNeeded(storage: FileStorage, key: string): Readable {
  let source: Readable | undefined;
  let opening = false;
  return new Readable({
    read() {
      if (source) {
        source.resume();
        return;
      }
      if (opening) return;
      opening = true;
      storage.get(key).then(
        (s) => {
          if (!s) return this.destroy(new Error(`Missing from storage: ${key}`));
          if (this.destroyed) return void s.destroy();
          source = s;
          s.on('data', (chunk: Buffer) => {
            if (!this.push(chunk)) s.pause();
          });
          s.on('end', () => this.push(null));
          s.on('error', (err) => this.destroy(err));
        },
        (err: Error) => this.destroy(err),
      );
    },
    destroy(err, done) {
      source?.destroy();
      done(err);
    },
  });
}
