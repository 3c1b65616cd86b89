import { type BilledAmounts, type Calculation, VAT_RATES, type VatRate } from '@im/domain';
import { asc, desc, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../../platform/db/database';
import { storedFile } from '../../../platform/files/files.schema';
import type { FileStorage } from '../../../platform/files/storage';
import { recalculate } from '../../calculations/calculation-dto';
import { company } from '../../companies/companies.schema';
import { documentVersion, salesDocument } from '../../documents/documents.schema';
import { flow } from '../../flows/flows.schema';
import { location } from '../../locations/locations.schema';
import { organization } from '../../organizations/organizations.schema';
import { relation } from '../../relations/relations.schema';
import { billedOf, einvoiceReady, invoiceRow, invoiceSettings } from '../invoice-info';
import type { EInvoiceInput, EInvoiceLine } from './einvoice-input';
import { toUbl } from './ubl';

type DocumentRow = typeof salesDocument.$inferSelect;

/** UN/ECE recommendation 20 codes for the units installers use; anything else counts pieces. */
const UNIT_CODES: Record<string, string> = {
  stuks: 'C62',
  stuk: 'C62',
  st: 'C62',
  uur: 'HUR',
  uren: 'HUR',
  dag: 'DAY',
  dagen: 'DAY',
  m: 'MTR',
  meter: 'MTR',
  m1: 'MTR',
  m2: 'MTK',
  'm²': 'MTK',
  m3: 'MTQ',
  'm³': 'MTQ',
  kg: 'KGM',
  kwh: 'KWH',
  wp: 'C62',
  liter: 'LTR',
  l: 'LTR',
};
const unitCode = (u: string) => UNIT_CODES[u.trim().toLowerCase()] ?? 'C62';
const money = (n: number) => n.toFixed(2);

/** The counting lines of a calculation, one UBL line per VAT rate a line is split over. */
function calculationLines(
  calc: Calculation,
  sign: 1 | -1,
): { lines: EInvoiceLine[]; sums: Record<VatRate, number> } {
  const lines: EInvoiceLine[] = [];
  const sums: Record<VatRate, number> = { 0: 0, 6: 0, 9: 0, 21: 0 };
  for (const item of calc.calculationitems) {
    if (!item.counts || item.item_type === 'header') continue;
    const rates = VAT_RATES.filter((r) => item.parts[r] !== 0);
    for (const r of rates) {
      const net = Math.round(item.parts[r] * 100) / 100;
      sums[r] = Math.round((sums[r] + net) * 100) / 100;
      lines.push({
        id: rates.length > 1 ? `${item.id}-${r}` : String(item.id),
        name: (item.custom_item_name || item.item_name || 'Regel').slice(0, 200),
        description: rates.length > 1 ? `Deel tegen ${r}% btw` : null,
        quantity: String(rates.length > 1 ? 1 : sign * item.quantity),
        unitCode: rates.length > 1 ? 'C62' : unitCode(item.unit_of_measurement),
        netAmount: money(sign * net),
        vatRate: r,
      });
    }
  }
  return { lines, sums };
}

/** A partial invoice (or its credit): one line per rate with the part billed at that rate. */
function partLines(title: string, label: string, billed: BilledAmounts, sign: 1 | -1): EInvoiceLine[] {
  return VAT_RATES.filter((r) => billed[`exc_${r}`] !== 0).map((r) => ({
    id: `part-${r}`,
    name: `${label}: ${title}`.slice(0, 200),
    description: `Deel tegen ${r}% btw`,
    quantity: '1',
    unitCode: 'C62',
    netAmount: money(sign * billed[`exc_${r}`]),
    vatRate: r,
  }));
}

async function latestPdf(tx: Tx, storage: FileStorage, documentId: number) {
  const [v] = await tx
    .select({ file: storedFile })
    .from(documentVersion)
    .innerJoin(storedFile, eq(storedFile.id, documentVersion.pdfFileId))
    .where(eq(documentVersion.documentId, documentId))
    .orderBy(desc(documentVersion.version))
    .limit(1);
  if (!v) return null;
  const stream = await storage.get(v.file.storageKey);
  if (!stream) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return { bytes: Buffer.concat(chunks), filename: v.file.filename };
}

/**
 * The e-invoice of a sent invoice (UBL 2.1, Peppol BIS Billing 3.0, NLCIUS): from its frozen amounts,
 * the company's KvK, VAT id and IBAN, the customer, and the PDF (the one just rendered while sending,
 * else the latest sent version's). Null when the company's details are missing.
 */
export async function einvoiceXml(
  tx: Tx,
  doc: DocumentRow,
  pdf: Buffer | { storage: FileStorage },
  pdfName?: string,
): Promise<string | null> {
  const settings = await invoiceSettings(tx);
  if (!einvoiceReady(settings) || doc.number === null) return null;
  const pdfFile = Buffer.isBuffer(pdf)
    ? { bytes: pdf, filename: pdfName ?? `Factuur ${doc.number}.pdf` }
    : await latestPdf(tx, pdf.storage, doc.id);
  if (!pdfFile) return null;
  const row = await invoiceRow(tx, doc.id);
  const { billed } = await billedOf(tx, doc, row);
  const credit = row.invoiceType === 'credit';
  const sign = credit ? -1 : 1;
  const [co] = await tx.select({ name: company.name }).from(company).where(eq(company.id, doc.companyId));
  const [rel] =
    doc.relationId !== null
      ? await tx
          .select({ r: relation, org: organization })
          .from(relation)
          .leftJoin(organization, eq(organization.id, relation.organizationId))
          .where(eq(relation.id, doc.relationId))
      : [];
  const [f] =
    doc.flowId !== null
      ? await tx
          .select({ number: flow.number, locationId: flow.locationId })
          .from(flow)
          .where(eq(flow.id, doc.flowId))
      : [];
  const [loc] =
    doc.relationId !== null
      ? await tx
          .select()
          .from(location)
          .where(eq(location.relationId, doc.relationId))
          .orderBy(
            sql`${location.id} = ${f?.locationId ?? 0} desc`,
            sql`${location.isMain} desc`,
            asc(location.id),
          )
          .limit(1)
      : [];
  let lines: EInvoiceLine[];
  const allowances: EInvoiceInput['allowances'] = {};
  if (row.partialinvoicetype !== null || (credit && doc.calculationId === null)) {
    lines = partLines(
      doc.title,
      row.partialinvoicetype === 'rest' ? 'Restfactuur' : 'Deelfactuur',
      billed,
      sign,
    );
  } else {
    const calc = doc.calculationId !== null ? await recalculate(tx, doc.calculationId) : null;
    const built = calc ? calculationLines(calc, sign) : { lines: [], sums: { 0: 0, 6: 0, 9: 0, 21: 0 } };
    lines = built.lines;
    for (const r of VAT_RATES) {
      const discount = Math.round((sign * built.sums[r] - sign * billed[`exc_${r}`]) * 100) / 100;
      if (discount > 0) allowances[r] = money(discount);
    }
    // A credit of a partial invoice has the original's whole lines: bill its parts instead.
    if (credit && row.creditedInvoiceId !== null) {
      const [orig] = await tx.select().from(salesDocument).where(eq(salesDocument.id, row.creditedInvoiceId));
      const origRow = orig ? await invoiceRow(tx, orig.id) : null;
      if (origRow?.partialinvoicetype) {
        lines = partLines(orig!.title, 'Creditering deelfactuur', billed, sign);
        for (const r of VAT_RATES) delete allowances[r];
      }
    }
  }
  const vatAmounts: EInvoiceInput['vatAmounts'] = {};
  for (const r of VAT_RATES) {
    if (lines.some((l) => l.vatRate === r)) vatAmounts[r] = money(r === 0 ? 0 : sign * billed[`vat_${r}`]);
  }
  let precedingInvoice: EInvoiceInput['precedingInvoice'] = null;
  if (credit && row.creditedInvoiceId !== null) {
    const [orig] = await tx.select().from(salesDocument).where(eq(salesDocument.id, row.creditedInvoiceId));
    if (orig?.number != null && orig.documentdate)
      precedingInvoice = { number: String(orig.number), issueDate: String(orig.documentdate).slice(0, 10) };
  }
  const s = settings!;
  const buyerName = rel?.org?.name || rel?.r.fullname || 'Klant';
  const input: EInvoiceInput = {
    kind: credit ? 'credit' : 'invoice',
    number: String(doc.number),
    issueDate: String(doc.documentdate ?? new Date().toISOString()).slice(0, 10),
    dueDate: doc.enddate ? String(doc.enddate).slice(0, 10) : null,
    buyerReference: f ? `Dossier ${f.number}` : String(doc.number),
    precedingInvoice,
    seller: {
      name: co?.name ?? '',
      address: {
        street: s.street || null,
        housenumber: s.housenumber || null,
        postcode: s.postcode || null,
        city: s.city || null,
        countryCode: 'NL',
      },
      kvk: s.kvkNumber,
      vatId: s.vatNumber,
      email: s.email || null,
      contactName: null,
      phone: s.phone || null,
      iban: s.iban,
      bic: s.bic || null,
    },
    buyer: {
      name: buyerName,
      address: {
        street: loc?.address || null,
        housenumber: [loc?.number, loc?.numberAddition].filter(Boolean).join(' ') || null,
        postcode: loc?.postcode || null,
        city: loc?.city || null,
        countryCode: 'NL',
      },
      kvk: rel?.org?.cocNumber && /^\d{8}$/.test(rel.org.cocNumber) ? rel.org.cocNumber : null,
      vatId: rel?.org?.vatNumber || null,
      email: rel?.r.email || null,
      contactName: rel?.org ? rel.r.fullname || null : null,
      phone: null,
    },
    lines,
    allowances,
    vatAmounts,
    reverseCharge: row.reverseCharge,
    paymentTerms: doc.enddate
      ? `Betaling vóór ${String(doc.enddate).slice(0, 10)} onder vermelding van factuurnummer ${doc.number}.`
      : `Betaling onder vermelding van factuurnummer ${doc.number}.`,
    paymentReference: String(doc.number),
    pdf: { filename: pdfFile.filename, base64: pdfFile.bytes.toString('base64') },
    note: null,
  };
  return toUbl(input);
}
