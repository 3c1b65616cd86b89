import { createHash, randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalS3, S3RVER_CREDENTIALS, startLocalS3 } from '../../../test/s3-server';
import { S3Storage, type S3StorageOptions } from './s3-storage';
import { readWhenNeeded } from './storage';

let s3: LocalS3;
const opened: S3Storage[] = [];

function storage(options: Partial<S3StorageOptions> = {}): S3Storage {
  const s = new S3Storage({
    bucket: s3.bucket,
    endpoint: s3.endpoint,
    region: 'us-east-1',
    accessKeyId: S3RVER_CREDENTIALS.S3_ACCESS_KEY_ID,
    secretAccessKey: S3RVER_CREDENTIALS.S3_SECRET_ACCESS_KEY,
    forcePathStyle: true,
    prefix: `unit-${randomBytes(4).toString('hex')}`,
    presignSeconds: 0,
    presignMinBytes: 0,
    ...options,
  });
  opened.push(s);
  return s;
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

async function keysOf(s: S3Storage): Promise<string[]> {
  const keys: string[] = [];
  for await (const k of s.list()) keys.push(k);
  return keys.sort();
}

/** `count` chunks of 1 MiB made one at a time, as an upload arrives: never the whole content at once. */
function slowSource(count: number, seed: number): { stream: Readable; sha256: () => string } {
  const hash = createHash('sha256');
  let made = 0;
  const stream = new Readable({
    read() {
      if (made === count) return this.push(null);
      const chunk = Buffer.alloc(1024 * 1024, (seed + made++) % 256);
      hash.update(chunk);
      this.push(chunk);
    },
  });
  return { stream, sha256: () => hash.digest('hex') };
}

beforeAll(async () => {
  s3 = await startLocalS3('im-unit');
});
afterAll(async () => {
  for (const s of opened) s.close();
  await s3?.close();
});

describe('S3Storage', () => {
  it('puts, gets, stats, lists and deletes a file', async () => {
    const s = storage();
    const bytes = Buffer.from('offerte 2026-001\n');
    expect(await s.put('2026/12/a.txt', Readable.from([bytes]))).toBe(bytes.length);
    expect(await s.exists('2026/12/a.txt')).toBe(true);
    expect(await s.stat('2026/12/a.txt')).toEqual({ size: bytes.length, sha256: null });
    expect(await readAll((await s.get('2026/12/a.txt'))!)).toEqual(bytes);
    expect(await keysOf(s)).toEqual(['2026/12/a.txt']);

    await s.delete('2026/12/a.txt');
    expect(await s.exists('2026/12/a.txt')).toBe(false);
    expect(await s.get('2026/12/a.txt')).toBeNull();
    expect(await keysOf(s)).toEqual([]);
  });

  it('answers null and false for a key that was never stored, and deleting it is no error', async () => {
    const s = storage();
    expect(await s.get('nooit/opgeslagen.pdf')).toBeNull();
    expect(await s.stat('nooit/opgeslagen.pdf')).toBeNull();
    expect(await s.exists('nooit/opgeslagen.pdf')).toBe(false);
    await expect(s.delete('nooit/opgeslagen.pdf')).resolves.toBeUndefined();
  });

  it('replaces what was stored under the same key', async () => {
    const s = storage();
    await s.put('k.bin', Readable.from([Buffer.from('eerst')]));
    await s.put('k.bin', Readable.from([Buffer.from('daarna')]));
    expect((await readAll((await s.get('k.bin'))!)).toString()).toBe('daarna');
  });

  it('streams a 12 MiB upload in parts and reads it back byte for byte', async () => {
    const s = storage();
    const source = slowSource(12, 7);
    expect(await s.put('groot/video.mp4', source.stream)).toBe(12 * 1024 * 1024);
    const expected = source.sha256();
    const back = await s.get('groot/video.mp4');
    expect(back).toBeInstanceOf(Readable);
    const hash = createHash('sha256');
    let size = 0;
    let largestChunk = 0;
    for await (const c of back!) {
      hash.update(c as Buffer);
      size += (c as Buffer).length;
      largestChunk = Math.max(largestChunk, (c as Buffer).length);
    }
    expect(size).toBe(12 * 1024 * 1024);
    expect(hash.digest('hex')).toBe(expected);
    // The download arrives in pieces, not as one buffer of the whole file.
    expect(largestChunk).toBeLessThan(2 * 1024 * 1024);
  });

  it('fails the put when the source stream fails, and leaves nothing under the key', async () => {
    const s = storage();
    let sent = 0;
    const broken = new Readable({
      read() {
        if (sent++ < 2) this.push(Buffer.alloc(64 * 1024, 1));
        else this.destroy(new Error('verbinding verbroken'));
      },
    });
    await expect(s.put('half.bin', broken)).rejects.toThrow();
    expect(await s.exists('half.bin')).toBe(false);
  });

  it('keeps the SHA-256 it was given and answers it in stat', async () => {
    const s = storage();
    const bytes = randomBytes(1000);
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    await s.put('met-hash.bin', Readable.from([bytes]), { sha256 });
    expect(await s.stat('met-hash.bin')).toEqual({ size: 1000, sha256 });
  });

  it('keeps installations with another prefix apart in one bucket', async () => {
    const a = storage({ prefix: 'bedrijf-a' });
    const b = storage({ prefix: '/bedrijf-b/' });
    await a.put('x.txt', Readable.from([Buffer.from('a')]));
    await b.put('y.txt', Readable.from([Buffer.from('b')]));
    expect(await keysOf(a)).toEqual(['x.txt']);
    expect(await keysOf(b)).toEqual(['y.txt']);
    expect(await a.get('y.txt')).toBeNull();
  });

  it('lists more keys than one listing page holds', async () => {
    const s = storage({ listPageSize: 7 });
    const keys = Array.from({ length: 23 }, (_, i) => `veel/${String(i).padStart(2, '0')}.txt`);
    await Promise.all(keys.map((k) => s.put(k, Readable.from([Buffer.from(k)]))));
    expect(await keysOf(s)).toEqual(keys);
  });

  it('refuses a key that could leave its prefix', async () => {
    const s = storage();
    await expect(s.put('../buiten.txt', Readable.from([Buffer.from('x')]))).rejects.toThrow(
      'Invalid storage key',
    );
    await expect(s.get('a/../../b')).rejects.toThrow('Invalid storage key');
  });

  it('ends a download nobody reads, so the store does not stall for the next ones', async () => {
    const s = storage({ connections: 2, idleMs: 300 });
    await s.put('a.bin', Readable.from([randomBytes(4_000_000)]));
    const abandoned = [await s.get('a.bin'), await s.get('a.bin')];
    const started = Date.now();
    expect((await readAll((await s.get('a.bin'))!)).length).toBe(4_000_000);
    expect(Date.now() - started).toBeGreaterThanOrEqual(250);
    for (const stream of abandoned) stream!.destroy();
  });

  it('opens a file handed over with readWhenNeeded only when it is read', async () => {
    // One connection, never ended for idleness: opening them all at once would wait for good.
    const s = storage({ connections: 1, idleMs: 600_000 });
    const files = ['1.bin', '2.bin', '3.bin'];
    for (const f of files) await s.put(f, Readable.from([Buffer.alloc(100_000, f)]));
    const streams = files.map((f) => readWhenNeeded(s, f));
    for (const [i, stream] of streams.entries())
      expect((await readAll(stream)).equals(Buffer.alloc(100_000, files[i]!))).toBe(true);
    const missing = readWhenNeeded(s, 'weg.bin');
    await expect(readAll(missing)).rejects.toThrow('Missing from storage: weg.bin');
  });

  describe('presigned downloads', () => {
    const response = {
      filename: 'Offerte één.pdf',
      mimeType: 'application/pdf',
      disposition: `attachment; filename="Offerte __n.pdf"; filename*=UTF-8''${encodeURIComponent('Offerte één.pdf')}`,
    };

    it('hands out no link when presigning is off', async () => {
      const s = storage({ presignSeconds: 0 });
      await s.put('p.pdf', Readable.from([Buffer.from('%PDF-1.7')]));
      expect(await s.downloadUrl('p.pdf', response, 8)).toBeNull();
    });

    it('hands out no link for a small file or a missing one', async () => {
      const s = storage({ presignSeconds: 60, presignMinBytes: 100 });
      await s.put('klein.pdf', Readable.from([Buffer.from('%PDF-1.7')]));
      expect(await s.downloadUrl('klein.pdf', response)).toBeNull();
      expect(await s.downloadUrl('klein.pdf', response, 8)).toBeNull();
      expect(await s.downloadUrl('weg.pdf', response, 1000)).toBeNull();
    });

    it('hands out a short-lived link that downloads the file with its type and name', async () => {
      const s = storage({ presignSeconds: 60, presignMinBytes: 100 });
      const bytes = randomBytes(5000);
      await s.put('groot.pdf', Readable.from([bytes]));
      const url = await s.downloadUrl('groot.pdf', response, 5000);
      expect(url).toMatch(new RegExp(`^${s3.endpoint}/`));
      expect(url).toContain('X-Amz-Expires=60');
      expect(url).toContain('X-Amz-Signature=');
      const res = await fetch(url!);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/pdf');
      expect(res.headers.get('content-disposition')).toBe(response.disposition);
      expect(Buffer.from(await res.arrayBuffer())).toEqual(bytes);
    });
  });
});
