import { describe, expect, it } from 'vitest';
import { AppError } from '../../platform/errors';
import { PICTURE_TEXTS, processPicture, storedFilename, WorkQueue } from './process-picture';
import { zipEntryName } from './zip-pictures';

describe('WorkQueue', () => {
  it('runs at most `active` jobs at once, queues `waiting` more and refuses the rest with 503', async () => {
    const queue = new WorkQueue(1, 2);
    let running = 0;
    let most = 0;
    const releases: (() => void)[] = [];
    const job = () =>
      queue.run(async () => {
        running++;
        most = Math.max(most, running);
        await new Promise<void>((resolve) => releases.push(resolve));
        running--;
        return 'klaar';
      });
    const jobs = [job(), job(), job()];
    const refused = await job().catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).status).toBe(503);
    expect((refused as AppError).message).toBe(PICTURE_TEXTS.busy);
    for (let released = 0; released < 3; ) {
      await new Promise((r) => setTimeout(r, 1));
      expect(releases.length).toBeLessThanOrEqual(1);
      const release = releases.shift();
      if (release) {
        release();
        released++;
      }
    }
    expect(await Promise.all(jobs)).toEqual(['klaar', 'klaar', 'klaar']);
    expect(most).toBe(1);
    expect(queue.size).toEqual({ running: 0, waiting: 0 });
  });

  it('frees its place when a job fails', async () => {
    const queue = new WorkQueue(1, 0);
    await expect(queue.run(() => Promise.reject(new Error('kapot')))).rejects.toThrow('kapot');
    expect(await queue.run(async () => 1)).toBe(1);
  });
});

describe('processPicture', () => {
  it('answers 422 with a Dutch text for bytes that do not decode', async () => {
    const err = await processPicture(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3])).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).status).toBe(422);
    expect((err as AppError).message).toBe(PICTURE_TEXTS.corrupt);
  });
});

describe('names', () => {
  it('gives the stored file an extension that fits its format', () => {
    expect(storedFilename('IMG_1.JPG', 'jpg')).toBe('IMG_1.JPG');
    expect(storedFilename('foto.jpeg', 'jpg')).toBe('foto.jpeg');
    expect(storedFilename('IMG_2.HEIC', 'jpg')).toBe('IMG_2.jpg');
    expect(storedFilename('scan.tiff', 'jpg')).toBe('scan.jpg');
    expect(storedFilename('schets.png', 'png')).toBe('schets.png');
    expect(storedFilename('zonder-extensie', 'webp')).toBe('zonder-extensie.webp');
    expect(storedFilename('.jpg', 'png')).toBe('.jpg.png');
  });

  it('names zip entries <id>-<filename>, without path separators', () => {
    expect(zipEntryName({ id: 7, filename: 'dak.jpg' })).toBe('7-dak.jpg');
    expect(zipEntryName({ id: 8, filename: '../../etc/passwd' })).toBe('8-_.._etc_passwd');
    expect(zipEntryName({ id: 9, filename: '' })).toBe('9-foto');
  });
});
