import { and, asc, isNotNull, lte, sql } from 'drizzle-orm';
import { z } from 'zod';
import { relation } from '../../platform/db/tables/relations.schema';
import type { FileStorage } from '../../platform/files/storage';
import type { Jobs } from '../../platform/jobs/jobs';
import { forceDeleteRelations, trashRelations } from './trash-relations';

export const BULK_DELETE_RELATIONS = 'relation.bulkdelete';
export const EMPTY_RELATION_TRASH = 'relation.emptytrash';
export const MAX_BULK_DELETE = 50_000;

const zBulkDeletePayload = z.object({ relationIds: z.array(z.number().int()).max(MAX_BULK_DELETE) });
/** Relations trashed up to `before` (the moment of the request) are deleted; later ones stay. */
const zEmptyTrashPayload = z.object({ before: z.string() });

interface BulkState extends Record<string, unknown> {
  done: number;
  trashed: number;
  blocked: number;
}
interface EmptyState extends Record<string, unknown> {
  total: number;
  done: number;
}

/**
 * Bulk delete (to the trash) and empty trash (for good), spec 001 section 4: resumable batches of
 * `chunkSize` relations per transaction, each committing its rows and its progress together, so a
 * restarted server continues where the last committed chunk ended.
 */
export function registerRelationJobs(jobs: Jobs, chunkSize: number, storage: FileStorage): void {
  jobs.defineBatch({
    type: BULK_DELETE_RELATIONS,
    payload: zBulkDeletePayload,
    resumable: true,
    async run(ctx) {
      const ids = ctx.payload.relationIds;
      for (;;) {
        const state = { done: 0, trashed: 0, blocked: 0, ...ctx.state } as BulkState;
        if (state.done >= ids.length) break;
        await ctx.step(async (tx) => {
          const chunk = ids.slice(state.done, state.done + chunkSize);
          const result = await trashRelations(tx, chunk);
          const done = state.done + chunk.length;
          return {
            progress: (done / ids.length) * 99,
            state: {
              done,
              trashed: state.trashed + result.trashed.length,
              blocked: state.blocked + result.blocked.length,
            } satisfies BulkState,
          };
        });
      }
    },
  });

  jobs.defineBatch({
    type: EMPTY_RELATION_TRASH,
    payload: zEmptyTrashPayload,
    resumable: true,
    async run(ctx) {
      const before = new Date(ctx.payload.before);
      const inTrash = and(isNotNull(relation.deletedAt), lte(relation.deletedAt, before));
      if (typeof ctx.state.total !== 'number') {
        await ctx.step(async (tx) => {
          const [count] = await tx.select({ n: sql<number>`count(*)::int` }).from(relation).where(inTrash);
          return { progress: 0, state: { total: count!.n, done: 0 } satisfies EmptyState };
        });
      }
      for (;;) {
        let deleted = 0;
        let keys: string[] = [];
        await ctx.step(async (tx) => {
          const chunk = await tx
            .select({ id: relation.id })
            .from(relation)
            .where(inTrash)
            .orderBy(asc(relation.id))
            .limit(chunkSize);
          const result = await forceDeleteRelations(
            tx,
            chunk.map((r) => r.id),
          );
          deleted = chunk.length;
          keys = result.storageKeys;
          const s = ctx.state as EmptyState;
          const done = s.done + result.deleted.length;
          // A resumed run may find more than it counted (restored-then-trashed rows): never past 99.
          return { progress: s.total > 0 ? Math.min(99, (done / s.total) * 99) : 99, state: { ...s, done } };
        });
        // File bytes go once their records are gone for good; a crash in between leaves orphaned bytes only.
        for (const key of keys) await storage.delete(key).catch(() => {});
        if (deleted < chunkSize) break;
      }
    },
  });
}
