import type { Tx } from '../../platform/db/database';
import { logItem } from './logitems.schema';

export interface LogEntry {
  type: string;
  id: number | null;
  action:
    | 'create'
    | 'update'
    | 'delete'
    | 'restore'
    | 'forcedelete'
    | 'login'
    | 'adminlogin'
    | 'password'
    | string;
  description: string;
  changes?: Record<string, unknown>;
  /** Only needed in platform scope, where the transaction has no company of its own. */
  companyId?: number;
}

/** Writes a log item in the caller's transaction; acting user and impersonating admin come from it. */
export async function writeLog(tx: Tx, entry: LogEntry): Promise<void> {
  await tx.insert(logItem).values({
    loggableType: entry.type,
    loggableId: entry.id,
    action: entry.action,
    description: entry.description,
    changes: entry.changes,
    ...(entry.companyId === undefined ? {} : { companyId: entry.companyId }),
  });
}
