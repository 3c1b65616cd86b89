import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { FileStorage } from './storage';

export interface CopyResult {
  copied: number;
  /** Already in the target with the same SHA-256 (a run that was interrupted goes on where it stopped). */
  skipped: number;
  failed: { key: string; reason: string }[];
}

async function sha256Of(stream: Readable): Promise<{ sha256: string; size: number }> {
  const hash = createHash('sha256');
  let size = 0;
  for await (const chunk of stream) {
    hash.update(chunk as Buffer);
    size += (chunk as Buffer).length;
  }
  return { sha256: hash.digest('hex'), size };
}

/**
 * Copies every file of `source` to `target` (files:copy-to-s3, decision 052). Each upload carries its
 * SHA-256 as metadata and is read back and hashed; a file the target already holds with the same hash
 * and size is skipped, so the command can be run again after an interruption. Streams: no file is held
 * in memory whole.
 */
export async function copyStorage(
  source: FileStorage,
  target: FileStorage,
  progress: (line: string) => void = () => {},
): Promise<CopyResult> {
  const result: CopyResult = { copied: 0, skipped: 0, failed: [] };
  for await (const key of source.list()) {
    try {
      const original = await source.get(key);
      if (!original) continue; // removed while we walked
      const { sha256, size } = await sha256Of(original);
      const there = await target.stat(key);
      if (there && there.sha256 === sha256 && there.size === size) {
        result.skipped++;
        continue;
      }
      const again = await source.get(key);
      if (!again) continue;
      await target.put(key, again, { sha256 });
      const stored = await target.get(key);
      const check = stored ? await sha256Of(stored) : null;
      if (check?.sha256 !== sha256 || check.size !== size) {
        // A bad copy must not be taken for a good one by the next run.
        await target.delete(key);
        result.failed.push({ key, reason: 'the SHA-256 read back differs from the original' });
        continue;
      }
      result.copied++;
      if (result.copied % 100 === 0) progress(`${result.copied} copied, ${result.skipped} already there`);
    } catch (err) {
      result.failed.push({ key, reason: (err as Error).message });
    }
  }
  return result;
}
