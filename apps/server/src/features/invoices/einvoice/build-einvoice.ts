import {
  type BilledAmounts,
  type Calculation,
  countryCode,
  einvoiceSettingsMissing,
  INVOICE_TEXTS,
  isValidKvk,
  isValidVatId,
  VAT_RATES,
  type VatRate,
} from '@im/domain';
import { asc, desc, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../../platform/db/database';
import { company } from '../../../platform/db/tables/companies.schema';
import { documentVersion, salesDocument } from '../../../platform/db/tables/documents.schema';
import { storedFile } from '../../../platform/db/tables/files.schema';
import { flow } from '../../../platform/db/tables/flows.schema';
import { location } from '../../../platform/db/tables/locations.schema';
import { organization } from '../../../platform/db/tables/organizations.schema';
import { relation } from '../../../platform/db/tables/relations.schema';
import type { FileStorage } from '../../../platform/files/storage';
import { recalculate } from '../../calculations';
import { billedOf, invoiceRow, invoiceSettings } from '../invoice-info';
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

type Item = Calculation['calculationitems'][number];
/** Whether a line is priced excluding VAT (its start amount then is one too), as the engine decides. */
const priceBase = (item: Item): 'exc' | 'inc' =>
  item.unit_rate_exc_manual !== null
    ? 'exc'
    : item.unit_rate_inc_manual !== null
      ? 'inc'
      : (item.pricing?.calc_base ?? 'exc');

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
    const split = rates.length > 1;
    for (const r of rates) {
      const net = Math.round(item.parts[r] * 100) / 100;
      sums[r] = Math.round((sums[r] + net) * 100) / 100;
      lines.push({
        id: split ? `${item.id}-${r}` : String(item.id),
        name: (item.custom_item_name || item.item_name || 'Regel').slice(0, 200),
        description: split ? `Deel tegen ${r}% btw` : null,
        quantity: String(split ? 1 : sign * item.quantity),
        unitCode: split ? 'C62' : unitCode(item.unit_of_measurement),
        netAmount: money(sign * net),
        vatRate: r,
        // A whole line keeps the unit price the PDF shows, its discount and start amount beside it; a
        // line split over rates is billed as its part at each rate (decision 035).
        ...(split
          ? {}
          : {
              unitPrice: String(item.unit_rate_exc),
              discount: money(sign * item.discount_exc),
              startAmount: priceBase(item) === 'exc' ? money(sign * Number(item.start_amount_exc)) : null,
            }),
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

export type EInvoiceResult = { xml: string; problem?: undefined } | { xml?: undefined; problem: string };

type PdfSource = { bytes: Buffer; filename: string } | { storage: FileStorage };

/**
 * The e-invoice of a sent invoice (UBL 2.1; Peppol BIS Billing 3.0 with the Dutch rules for a business
 * buyer, plain EN 16931 for a consumer: decision 035), from its frozen amounts, the company's KvK, VAT
 * id and IBAN, the customer (the organization with its own address, else the person) and the PDF when
 * there is one (the one just rendered while sending, else the latest sent version's). When it cannot be
 * made, the problem says why, in Dutch.
 */
export async function buildEInvoice(tx: Tx, doc: DocumentRow, pdf: PdfSource): Promise<EInvoiceResult> {
  const settings = await invoiceSettings(tx);
  const missing = (
    [
      ['kvk', settings?.kvkNumber],
      ['vat', settings?.vatNumber],
      ['iban', settings?.iban],
    ] as const
  )
    .filter(([, value]) => !value)
    .map(([name]) => name);
  if (!settings || missing.length > 0)
    return { problem: einvoiceSettingsMissing(settings ? missing : ['kvk', 'vat', 'iban']) };
  if (doc.number === null) return { problem: INVOICE_TEXTS.einvoiceNeedsSent };
  if (doc.relationId === null) return { problem: INVOICE_TEXTS.einvoiceNoCustomer };
  const pdfFile = 'bytes' in pdf ? pdf : await latestPdf(tx, pdf.storage, doc.id);
  const row = await invoiceRow(tx, doc.id);
  const { billed } = await billedOf(tx, doc, row);
  const credit = row.invoiceType === 'credit';
  const sign = credit ? -1 : 1;
  const [co] = await tx.select({ name: company.name }).from(company).where(eq(company.id, doc.companyId));
  const [rel] = await tx
    .select({ r: relation, org: organization })
    .from(relation)
    .leftJoin(organization, eq(organization.id, relation.organizationId))
    .where(eq(relation.id, doc.relationId));
  if (!rel) return { problem: INVOICE_TEXTS.einvoiceNoCustomer };
  const org = rel.org && rel.org.deletedAt === null ? rel.org : null;
  const [f] =
    doc.flowId !== null
      ? await tx
          .select({ number: flow.number, locationId: flow.locationId })
          .from(flow)
          .where(eq(flow.id, doc.flowId))
      : [];
  // An organization is billed at its own address; a person at the dossier's, else their main one.
  const [orgLoc] = org
    ? await tx
        .select()
        .from(location)
        .where(eq(location.organizationId, org.id))
        .orderBy(desc(location.isMain), asc(location.id))
        .limit(1)
    : [];
  const [loc] = orgLoc
    ? [orgLoc]
    : await tx
        .select()
        .from(location)
        .where(eq(location.relationId, doc.relationId))
        .orderBy(
          sql`${location.id} = ${f?.locationId ?? 0} desc`,
          sql`${location.isMain} desc`,
          asc(location.id),
        )
        .limit(1);
  const buyerCountry = countryCode(loc?.country ?? org?.country ?? rel.r.country);
  if (!buyerCountry) return { problem: INVOICE_TEXTS.einvoiceUnknownCountry };
  const [orig] =
    credit && row.creditedInvoiceId !== null
      ? await tx.select().from(salesDocument).where(eq(salesDocument.id, row.creditedInvoiceId))
      : [];
  const origRow = orig ? await invoiceRow(tx, orig.id) : null;
  let lines: EInvoiceLine[] = [];
  let allowances: EInvoiceInput['allowances'] = {};
  const parted = row.partialinvoicetype !== null || !!origRow?.partialinvoicetype;
  if (!parted) {
    // A credit note credits the lines of the invoice it corrects (its own copy of the calculation
    // is negated, which a price table may not price back to the same amounts).
    const source = orig && orig.calculationId !== null ? orig.calculationId : doc.calculationId;
    const lineSign = orig && orig.calculationId !== null ? 1 : sign;
    const calc = source !== null ? await recalculate(tx, source) : null;
    if (calc) {
      const built = calculationLines(calc, lineSign);
      lines = built.lines;
      for (const r of VAT_RATES) {
        const discount = Math.round((lineSign * built.sums[r] - sign * billed[`exc_${r}`]) * 100) / 100;
        if (discount !== 0) allowances[r] = money(discount);
      }
    }
  }
  // Lines that cannot carry what is billed (a part of a project, its credit, a calculation billed for
  // more than its lines): one line per rate with the billed amount, so the totals are the frozen ones.
  const fits =
    lines.length > 0 &&
    VAT_RATES.every(
      (r) =>
        (allowances[r] === undefined || Number(allowances[r]) > 0) &&
        (billed[`exc_${r}`] === 0 || lines.some((l) => l.vatRate === r)),
    );
  if (!fits) {
    const label =
      row.partialinvoicetype === 'rest'
        ? 'Restfactuur'
        : row.partialinvoicetype
          ? 'Deelfactuur'
          : origRow?.partialinvoicetype
            ? 'Creditering deelfactuur'
            : credit
              ? 'Creditering'
              : 'Factuur';
    lines = partLines(orig && origRow?.partialinvoicetype ? orig.title : doc.title, label, billed, sign);
    allowances = {};
  }
  const vatAmounts: EInvoiceInput['vatAmounts'] = {};
  for (const r of VAT_RATES) {
    if (lines.some((l) => l.vatRate === r)) vatAmounts[r] = money(r === 0 ? 0 : sign * billed[`vat_${r}`]);
  }
  const precedingInvoice: EInvoiceInput['precedingInvoice'] =
    orig?.number != null && orig.documentdate
      ? { number: String(orig.number), issueDate: String(orig.documentdate).slice(0, 10) }
      : null;
  if (lines.length === 0) return { problem: INVOICE_TEXTS.einvoiceNoLines };
  const s = settings;
  const buyerName = org?.name || rel.r.fullname || 'Klant';
  const input: EInvoiceInput = {
    kind: credit ? 'credit' : 'invoice',
    number: String(doc.number),
    issueDate: String(doc.documentdate ?? new Date().toISOString()).slice(0, 10),
    dueDate: doc.enddate ? String(doc.enddate).slice(0, 10) : null,
    // The invoice's own, else the customer's: the person's (who ordered), else the organization's
    // (decisions 035 and 044); BT-10 falls back on the dossier.
    buyerReference:
      row.buyerReference ||
      rel.r.buyerReference ||
      org?.buyerReference ||
      (f ? `Dossier ${f.number}` : String(doc.number)),
    orderReference: row.orderReference || rel.r.orderReference || org?.orderReference || null,
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
        countryCode: buyerCountry,
      },
      // A KvK number is Dutch; a foreign business is known by its VAT number (decision 035).
      kvk: org && buyerCountry === 'NL' && isValidKvk(org.cocNumber) ? org.cocNumber.trim() : null,
      vatId: org && isValidVatId(org.vatNumber) ? org.vatNumber : null,
      oin: org?.oin || null,
      email: rel.r.email || org?.email || null,
      contactName: org ? rel.r.fullname || null : null,
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
    pdf: pdfFile ? { filename: pdfFile.filename, base64: pdfFile.bytes.toString('base64') } : null,
    note: null,
  };
  return { xml: toUbl(input) };
}

/**
 * The XML of `buildEInvoice`, or null when it cannot be made (sending then goes without it). With a
 * PDF buffer: the one just rendered while sending.
 */
export async function einvoiceXml(
  tx: Tx,
  doc: DocumentRow,
  pdf: Buffer | { storage: FileStorage },
  pdfName?: string,
): Promise<string | null> {
  const source: PdfSource = Buffer.isBuffer(pdf)
    ? { bytes: pdf, filename: pdfName ?? `Factuur ${doc.number}.pdf` }
    : pdf;
  return (await buildEInvoice(tx, doc, source)).xml ?? null;
}
