import { zCustomerCalculation } from '@im/domain';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../platform/db/database';
import { calculation } from '../../platform/db/tables/calculations.schema';
import { company } from '../../platform/db/tables/companies.schema';
import { flow } from '../../platform/db/tables/flows.schema';
import { AppError, notFound } from '../../platform/errors';
import { CUSTOMER_HASH } from '../../platform/http/access';
import { recalculate } from './calculation-dto';

const CUSTOMER_LINK_UNKNOWN = 'Deze link is niet (meer) geldig.';
export const CUSTOMER_CALCULATION_GONE = 'Deze calculatie is niet meer beschikbaar. Neem a.u.b. contact op.';

/**
 * What a customer sees of a calculation by its hash: the lines as they would be printed (custom
 * name and text where set), amounts and totals; never price tables, ledger codes or products.
 */
export async function customerCalculation(
  db: Database,
  hash: string,
): Promise<z.infer<typeof zCustomerCalculation>> {
  if (!CUSTOMER_HASH.test(hash)) throw notFound(CUSTOMER_LINK_UNKNOWN);
  const [row] = await db.platform((tx) =>
    tx
      .select({
        id: calculation.id,
        companyId: calculation.companyId,
        isTemplate: calculation.isTemplate,
        flowDeleted: flow.deletedAt,
        companyDeleted: company.deletedAt,
      })
      .from(calculation)
      .innerJoin(company, eq(company.id, calculation.companyId))
      .leftJoin(flow, eq(flow.id, calculation.flowId))
      .where(eq(calculation.hash, hash)),
  );
  if (!row || row.isTemplate) throw notFound(CUSTOMER_LINK_UNKNOWN);
  if (row.flowDeleted || row.companyDeleted) throw new AppError('gone', CUSTOMER_CALCULATION_GONE);
  const full = await db.tenant({ companyId: row.companyId }, (tx) => recalculate(tx, row.id));
  const { calculationitems, ...totals } = full;
  // Parsing keeps only what the customer shape names (no hash, flow or company).
  return zCustomerCalculation.parse({
    ...totals,
    calculationitems: calculationitems.map((i) => ({
      id: i.id,
      calculationitem_id: i.calculationitem_id,
      depth: i.depth,
      item_type: i.item_type,
      item_name: i.custom_item_name ?? i.item_name,
      infotext: i.custom_infotext ?? i.infotext,
      unit_of_measurement: i.unit_of_measurement,
      vat_percentage: i.vat_percentage,
      discount_percentage: i.discount_percentage,
      selected: i.selected,
      additionalwork: i.additionalwork,
      quantity: i.quantity,
      unit_rate_exc: i.unit_rate_exc,
      unit_rate_inc: i.unit_rate_inc,
      unit_rate_inc_start: i.unit_rate_inc_start,
      total_exc: i.total_exc,
      total_inc: i.total_inc,
      counts: i.counts,
    })),
  });
}
