import {
  MEDIA_TEXTS,
  type MediaFile,
  type MediaFilePage,
  type MediaFileQuery,
  type RenameFile,
  renamedFilename,
} from '@im/domain';
import { and, desc, eq, inArray, like, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../platform/db/database';
import { isoFast } from '../../platform/db/iso';
import { containsPattern } from '../../platform/db/paginate';
import { mediaFile } from '../../platform/db/tables/library.schema';
import { currentCompanyIdSql } from '../../platform/db/tenancy-sql';
import { notFound } from '../../platform/errors';

export type MediaFileRecord = typeof mediaFile.$inferSelect;

/** The address of an image without login: the secret token is the credential (decision 064). */
export const PUBLIC_MEDIA_PATH = '/api/mediafile/public/';
export const publicMediaUrl = (token: string) => `${PUBLIC_MEDIA_PATH}${token}`;

const isImage = (row: MediaFileRecord) => row.mimeType.startsWith('image/');

export function toMediaFile(row: MediaFileRecord): MediaFile {
  return {
    id: row.id,
    filename: row.filename,
    mime_type: row.mimeType,
    size: row.size,
    width: row.width,
    height: row.height,
    is_image: isImage(row),
    public_url: isImage(row) ? publicMediaUrl(row.publicToken) : null,
    created_at: isoFast(row.createdAt),
  };
}

/** A page of the company's media files, newest first, searched on the file name. */
export async function queryMediaFiles(tx: Tx, q: MediaFileQuery): Promise<MediaFilePage> {
  const text = q.query?.trim().toLowerCase();
  const where = and(
    eq(mediaFile.companyId, currentCompanyIdSql),
    text ? sql`lower(${mediaFile.filename}) like ${containsPattern(text)}` : undefined,
    q.images === '1' ? like(mediaFile.mimeType, 'image/%') : undefined,
  );
  const rows = await tx
    .select()
    .from(mediaFile)
    .where(where)
    .orderBy(desc(mediaFile.createdAt), desc(mediaFile.id))
    .limit(q.limit)
    .offset(q.offset);
  const [count] = await tx.select({ n: sql<number>`count(*)::int` }).from(mediaFile).where(where);
  return {
    data: rows.map(toMediaFile),
    pagination: { total: count!.n, offset: q.offset, limit: q.limit },
  };
}

/** The company's media file (RLS hides another company's: 404). */
export async function findMediaFile(tx: Tx, id: number, lock = false): Promise<MediaFileRecord> {
  const query = tx.select().from(mediaFile).where(eq(mediaFile.id, id));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound(MEDIA_TEXTS.notFound);
  return row;
}

export async function insertMediaFile(
  tx: Tx,
  values: Omit<typeof mediaFile.$inferInsert, 'id' | 'companyId' | 'createdAt'>,
): Promise<MediaFile> {
  const [row] = await tx.insert(mediaFile).values(values).returning();
  return toMediaFile(row!);
}

/** PATCH mediafile: a new name (the old extension is kept); the bytes stay. */
export async function renameMediaFile(tx: Tx, id: number, input: RenameFile): Promise<MediaFile> {
  const before = await findMediaFile(tx, id, true);
  const filename = renamedFilename(input.filename, before.filename);
  const [row] = await tx.update(mediaFile).set({ filename }).where(eq(mediaFile.id, id)).returning();
  return toMediaFile(row!);
}

/** Removes the row; answers the storage keys to remove after the commit. */
export async function deleteMediaFile(tx: Tx, id: number): Promise<string[]> {
  const row = await findMediaFile(tx, id, true);
  await tx.delete(mediaFile).where(eq(mediaFile.id, id));
  return [row.storageKey, ...(row.thumbnailKey ? [row.thumbnailKey] : [])];
}

/** An image by its public token, read across companies (the token is the credential), or null. */
export async function mediaFileByToken(db: Database, token: string): Promise<MediaFileRecord | null> {
  if (!/^[A-Za-z0-9_-]{20,64}$/.test(token)) return null;
  return db.platform(async (tx) => {
    const [row] = await tx.select().from(mediaFile).where(eq(mediaFile.publicToken, token));
    return row && isImage(row) ? row : null;
  });
}

/** The company's images whose public tokens a text names (a mail body), for embedding them. */
export async function mediaImagesByTokens(
  tx: Tx,
  companyId: number,
  tokens: string[],
): Promise<MediaFileRecord[]> {
  if (tokens.length === 0) return [];
  const rows = await tx
    .select()
    .from(mediaFile)
    .where(and(eq(mediaFile.companyId, companyId), inArray(mediaFile.publicToken, tokens)));
  return rows.filter(isImage);
}
