import { execFile } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type LocalS3, localS3Config, startLocalS3 } from '../../../test/s3-server';
import { copyFilesToS3 } from '../../copy-files-to-s3';
import { loadConfig } from '../config';
import { copyStorage } from './copy-storage';
import { createFileStorage } from './create-storage';
import { type FileStorage, LocalDiskStorage } from './storage';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../..');

let s3: LocalS3;
let dataDir: string;
let prefix: string;
let target: FileStorage;
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

/** A disk store as the server leaves it: files in nested folders, a half-written upload beside them. */
function diskStore(files: Record<string, Buffer>) {
  for (const [key, bytes] of Object.entries(files)) {
    const file = path.join(dataDir, 'files', key);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, bytes);
  }
}

async function readAll(stream: Readable | null): Promise<Buffer | null> {
  if (!stream) return null;
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

function config() {
  return loadConfig({ DATA_DIR: dataDir, ...localS3Config(s3, prefix), FILE_STORAGE: 'disk' });
}

beforeAll(async () => {
  s3 = await startLocalS3('im-copy');
});
afterAll(async () => {
  await s3?.close();
});
beforeEach(() => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'im-copy-'));
  prefix = `copy-${randomBytes(4).toString('hex')}`;
  target = createFileStorage({ ...config(), FILE_STORAGE: 's3' });
  return () => {
    target.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
});

describe('copying the disk store to S3', () => {
  const photo = randomBytes(3 * 1024 * 1024);
  const pdf = Buffer.from('%PDF-1.7 factuur 2026-0042');
  const files = {
    '1/pictures/2026/foto.jpg': photo,
    '1/invoices/factuur.pdf': pdf,
    '2/logo.png': Buffer.from('png'),
  };

  it('copies every file with its SHA-256 and skips them all on a second run', async () => {
    diskStore(files);
    writeFileSync(path.join(dataDir, 'files', '2/upload.png.part'), 'half');
    const lines: string[] = [];
    expect(await copyFilesToS3(config(), (l) => lines.push(l))).toBe(true);
    expect(lines.at(-1)).toBe('3 copied, 0 already there, 0 failed');
    for (const [key, bytes] of Object.entries(files)) {
      expect(sha((await readAll(await target.get(key)))!)).toBe(sha(bytes));
      expect(await target.stat(key)).toEqual({ size: bytes.length, sha256: sha(bytes) });
    }
    expect(await target.exists('2/upload.png.part')).toBe(false);

    lines.length = 0;
    expect(await copyFilesToS3(config(), (l) => lines.push(l))).toBe(true);
    expect(lines.at(-1)).toBe('0 copied, 3 already there, 0 failed');
  });

  it('resumes: copies only what is missing or differs, and replaces a wrong copy', async () => {
    diskStore(files);
    const source = new LocalDiskStorage(path.join(dataDir, 'files'));
    // An earlier run that stopped after one file, and an object under a key with other bytes.
    await target.put('1/invoices/factuur.pdf', Readable.from([pdf]), { sha256: sha(pdf) });
    await target.put('2/logo.png', Readable.from([Buffer.from('oud logo')]));
    const result = await copyStorage(source, target);
    expect(result).toEqual({ copied: 2, skipped: 1, failed: [] });
    expect(await readAll(await target.get('2/logo.png'))).toEqual(Buffer.from('png'));
  });

  it('reports a copy whose bytes read back differ, removes it and fails the run', async () => {
    diskStore({ 'a.txt': Buffer.from('goed'), 'b.txt': Buffer.from('ook goed') });
    const source = new LocalDiskStorage(path.join(dataDir, 'files'));
    // A store that damages what it keeps under one key (a broken proxy or disk on the way).
    const damaging: FileStorage = Object.assign(Object.create(target) as FileStorage, {
      put: (key: string, content: Readable, options?: { sha256?: string }) =>
        key === 'b.txt'
          ? target.put(key, Readable.from([Buffer.from('kapot')]), options)
          : target.put(key, content, options),
    });
    const result = await copyStorage(source, damaging);
    expect(result.copied).toBe(1);
    expect(result.failed).toEqual([
      { key: 'b.txt', reason: 'the SHA-256 read back differs from the original' },
    ]);
    expect(await target.exists('b.txt')).toBe(false);
    expect(await readAll(await target.get('a.txt'))).toEqual(Buffer.from('goed'));
  });

  it('refuses to run without a bucket', async () => {
    const lines: string[] = [];
    const ok = await copyFilesToS3(loadConfig({ DATA_DIR: dataDir }), (l) => lines.push(l));
    expect(ok).toBe(false);
    expect(lines[0]).toContain('S3_BUCKET is not set');
  });

  it('runs as npm run files:copy-to-s3 -w @im/server with the S3 variables', async () => {
    diskStore(files);
    const { stdout } = await promisify(execFile)(
      'npm',
      ['run', '--silent', 'files:copy-to-s3', '-w', '@im/server'],
      {
        cwd: ROOT,
        env: { ...process.env, ...localS3Config(s3, prefix), DATA_DIR: dataDir, FILE_STORAGE: 'disk' },
      },
    );
    expect(stdout).toContain('3 copied, 0 already there, 0 failed');
    expect(sha((await readAll(await target.get('1/pictures/2026/foto.jpg')))!)).toBe(sha(photo));
  });
});
