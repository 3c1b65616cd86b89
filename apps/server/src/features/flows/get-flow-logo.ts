import { eq } from 'drizzle-orm';
import type { Tx } from '../../platform/db/database';
import { companySettings } from '../../platform/db/tables/companies.schema';
import { notFound } from '../../platform/errors';
import { imageOf } from '../companies';
import { FLOW_NOT_FOUND, findFlow } from './flow-access';

/**
 * flow getflowlogo: the logo a flow's pages show, its company's logo ('Bedrijfsprofiel'); null when the
 * company has none (the route then answers x-imagestatus unavailable). Another company's flow is 404.
 */
export async function getFlowLogo(tx: Tx, id: number) {
  const f = await findFlow(tx, id);
  if (!f) throw notFound(FLOW_NOT_FOUND);
  return imageOf(tx, 'logo', eq(companySettings.companyId, f.companyId));
}
