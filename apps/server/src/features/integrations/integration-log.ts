import type { IntegrationLogLine, PaginationQuery } from '@im/domain';
import { and, count, desc, eq } from 'drizzle-orm';
import type { Tx } from '../../platform/db/database';
import { integrationLog } from '../../platform/db/tables/integrations.schema';
import { toIso } from '../../platform/http/dates';

/** Writes a line of a service's log (in the caller's transaction: it commits with the change it tells of). */
export async function writeIntegrationLog(
  tx: Tx,
  line: {
    service: string;
    message: string;
    level?: 'info' | 'error';
    documentId?: number | null;
    userId?: number | null;
  },
): Promise<void> {
  await tx.insert(integrationLog).values({
    service: line.service,
    message: line.message.slice(0, 2000),
    level: line.level ?? 'info',
    documentId: line.documentId ?? null,
    userId: line.userId ?? null,
  });
}

export async function queryIntegrationLog(
  tx: Tx,
  service: string,
  userId: number | null,
  page: PaginationQuery,
): Promise<{ data: IntegrationLogLine[]; pagination: { total: number; offset: number; limit: number } }> {
  const where = and(
    eq(integrationLog.service, service),
    userId === null ? undefined : eq(integrationLog.userId, userId),
  );
  const [found, [total]] = await Promise.all([
    tx
      .select()
      .from(integrationLog)
      .where(where)
      .orderBy(desc(integrationLog.id))
      .limit(page.limit)
      .offset(page.offset),
    tx.select({ n: count() }).from(integrationLog).where(where),
  ]);
  return {
    data: found.map((r) => ({
      id: r.id,
      at: toIso(r.at),
      level: r.level === 'error' ? 'error' : 'info',
      message: r.message,
      document_id: r.documentId,
    })),
    pagination: { total: total?.n ?? 0, offset: page.offset, limit: page.limit },
  };
}
