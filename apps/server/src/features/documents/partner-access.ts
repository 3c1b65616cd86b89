import { DOCUMENT_TEXTS, type DocumentKind } from '@im/domain';
import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Tx } from '../../platform/db/database';
import { forbidden, notFound } from '../../platform/errors';

/** The calls a partner user may make on documents: reading one of their own partner's (spec 002 section 6). */
export const PARTNER_READABLE = new Set(['get', 'preview', 'download']);

/**
 * Partner users see only documents on their own partner's flows, read-only (api-contract "Authentication
 * and tenancy"); every other document call is refused. Another partner's document answers 404, like
 * another company's.
 */
export async function checkPartnerAccess(
  tx: Tx,
  request: FastifyRequest,
  kind: DocumentKind,
  id: number | null,
  call: string,
): Promise<void> {
  if (request.auth?.userType !== 'partner') return;
  if (!PARTNER_READABLE.has(call) || id === null) throw forbidden();
  const rows = await tx.execute(sql`select 1 from sales_document d
    join flow f on f.id = d.flow_id
    join "user" u on u.id = ${request.auth.userId}
    where d.id = ${id} and d.kind = ${kind} and d.deleted_at is null
      and u.partner_id is not null and f.partner_id = u.partner_id`);
  if (rows.rows.length === 0) throw notFound(DOCUMENT_TEXTS.notFound(kind));
}
