import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { type FileInfo, MAIL_TEXTS } from '@im/domain';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../platform/db/database';
import { storedFile } from '../../platform/db/tables/files.schema';
import { notFound } from '../../platform/errors';
import type { FileStorage } from '../../platform/files/storage';
import { toIso } from '../../platform/http/dates';

export const ATTACHED_FILE = 'attachedfile';

export function fileInfo(f: typeof storedFile.$inferSelect): FileInfo {
  return {
    id: f.id,
    filename: f.filename,
    mime_type: f.mimeType,
    size: f.size,
    created_at: toIso(f.createdAt),
    url: `/api/${ATTACHED_FILE}/${f.id}`,
  };
}

export async function attachedFiles(tx: Tx, templateIds: number[]) {
  if (templateIds.length === 0) return new Map<number, FileInfo[]>();
  const rows = await tx
    .select()
    .from(storedFile)
    .where(
      and(
        eq(storedFile.purpose, ATTACHED_FILE),
        eq(storedFile.ownerType, 'mailtemplate'),
        inArray(storedFile.ownerId, templateIds),
      ),
    )
    .orderBy(asc(storedFile.id));
  const byTemplate = new Map<number, FileInfo[]>();
  for (const f of rows) byTemplate.set(f.ownerId!, [...(byTemplate.get(f.ownerId!) ?? []), fileInfo(f)]);
  return byTemplate;
}

/** Copies the attached files of one mail template to another (new bytes, so deleting one keeps the other's). */
export async function copyAttachedFiles(
  tx: Tx,
  storage: FileStorage,
  fromId: number,
  toId: number,
): Promise<void> {
  const files = await tx
    .select()
    .from(storedFile)
    .where(
      and(
        eq(storedFile.purpose, ATTACHED_FILE),
        eq(storedFile.ownerType, 'mailtemplate'),
        eq(storedFile.ownerId, fromId),
      ),
    );
  for (const f of files) {
    const bytes = await storage.get(f.storageKey);
    if (!bytes) continue;
    const storageKey = f.storageKey.replace(/[^/]+$/, `${randomUUID()}${path.extname(f.storageKey)}`);
    await storage.put(storageKey, bytes);
    await tx.insert(storedFile).values({
      storageKey,
      filename: f.filename,
      mimeType: f.mimeType,
      size: f.size,
      purpose: ATTACHED_FILE,
      ownerType: 'mailtemplate',
      ownerId: toId,
    });
  }
}

export async function findAttachedFile(tx: Tx, id: number) {
  const [row] = await tx
    .select()
    .from(storedFile)
    .where(and(eq(storedFile.id, id), eq(storedFile.purpose, ATTACHED_FILE)));
  if (!row) throw notFound(MAIL_TEXTS.attachmentNotFound);
  return row;
}
