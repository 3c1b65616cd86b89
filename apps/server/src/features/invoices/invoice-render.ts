import { formatEuro, type RenderInvoice } from '@im/domain';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../platform/db/database';
import { calculation } from '../../platform/db/tables/calculations.schema';
import { salesDocument } from '../../platform/db/tables/documents.schema';
import { organization } from '../../platform/db/tables/organizations.schema';
import { relation } from '../../platform/db/tables/relations.schema';
import { billedOf, invoiceRow, invoiceSettings } from './invoice-info';

type DocumentRow = typeof salesDocument.$inferSelect;

/** The customer's organisation VAT id, for a reverse-charged invoice. */
export async function customerVatId(tx: Tx, relationId: number | null): Promise<string> {
  if (relationId === null) return '';
  const [row] = await tx
    .select({ vat: organization.vatNumber })
    .from(relation)
    .innerJoin(organization, eq(organization.id, relation.organizationId))
    .where(eq(relation.id, relationId));
  return row?.vat ?? '';
}

/** What the renderer shows of an invoice beyond its widgets (decision 022). */
export async function invoiceRenderPart(
  tx: Tx,
  doc: DocumentRow,
  companyName: string,
): Promise<RenderInvoice> {
  const row = await invoiceRow(tx, doc.id);
  const { billed } = await billedOf(tx, doc, row);
  const settings = await invoiceSettings(tx);
  const [credited] =
    row.creditedInvoiceId !== null
      ? await tx
          .select({ number: salesDocument.number })
          .from(salesDocument)
          .where(eq(salesDocument.id, row.creditedInvoiceId))
      : [];
  let partialText: string | null = null;
  if (row.partialinvoicetype !== null && doc.calculationId !== null) {
    const [c] = await tx
      .select({ inc: calculation.amountIncVat })
      .from(calculation)
      .where(eq(calculation.id, doc.calculationId));
    const whole = formatEuro(c?.inc ?? '0');
    partialText =
      row.partialinvoicetype === 'frompercentage'
        ? `Deelfactuur: ${Number(row.partialValue).toLocaleString('nl-NL')}% van het totaalbedrag van ${whole} incl. btw.`
        : row.partialinvoicetype === 'fromamount'
          ? `Deelfactuur: een deel van het totaalbedrag van ${whole} incl. btw.`
          : `Restfactuur: het restant van het totaalbedrag van ${whole} incl. btw, na de eerdere deelfacturen.`;
  }
  return {
    type_label:
      row.invoiceType === 'credit'
        ? 'Creditfactuur'
        : row.partialinvoicetype === 'rest'
          ? 'Restfactuur'
          : row.partialinvoicetype
            ? 'Deelfactuur'
            : 'Factuur',
    billed,
    partial_text: partialText,
    credited_number: credited?.number ?? null,
    reverse_charge: row.reverseCharge,
    iban: settings?.iban ?? '',
    account_name: companyName,
    kvk: settings?.kvkNumber ?? '',
    vat_id: settings?.vatNumber ?? '',
    customer_vat_id: row.reverseCharge ? await customerVatId(tx, doc.relationId) : '',
  };
}
