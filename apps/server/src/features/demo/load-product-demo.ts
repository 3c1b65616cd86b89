import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../platform/db/database';
import { company } from '../../platform/db/tables/companies.schema';
import { flow } from '../../platform/db/tables/flows.schema';
import { product } from '../../platform/db/tables/products.schema';
import type { Logger } from '../../platform/logger';
import { createCalculation, createItem } from '../calculations';
import { clearTableRows, createProduct, createTableRow } from '../products';
import { findUserByEmail } from '../users';
import { CRM_DEMO } from './crm-demo-data';
import { type DemoCatalogue, PRODUCT_DEMO } from './product-demo-data';

async function loadCatalogue(tx: Tx, demo: DemoCatalogue, logger: Logger) {
  const ids = new Map<string, number>();
  for (const { tiers, matrix, ...fields } of demo.products) {
    const created = await createProduct(tx, { ...fields, matrix: matrix ?? null });
    await clearTableRows(tx, created.id);
    const base = fields.calc_base ?? 'exc';
    for (const [from, rate] of tiers) {
      await createTableRow(tx, {
        product_id: created.id,
        unit_amount: String(from),
        [`unit_rate_${base}`]: String(rate),
      });
    }
    ids.set(fields.item_name, created.id);
  }
  const templates: number[] = [];
  for (const standard of demo.standards) {
    const calc = await createCalculation(tx, {
      calculationtemplate: true,
      name: standard.name,
      template_id: null,
    });
    for (const line of standard.lines) {
      if (typeof line === 'string') {
        await createItem(tx, { calculation_id: calc.id, item_type: 'header', item_name: line });
      } else {
        await createItem(tx, {
          calculation_id: calc.id,
          item_type: 'product',
          product_id: ids.get(line[0])!,
          product_amount: String(line[1]),
        });
      }
    }
    if (standard.discount) {
      await tx.execute(sql`update calculation set discount = ${standard.discount} where id = ${calc.id}`);
    }
    templates.push(calc.id);
  }
  const flows = await tx
    .select({ id: flow.id })
    .from(flow)
    .where(
      and(
        isNull(flow.deletedAt),
        sql`${flow.flowStatus} in ('quotation', 'confirmation', 'project', 'invoice')`,
      ),
    )
    .orderBy(asc(flow.id))
    .limit(demo.flowsWithCalculation);
  for (const [i, f] of flows.entries()) {
    await createCalculation(tx, { flow_id: f.id, template_id: templates[i % templates.length] ?? null });
  }
  logger.info(
    { company: demo.company, products: demo.products.length, calculations: flows.length },
    'demo products loaded',
  );
}

/**
 * The demo catalogue, standard calculations and a calculation on flows that are past the quotation
 * stage. A company that already has products is left alone, so loading twice changes nothing.
 */
export async function loadProductDemoData(db: Database, logger: Logger): Promise<void> {
  for (const demo of PRODUCT_DEMO) {
    const [target] = await db.platform((tx) =>
      tx.select({ id: company.id }).from(company).where(eq(company.name, demo.company)),
    );
    if (!target) continue;
    const enteredBy = CRM_DEMO.find((c) => c.company === demo.company)?.enteredBy;
    const user = enteredBy ? await db.platform((tx) => findUserByEmail(tx, enteredBy)) : null;
    await db.tenant({ companyId: target.id, userId: user?.id ?? null }, async (tx) => {
      await tx.execute(
        sql`select pg_advisory_xact_lock(hashtext('installatiemanager:product-demo'), ${target.id})`,
      );
      const [existing] = await tx.select({ id: product.id }).from(product).limit(1);
      if (existing) return;
      await loadCatalogue(tx, demo, logger);
    });
  }
}
