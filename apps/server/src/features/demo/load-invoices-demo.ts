import { createHash } from 'node:crypto';
import {
  addDays,
  amsterdamDay,
  CREDIT_INVOICE_TEMPLATE,
  type DocumentStatus,
  renderDocument,
} from '@im/domain';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../platform/db/database';
import { calculation } from '../../platform/db/tables/calculations.schema';
import { company } from '../../platform/db/tables/companies.schema';
import {
  documentVersion,
  documentWidget,
  documentWidgetType,
  salesDocument,
} from '../../platform/db/tables/documents.schema';
import { flow } from '../../platform/db/tables/flows.schema';
import { invoice } from '../../platform/db/tables/invoices.schema';
import type { FileStorage } from '../../platform/files/storage';
import type { Logger } from '../../platform/logger';
import { createItem, replaceCalculationLines } from '../calculations';
import { createDocument, createTemplate, renderInput } from '../documents';
import {
  createCreditInvoice,
  createInvoiceFrom,
  invoiceStatusChanged,
  paymentsFollowStatus,
  prepareInvoiceForSending,
  registerPayment,
  updateInvoiceSettings,
} from '../invoices';
import { saveMailTemplate } from '../mailtemplates';
import { findUserByEmail } from '../users';
import { CRM_DEMO } from './crm-demo-data';
import { PRODUCT_DEMO } from './product-demo-data';

/** Each demo company's details for its invoices and e-invoices (valid checksums, made-up numbers). */
const COMPANY_DETAILS = [
  {
    street: 'Energieweg',
    housenumber: '12',
    postcode: '9723 AB',
    city: 'Groningen',
    phone: '050 123 45 67',
    email: 'facturen@zonenwarmte.example',
    kvk_number: '12345678',
    vat_number: 'NL123456782B01',
    iban: 'NL91ABNA0417164300',
    bic: 'ABNANL2A',
  },
  {
    street: 'Installatielaan',
    housenumber: '4',
    postcode: '3511 AA',
    city: 'Utrecht',
    phone: '030 765 43 21',
    email: 'administratie@installateur.example',
    kvk_number: '87654321',
    vat_number: 'NL000099998B57',
    iban: 'NL20INGB0001234567',
    bic: 'INGBNL2A',
  },
];

const INVOICE_WIDGETS = [
  {
    tag: 'TEXT',
    description: 'Aanhef',
    textcontent:
      '<p>Beste {{ relatie.naam }},</p><p>Hierbij ontvangt u de factuur voor {{ document.titel }}. Hartelijk dank voor uw opdracht.</p>',
  },
  { tag: 'CALCULATIONITEMS', description: 'Calculatieregels' },
  {
    tag: 'TEXT',
    description: 'Betaling',
    textcontent:
      '<p>Op al onze leveringen zijn de algemene voorwaarden van Techniek Nederland (2019) van toepassing.</p><p>Met vriendelijke groet,<br>{{ behandelaar.naam }}<br>{{ bedrijf.naam }}</p>',
  },
  { tag: 'PDFFOOTER', description: 'Voettekst', textcontent: '<p>{{ bedrijf.naam }}</p>' },
];

/** The standard credit invoice template's widgets: '{number}' becomes the credited invoice's number. */
const CREDIT_INVOICE_WIDGETS = [
  {
    tag: 'TEXT',
    description: 'Creditering',
    textcontent: `<p>Beste {{ relatie.naam }},</p><p>${CREDIT_INVOICE_TEMPLATE.line} Het bedrag wordt met u verrekend of binnen 14 dagen teruggestort.</p>`,
  },
  { tag: 'CALCULATIONITEMS', description: 'Calculatieregels' },
  {
    tag: 'TEXT',
    description: 'Afsluiting',
    textcontent: '<p>Met vriendelijke groet,<br>{{ behandelaar.naam }}<br>{{ bedrijf.naam }}</p>',
  },
  { tag: 'PDFFOOTER', description: 'Voettekst', textcontent: '<p>{{ bedrijf.naam }}</p>' },
];

async function replaceWidgets(tx: Tx, documentId: number, widgets = INVOICE_WIDGETS) {
  const types = await tx.select().from(documentWidgetType);
  const byTag = new Map(types.map((t) => [t.tag, t.id]));
  await tx.delete(documentWidget).where(eq(documentWidget.documentId, documentId));
  await tx.insert(documentWidget).values(
    widgets.map((w, i) => ({
      documentId,
      documentWidgetTypeId: byTag.get(w.tag)!,
      order: i + 1,
      description: w.description,
      textcontent: w.textcontent ?? '',
    })),
  );
}

/**
 * A demo invoice sent `daysAgo` days ago: numbered and frozen the way sending does it, with its web
 * version kept (no PDF in the demo), then put in its later status.
 */
async function sendDemo(
  tx: Tx,
  storage: FileStorage,
  id: number,
  daysAgo: number,
  then: DocumentStatus = 'sent',
) {
  const [found] = await tx.select().from(salesDocument).where(eq(salesDocument.id, id));
  const doc = await prepareInvoiceForSending(tx, found!);
  const when = new Date(Date.now() - daysAgo * 86_400_000);
  const day = amsterdamDay(when);
  await tx
    .update(salesDocument)
    .set({ documentdate: day, enddate: addDays(day, 14), dateSend: when, status: 'sent' })
    .where(eq(salesDocument.id, id));
  await tx.update(invoice).set({ sentDay: day }).where(eq(invoice.id, id));
  const [sent] = await tx.select().from(salesDocument).where(eq(salesDocument.id, id));
  const { input } = await renderInput(tx, sent!, 'web', { storage, appUrl: '', senderId: null });
  const html = renderDocument(input).html;
  await tx.insert(documentVersion).values({
    documentId: id,
    version: 1,
    status: 'sent',
    html,
    htmlSha256: createHash('sha256').update(html).digest('hex'),
    mailed: false,
  });
  if (doc.calculationId !== null)
    await tx.update(calculation).set({ hasbeensent: true }).where(eq(calculation.id, doc.calculationId));
  if (then !== 'sent') {
    await tx.update(salesDocument).set({ status: then }).where(eq(salesDocument.id, id));
    await paymentsFollowStatus(tx, sent!, 'sent', then);
    await invoiceStatusChanged(tx, sent!, 'sent', then);
  }
}

/** An approved confirmation on a flow, with a standard calculation's lines or the given ones. */
async function approvedConfirmation(
  tx: Tx,
  flowId: number,
  lines: { standardId?: number; mixed?: boolean },
): Promise<number> {
  const c = await createDocument(tx, 'confirmation', { flow_id: flowId });
  if (lines.standardId) await replaceCalculationLines(tx, c.calculation_id!, lines.standardId);
  if (lines.mixed) {
    await tx.execute(sql`delete from calculation_item where calculation_id = ${c.calculation_id}`);
    for (const [name, rate, vat, amount] of [
      ['Zonnepanelen 400 Wp (0% btw woning)', 189.5, 0, 12],
      ['Omvormer 4 kW', 1150, 0, 1],
      ['Spouwmuurisolatie arbeid (9% btw)', 42.5, 9, 24],
      ['Isolatiemateriaal', 18.75, 21, 60],
      ['Voorrijkosten', 65, 21, 1],
    ] as const)
      await createItem(tx, {
        calculation_id: c.calculation_id!,
        item_type: 'manual',
        item_name: name,
        unit_rate_exc_manual: String(rate),
        product_amount: String(amount),
        vat_percentage: vat,
        percentage_vat_0: vat === 0 ? '100' : '0',
        percentage_vat_9: vat === 9 ? '100' : '0',
        percentage_vat_21: vat === 21 ? '100' : '0',
      });
  }
  await tx
    .update(salesDocument)
    .set({ status: 'approved', dateSend: new Date(), dateApproved: new Date() })
    .where(eq(salesDocument.id, c.id));
  return c.id;
}

async function loadCompanyInvoices(
  tx: Tx,
  storage: FileStorage,
  logger: Logger,
  name: string,
  index: number,
) {
  await updateInvoiceSettings(tx, {
    ...COMPANY_DETAILS[index % COMPANY_DETAILS.length]!,
    invoice_payment_days: 14,
  });
  await saveMailTemplate(tx, null, {
    template_type: 'sendinvoice',
    description: 'Factuur versturen',
    subject: 'Factuur {{ document.nummer }}: {{ document.titel }}',
    message:
      '<p>Beste {{ relatie.naam }},</p><p>Hierbij ontvangt u factuur {{ document.nummer }} voor {{ document.titel }} ({{ factuur.bedrag }} incl. btw, te betalen vóór {{ factuur.vervaldatum }}). U vindt de factuur als PDF en als e-factuur (UBL) in de bijlage, en online via <a href="{{ document.link }}">deze link</a>.</p><p>Met vriendelijke groet,<br>{{ gebruiker.naam }}<br>{{ bedrijf.naam }}</p>',
  });
  // The letters of the overdue overview (decision 031), each with the amount still owed.
  await saveMailTemplate(tx, null, {
    template_type: 'paymentreminder',
    description: 'Betalingsherinnering',
    subject: 'Herinnering: factuur {{ document.nummer }} staat nog open',
    message:
      '<p>Beste {{ relatie.naam }},</p><p>Volgens onze administratie hebben wij de betaling van factuur {{ document.nummer }} ({{ document.titel }}) nog niet ontvangen. De vervaldatum is {{ factuur.dagen_te_laat }} dagen verstreken; er staat nog {{ factuur.openstaand }} open.</p><p>Wilt u dit bedrag binnen 7 dagen overmaken? U vindt de factuur via <a href="{{ document.link }}">deze link</a>. Heeft u inmiddels betaald, dan kunt u deze herinnering als niet verzonden beschouwen.</p><p>Met vriendelijke groet,<br>{{ gebruiker.naam }}<br>{{ bedrijf.naam }}</p>',
  });
  await saveMailTemplate(tx, null, {
    template_type: 'paymentnotice',
    description: 'Aanmaning',
    subject: 'Aanmaning: factuur {{ document.nummer }}',
    message:
      '<p>Beste {{ relatie.naam }},</p><p>Ondanks onze eerdere herinnering hebben wij de betaling van factuur {{ document.nummer }} nog niet ontvangen. De factuur is {{ factuur.dagen_te_laat }} dagen over de vervaldatum; het openstaande bedrag is {{ factuur.openstaand }}.</p><p>Wij verzoeken u dit bedrag binnen 14 dagen na dagtekening van deze aanmaning te voldoen. Betaalt u niet binnen deze termijn, dan zijn wij genoodzaakt de wettelijke incassokosten en rente in rekening te brengen.</p><p>De factuur vindt u via <a href="{{ document.link }}">deze link</a>.</p><p>Met vriendelijke groet,<br>{{ gebruiker.naam }}<br>{{ bedrijf.naam }}</p>',
  });
  const template = await createTemplate(tx, 'invoice', { title: 'Standaard factuur' });
  await replaceWidgets(tx, template.id);
  // The standard credit invoice template, chosen in the invoice settings (after the standard invoice
  // template, which stays the company's first).
  const creditTemplate = await createTemplate(tx, 'invoice', { title: CREDIT_INVOICE_TEMPLATE.title });
  await replaceWidgets(tx, creditTemplate.id, CREDIT_INVOICE_WIDGETS);
  await updateInvoiceSettings(tx, { credit_invoice_template_id: creditTemplate.id });

  const standards = await tx
    .select({ id: calculation.id })
    .from(calculation)
    .where(eq(calculation.isTemplate, true))
    .orderBy(asc(calculation.id));
  const flows = await tx
    .select({ id: flow.id })
    .from(flow)
    .where(
      and(
        isNull(flow.deletedAt),
        sql`${flow.flowStatus} in ('project', 'invoice', 'aftercare', 'confirmation')`,
      ),
    )
    .orderBy(asc(flow.id))
    .limit(4);
  if (flows.length === 0 || standards.length === 0) return;
  const std = (i: number) => standards[i % standards.length]!.id;
  const flowAt = (i: number) => flows[i % flows.length]!.id;

  // Sent in date order, so the numbers follow the dates.
  // A quarter with mixed rates: solar at 0%, insulation labour at 9%, material at 21%.
  const mixed = await approvedConfirmation(tx, flowAt(1), { mixed: true });
  const mixedInvoice = await createInvoiceFrom(tx, 'confirmation', mixed, {});
  await sendDemo(tx, storage, mixedInvoice.id, 100, 'paid');
  // A project invoiced in three parts: 30% (paid), 60% (sent, overdue), the rest (draft).
  const project = await approvedConfirmation(tx, flowAt(0), { standardId: std(0) });
  const part1 = await createInvoiceFrom(tx, 'confirmation', project, {
    partialinvoicetype: 'frompercentage',
    partial_value: '30',
  });
  await sendDemo(tx, storage, part1.id, 95, 'paid');
  const part2 = await createInvoiceFrom(tx, 'confirmation', project, {
    partialinvoicetype: 'frompercentage',
    partial_value: '60',
  });
  await sendDemo(tx, storage, part2.id, 45);
  await createInvoiceFrom(tx, 'confirmation', project, { partialinvoicetype: 'rest' });

  // Whole invoices in the other statuses, one credited.
  const other = await approvedConfirmation(tx, flowAt(2), { standardId: std(1) });
  const credited = await createInvoiceFrom(tx, 'confirmation', other, {});
  await sendDemo(tx, storage, credited.id, 40);
  const credit = await createCreditInvoice(tx, credited.id);
  await sendDemo(tx, storage, credit.id, 35);
  const unpayable = await createInvoiceFrom(tx, 'confirmation', other, {});
  await sendDemo(tx, storage, unpayable.id, 30, 'unpayable');
  const expired = await createInvoiceFrom(tx, 'confirmation', other, {});
  await sendDemo(tx, storage, expired.id, 25, 'expired');
  const last = await approvedConfirmation(tx, flowAt(3), { standardId: std(2) });
  const overdue = await createInvoiceFrom(tx, 'confirmation', last, {});
  await sendDemo(tx, storage, overdue.id, 20);
  // Partly paid: a quarter of it came in a few days ago; the rest is still owed.
  const [owedRow] = await tx.select().from(invoice).where(eq(invoice.id, overdue.id));
  const quarter = Math.floor(Number(owedRow?.billedInc ?? 0) / 4);
  if (quarter > 0)
    await registerPayment(
      tx,
      overdue.id,
      { paid_on: amsterdamDay(new Date(Date.now() - 5 * 86_400_000)), amount: `${quarter}.00` },
      { method: 'handmatig', note: 'Eerste termijn' },
    );
  const recent = await createInvoiceFrom(tx, 'confirmation', last, {});
  await sendDemo(tx, storage, recent.id, 2);
  const cancelled = await createInvoiceFrom(tx, 'confirmation', last, {});
  await tx.update(salesDocument).set({ status: 'cancelled' }).where(eq(salesDocument.id, cancelled.id));
  await createInvoiceFrom(tx, 'confirmation', last, {});
  logger.info({ company: name }, 'demo invoices loaded');
}

/**
 * Each demo company's invoice details (address, KvK, VAT id, IBAN), an invoice template and mail
 * template, and invoices in every status: a project in three parts (30% / 60% / rest), one credit
 * invoice, overdue ones, and a quarter with mixed VAT rates. Loaded once: a company with invoices is left alone.
 */
export async function loadInvoicesDemoData(
  db: Database,
  storage: FileStorage,
  logger: Logger,
): Promise<void> {
  for (const [index, demo] of PRODUCT_DEMO.entries()) {
    const [target] = await db.platform((tx) =>
      tx.select({ id: company.id }).from(company).where(eq(company.name, demo.company)),
    );
    if (!target) continue;
    const enteredBy = CRM_DEMO.find((c) => c.company === demo.company)?.enteredBy;
    const user = enteredBy ? await db.platform((tx) => findUserByEmail(tx, enteredBy)) : null;
    await db.tenant({ companyId: target.id, userId: user?.id ?? null }, async (tx) => {
      await tx.execute(
        sql`select pg_advisory_xact_lock(hashtext('installatiemanager:invoices-demo'), ${target.id})`,
      );
      const [existing] = await tx
        .select({ id: salesDocument.id })
        .from(salesDocument)
        .where(eq(salesDocument.kind, 'invoice'))
        .limit(1);
      if (existing) return;
      await loadCompanyInvoices(tx, storage, logger, demo.company, index);
    });
  }
}
