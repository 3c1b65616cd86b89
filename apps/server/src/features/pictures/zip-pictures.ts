import type { Readable } from 'node:stream';
import archiver from 'archiver';
import type { FileStorage } from '../../platform/files/storage';

export interface ZipSource {
  id: number;
  filename: string;
  storageKey: string;
  createdAt: Date;
}

/** `<id>-<filename>`: unique within the zip, and what the user recognises. */
export function zipEntryName(file: { id: number; filename: string }): string {
  const name = file.filename.replace(/[\\/]/g, '_').replace(/^\.+/, '') || 'foto';
  return `${file.id}-${name}`;
}

/**
 * A ZIP of stored files, streamed: entries are stored (photos do not compress) and opened one at a
 * time, the next only after the previous entry has been written, so memory stays flat however many
 * or large the files are, and the response's backpressure reaches the disk reads. A file missing from
 * storage is left out. Destroying the stream (the client went away) closes the file being read.
 */
export function zipFiles(
  storage: FileStorage,
  files: readonly ZipSource[],
  log?: { warn: (obj: object, msg: string) => void },
): Readable {
  const archive = archiver('zip', { store: true });
  let index = 0;
  let current: Readable | null = null;
  let stopped = false;
  const stop = () => {
    stopped = true;
    current?.destroy();
    current = null;
  };
  const fail = (err: unknown) => {
    stop();
    archive.destroy(err instanceof Error ? err : new Error(String(err)));
  };
  const next = async (): Promise<void> => {
    while (!stopped && index < files.length) {
      const file = files[index++]!;
      const stream = await storage.get(file.storageKey);
      if (stopped) {
        stream?.destroy();
        return;
      }
      if (!stream) {
        log?.warn({ key: file.storageKey }, 'picture file missing from storage; left out of the zip');
        continue;
      }
      current = stream;
      archive.append(stream, { name: zipEntryName(file), date: file.createdAt });
      return;
    }
    if (!stopped) await archive.finalize();
  };
  archive.on('entry', () => {
    current = null;
    next().catch(fail);
  });
  archive.on('warning', (err) => log?.warn({ err: err.message }, 'zip warning'));
  archive.on('error', stop);
  archive.on('close', stop);
  next().catch(fail);
  return archive;
}
