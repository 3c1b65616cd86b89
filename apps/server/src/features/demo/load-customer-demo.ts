import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../platform/db/database';
import { company } from '../../platform/db/tables/companies.schema';
import { salesDocument } from '../../platform/db/tables/documents.schema';
import { flow } from '../../platform/db/tables/flows.schema';
import { flowDataItem } from '../../platform/db/tables/forms.schema';
import type { Logger } from '../../platform/logger';
import { customerForms } from '../customerpages';

/**
 * Fixed customer links of the first demo company, printed in the README so anyone can open the customer
 * pages at once (decision 024). Only demo data has them: real links are 128 random bits.
 */
export const DEMO_CUSTOMER_LINKS = {
  company: 'Zonnestroom Noord B.V.',
  quotation: 'demo-offerte-zonnestroom-01',
  quotationFlow: 'demo-dossier-zonnestroom-01',
  confirmation: 'demo-opdracht-zonnestroom-01',
  document: 'demo-document-zonnestroom-01',
  invoice: 'demo-factuur-zonnestroom-01',
  formFlow: 'demo-dossier-formulier-01',
} as const;

/** The kind's first sent document (or, for a document, a signed one when none is sent). */
async function firstSent(tx: Tx, kind: string) {
  const [d] = await tx
    .select({ id: salesDocument.id, flowId: salesDocument.flowId, hash: salesDocument.hash })
    .from(salesDocument)
    .where(
      and(
        eq(salesDocument.kind, kind),
        inArray(salesDocument.status, kind === 'document' ? ['sent', 'approved'] : ['sent']),
        eq(salesDocument.isTemplate, false),
        isNull(salesDocument.deletedAt),
      ),
    )
    .orderBy(asc(salesDocument.id))
    .limit(1);
  return d ?? null;
}

async function setDocumentHash(tx: Tx, kind: string, hash: string) {
  const d = await firstSent(tx, kind);
  if (d) await tx.update(salesDocument).set({ hash }).where(eq(salesDocument.id, d.id));
  return d;
}

/** Gives the first demo company's sent documents and two of its flows the links of DEMO_CUSTOMER_LINKS. */
export async function loadCustomerDemoData(db: Database, logger: Logger): Promise<void> {
  const [target] = await db.platform((tx) =>
    tx.select({ id: company.id }).from(company).where(eq(company.name, DEMO_CUSTOMER_LINKS.company)),
  );
  if (!target) return;
  await db.tenant({ companyId: target.id, userId: null, impersonatorUserId: null }, async (tx) => {
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtext('installatiemanager:customer-demo'), ${target.id})`,
    );
    const [done] = await tx
      .select({ id: flow.id })
      .from(flow)
      .where(eq(flow.hash, DEMO_CUSTOMER_LINKS.quotationFlow));
    if (done) return;
    const quotation = await setDocumentHash(tx, 'quotation', DEMO_CUSTOMER_LINKS.quotation);
    if (quotation?.flowId)
      await tx
        .update(flow)
        .set({ hash: DEMO_CUSTOMER_LINKS.quotationFlow })
        .where(eq(flow.id, quotation.flowId));
    await setDocumentHash(tx, 'confirmation', DEMO_CUSTOMER_LINKS.confirmation);
    await setDocumentHash(tx, 'document', DEMO_CUSTOMER_LINKS.document);
    await setDocumentHash(tx, 'invoice', DEMO_CUSTOMER_LINKS.invoice);
    const [open] = await tx
      .select({ flowId: flowDataItem.flowId })
      .from(flowDataItem)
      .where(and(eq(flowDataItem.status, 'open'), customerForms()))
      .orderBy(asc(flowDataItem.id))
      .limit(1);
    if (open && open.flowId !== quotation?.flowId)
      await tx.update(flow).set({ hash: DEMO_CUSTOMER_LINKS.formFlow }).where(eq(flow.id, open.flowId));
  });
  logger.info({ company: DEMO_CUSTOMER_LINKS.company }, 'demo customer links set');
}
