import { eq } from 'drizzle-orm';
import type { Tx } from '../../platform/db/database';
import { taskContextType } from '../../platform/db/tables/task-contexts.schema';

/** A duplicated template prepares the same forms and documents. */
export async function copyContextTypes(tx: Tx, fromTemplateId: number, toTemplateId: number): Promise<void> {
  const rows = await tx.select().from(taskContextType).where(eq(taskContextType.taskId, fromTemplateId));
  if (rows.length === 0) return;
  await tx.insert(taskContextType).values(
    rows.map((r) => ({
      taskId: toTemplateId,
      verticalId: r.verticalId,
      documentTypeId: r.documentTypeId,
      documentTemplateId: r.documentTemplateId,
    })),
  );
}
