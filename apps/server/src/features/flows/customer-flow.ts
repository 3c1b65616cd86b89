import type { FlowStatus, zCustomerFlow } from '@im/domain';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../platform/db/database';
import { AppError, notFound } from '../../platform/errors';
import { CUSTOMER_HASH } from '../../platform/http/access';
import { company } from '../companies/companies.schema';
import { relation } from '../relations/relations.schema';
import { flow } from './flows.schema';

export const CUSTOMER_LINK_UNKNOWN = 'Deze link is niet (meer) geldig.';
export const CUSTOMER_FLOW_GONE = 'Dit dossier is verwijderd.';

/** Hashes are 22 base64url characters; older or longer ones stay accepted, anything else is unknown. */

/**
 * The customer's read of a flow by its hash (no login: the hash is the credential). Unknown, reset and
 * merged-away hashes answer 404; a trashed flow 410.
 */
export async function customerFlow(db: Database, hash: string): Promise<z.infer<typeof zCustomerFlow>> {
  if (!CUSTOMER_HASH.test(hash)) throw notFound(CUSTOMER_LINK_UNKNOWN);
  const [row] = await db.platform((tx) =>
    tx
      .select({
        number: flow.number,
        description: flow.description,
        flowStatus: flow.flowStatus,
        deletedAt: flow.deletedAt,
        mergedIntoFlowId: flow.mergedIntoFlowId,
        companyName: company.name,
        companyDeletedAt: company.deletedAt,
        fullname: relation.fullname,
      })
      .from(flow)
      .innerJoin(company, eq(company.id, flow.companyId))
      .innerJoin(relation, eq(relation.id, flow.relationId))
      .where(eq(flow.hash, hash)),
  );
  if (!row || row.mergedIntoFlowId !== null) throw notFound(CUSTOMER_LINK_UNKNOWN);
  if (row.deletedAt || row.companyDeletedAt) throw new AppError('gone', CUSTOMER_FLOW_GONE);
  return {
    number: row.number,
    description: row.description,
    flow_status: row.flowStatus as FlowStatus,
    company: { name: row.companyName },
    relation: { fullname: row.fullname ?? '' },
  };
}
