import { asc, eq } from 'drizzle-orm';
import type { Tx } from '../../platform/db/database';
import { taskContext } from '../../platform/db/tables/task-contexts.schema';

/**
 * duplicate and addFollowingUser: the copy prepares the same form copies and documents (they are the
 * flow's, not the task's), so it points at the same ones; nothing new is made on the flow.
 */
export async function copyContexts(tx: Tx, fromTaskId: number, toTaskId: number): Promise<void> {
  const rows = await tx
    .select()
    .from(taskContext)
    .where(eq(taskContext.taskId, fromTaskId))
    .orderBy(asc(taskContext.id));
  if (rows.length === 0) return;
  await tx.insert(taskContext).values(
    rows.map((r) => ({
      taskId: toTaskId,
      taskContextTypeId: r.taskContextTypeId,
      verticalId: r.verticalId,
      documentTypeId: r.documentTypeId,
      documentTemplateId: r.documentTemplateId,
      flowDataItemId: r.flowDataItemId,
      documentId: r.documentId,
    })),
  );
}
