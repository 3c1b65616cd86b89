import type { TaskContextType } from '@im/domain';
import { asc, eq } from 'drizzle-orm';
import type { Tx } from '../../platform/db/database';
import { taskContextType } from '../../platform/db/tables/task-contexts.schema';
import { requireTask } from './task-context-targets';
import { serializeType, typeSelect } from './task-context-type-rows';

export async function listContextTypes(tx: Tx, taskId: number): Promise<TaskContextType[]> {
  await requireTask(tx, taskId);
  const rows = await typeSelect(tx)
    .where(eq(taskContextType.taskId, taskId))
    .orderBy(asc(taskContextType.id));
  return rows.map(serializeType);
}

export async function loadContextType(tx: Tx, id: number): Promise<TaskContextType | null> {
  const [row] = await typeSelect(tx).where(eq(taskContextType.id, id));
  return row ? serializeType(row) : null;
}
