import { createHash } from 'node:crypto';
import { type DocumentStatus, renderDocument } from '@im/domain';
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
import { product } from '../../platform/db/tables/products.schema';
import type { FileStorage } from '../../platform/files/storage';
import type { Logger } from '../../platform/logger';
import { createItem, replaceCalculationLines } from '../calculations';
import { createDocument, createTemplate, renderInput, saveDocumentType } from '../documents';
import { saveMailTemplate } from '../mailtemplates';
import { findUserByEmail } from '../users';
import { CRM_DEMO } from './crm-demo-data';
import { PRODUCT_DEMO } from './product-demo-data';

type WidgetSpec = { tag: string; description: string; textcontent?: string; textcontent2?: string };

const SIGN_OFF = '<p>Met vriendelijke groet,<br>{{ behandelaar.naam }}<br>{{ bedrijf.naam }}</p>';

const QUOTATION_WIDGETS: WidgetSpec[] = [
  {
    tag: 'TEXT',
    description: 'Aanhef',
    textcontent:
      '<p>Beste {{ relatie.naam }},</p><p>Hartelijk dank voor uw aanvraag en het prettige gesprek. Op basis van de opname bieden wij u het volgende aan.</p>',
  },
  { tag: 'HEADER2', description: 'Kop prijsopgave', textcontent: 'Prijsopgave' },
  { tag: 'CALCULATIONITEMS', description: 'Calculatieregels' },
  {
    tag: 'TEXT2COL66',
    description: 'Wat wij doen',
    textcontent:
      '<p><strong>Wat wij doen</strong></p><ul><li>Levering en montage door eigen monteurs</li><li>Aanmelding bij de netbeheerder</li><li>Uitleg bij oplevering</li></ul>',
    textcontent2:
      '<p><strong>Wat u van ons kunt verwachten</strong></p><ul><li>Planning binnen 6 weken na akkoord</li><li>Vaste prijs, geen verrassingen</li><li>10 jaar installatiegarantie</li></ul>',
  },
  { tag: 'PAGEBREAK', description: 'Nieuwe pagina' },
  { tag: 'HEADER2', description: 'Kop voorwaarden', textcontent: 'Voorwaarden' },
  {
    tag: 'TEXT',
    description: 'Voorwaarden',
    textcontent:
      '<p>Deze offerte is geldig tot {{ document.geldigtot }}. Op al onze offertes en overeenkomsten zijn de algemene voorwaarden van Techniek Nederland (2019) van toepassing. Betaling: 30% bij opdracht, 70% na oplevering.</p>',
  },
  {
    tag: 'TEXT',
    description: 'Afsluiting',
    textcontent: `<p>Wij zien uw reactie graag tegemoet.</p>${SIGN_OFF}`,
  },
  {
    tag: 'PDFFOOTER',
    description: 'Voettekst',
    textcontent: '<p>{{ bedrijf.naam }} · KvK 12345678 · NL00 RABO 0123 4567 89</p>',
  },
];

const CONFIRMATION_WIDGETS: WidgetSpec[] = [
  {
    tag: 'TEXT',
    description: 'Aanhef',
    textcontent:
      '<p>Beste {{ relatie.naam }},</p><p>Hartelijk dank voor uw opdracht. Hierbij bevestigen wij uw opdracht voor {{ document.titel }}; hieronder staat wat wij voor u gaan uitvoeren.</p>',
  },
  { tag: 'CALCULATIONITEMS', description: 'Calculatieregels' },
  {
    tag: 'TEXT',
    description: 'Planning',
    textcontent: `<p>Na ondertekening nemen wij binnen vijf werkdagen contact met u op om de werkzaamheden in te plannen.</p>${SIGN_OFF}`,
  },
  { tag: 'PDFFOOTER', description: 'Voettekst', textcontent: '<p>{{ bedrijf.naam }} · KvK 12345678</p>' },
];

const DELIVERY_WIDGETS: WidgetSpec[] = [
  {
    tag: 'TEXT',
    description: 'Oplevering',
    textcontent:
      '<p>Beste {{ relatie.naam }},</p><p>Op {{ vandaag }} hebben wij de installatie opgeleverd en met u doorgelopen. Alles werkt naar behoren.</p>',
  },
  { tag: 'LOCATIONS', description: 'Adres' },
  { tag: 'TEXT', description: 'Afsluiting', textcontent: SIGN_OFF },
];

async function replaceWidgets(tx: Tx, documentId: number, specs: WidgetSpec[]) {
  const types = await tx.select().from(documentWidgetType);
  const byTag = new Map(types.map((t) => [t.tag, t.id]));
  await tx.delete(documentWidget).where(eq(documentWidget.documentId, documentId));
  await tx.insert(documentWidget).values(
    specs.map((w, i) => ({
      documentId,
      documentWidgetTypeId: byTag.get(w.tag)!,
      order: i + 1,
      description: w.description,
      textcontent: w.textcontent ?? '',
      textcontent2: w.textcontent2 ?? '',
    })),
  );
}

/** 40 lines over 0, 9 and 21 % VAT, grouped under headers (the big demo quotation). */
async function fortyLines(tx: Tx, calculationId: number) {
  await tx.execute(sql`delete from calculation_item where calculation_id = ${calculationId}`);
  const products = await tx.select({ id: product.id }).from(product).orderBy(asc(product.id));
  // Three groups, each a header over its lines: 3 headers and 37 lines make 40.
  const headers = new Map([
    [0, 'Zonnestroominstallatie'],
    [13, 'Montage en arbeid'],
    [26, 'Meerwerk en opties'],
  ]);
  for (let i = 0; i < 37; i++) {
    const header = headers.get(i);
    if (header)
      await createItem(tx, { calculation_id: calculationId, item_type: 'header', item_name: header });
    const p = products[i % products.length];
    if (i % 3 === 2 || !p) {
      const rate = [21, 9, 0][Math.floor(i / 3) % 3]!;
      await createItem(tx, {
        calculation_id: calculationId,
        item_type: 'manual',
        item_name: `Werkzaamheden ${i + 1} (${rate}% btw)`,
        vat_percentage: rate as 0 | 9 | 21,
        unit_rate_exc_manual: String(45 + i * 3),
        product_amount: String(1 + (i % 4)),
        percentage_vat_0: rate === 0 ? '100' : '0',
        percentage_vat_9: rate === 9 ? '100' : '0',
        percentage_vat_21: rate === 21 ? '100' : '0',
      });
    } else {
      await createItem(tx, {
        calculation_id: calculationId,
        item_type: 'product',
        product_id: p.id,
        product_amount: String(1 + (i % 5)),
      });
    }
  }
}

/** A demo document in a later status, with its sent version frozen as HTML (no PDF in the demo). */
async function setStatus(tx: Tx, storage: FileStorage, id: number, status: DocumentStatus, daysAgo: number) {
  const when = new Date(Date.now() - daysAgo * 86_400_000);
  if (status !== 'draft' && status !== 'cancelled') {
    const [doc] = await tx.select().from(salesDocument).where(eq(salesDocument.id, id));
    const { input } = await renderInput(tx, doc!, 'web', { storage, appUrl: '', senderId: null });
    const html = renderDocument(input).html;
    await tx.insert(documentVersion).values({
      documentId: id,
      version: 1,
      status: 'sent',
      html,
      htmlSha256: createHash('sha256').update(html).digest('hex'),
      mailed: false,
    });
    await tx.update(calculation).set({ hasbeensent: true }).where(eq(calculation.id, doc!.calculationId!));
  }
  await tx
    .update(salesDocument)
    .set({
      status,
      dateSend: status === 'draft' || status === 'cancelled' ? null : when,
      dateApproved: status === 'approved' ? when : null,
      dateRejected: status === 'rejected' ? when : null,
    })
    .where(eq(salesDocument.id, id));
}

const STATUSES: DocumentStatus[] = ['draft', 'sent', 'approved', 'rejected', 'expired', 'cancelled'];

async function loadCompanyDocuments(tx: Tx, storage: FileStorage, logger: Logger, name: string) {
  await saveMailTemplate(tx, null, {
    template_type: 'sendquotation',
    description: 'Offerte versturen',
    subject: 'Uw offerte {{ document.nummer }}: {{ document.titel }}',
    message:
      '<p>Beste {{ relatie.naam }},</p><p>Hierbij ontvangt u onze offerte voor {{ document.titel }} ({{ document.bedrag }} incl. btw). U vindt de offerte als PDF in de bijlage. U kunt de offerte ook online bekijken en ondertekenen via <a href="{{ document.link }}">deze link</a>; de offerte is geldig tot {{ document.geldigtot }}.</p><p>Met vriendelijke groet,<br>{{ gebruiker.naam }}<br>{{ bedrijf.naam }}</p>',
  });
  await saveMailTemplate(tx, null, {
    template_type: 'sendconfirmation',
    description: 'Opdrachtbevestiging versturen',
    subject: 'Opdrachtbevestiging {{ document.nummer }}: {{ document.titel }}',
    message:
      '<p>Beste {{ relatie.naam }},</p><p>Hartelijk dank voor uw opdracht. In de bijlage vindt u de opdrachtbevestiging. Wilt u deze ondertekenen via <a href="{{ document.link }}">deze link</a>? Daarna plannen wij de werkzaamheden in.</p><p>Met vriendelijke groet,<br>{{ gebruiker.naam }}<br>{{ bedrijf.naam }}</p>',
  });
  const quotationTpl = await createTemplate(tx, 'quotation', { title: 'Standaard offerte' });
  await replaceWidgets(tx, quotationTpl.id, QUOTATION_WIDGETS);
  const confirmationTpl = await createTemplate(tx, 'confirmation', {
    title: 'Standaard opdrachtbevestiging',
  });
  await replaceWidgets(tx, confirmationTpl.id, CONFIRMATION_WIDGETS);
  const delivery = await saveDocumentType(tx, {
    description: 'Opleverrapport',
    flowstage: 'project',
    approval_signature: true,
    only_show_approved: false,
  });
  await saveDocumentType(tx, {
    description: 'Opnamerapport',
    flowstage: 'intake',
    approval_signature: false,
    only_show_approved: true,
  });
  const deliveryTpl = await createTemplate(tx, 'document', {
    title: 'Opleverrapport',
    document_type_id: delivery.id,
  });
  await replaceWidgets(tx, deliveryTpl.id, DELIVERY_WIDGETS);

  // The catalogue's standard calculations give the other quotations their lines.
  const standards = await tx
    .select({ id: calculation.id })
    .from(calculation)
    .where(eq(calculation.isTemplate, true))
    .orderBy(asc(calculation.id));
  const flows = await tx
    .select({ id: flow.id })
    .from(flow)
    .where(and(isNull(flow.deletedAt), sql`${flow.flowStatus} in ('quotation', 'confirmation', 'project')`))
    .orderBy(asc(flow.id))
    .limit(STATUSES.length + 2);
  for (const [i, f] of flows.slice(0, STATUSES.length).entries()) {
    const q = await createDocument(tx, 'quotation', { flow_id: f.id, template_id: quotationTpl.id });
    if (i === 0) await fortyLines(tx, q.calculation_id!);
    else if (standards.length > 0)
      await replaceCalculationLines(tx, q.calculation_id!, standards[i % standards.length]!.id);
    await setStatus(tx, storage, q.id, STATUSES[i]!, 20 - i);
  }
  const [later] = flows.slice(STATUSES.length);
  if (later) {
    const c = await createDocument(tx, 'confirmation', {
      flow_id: later.id,
      template_id: confirmationTpl.id,
    });
    if (standards[0]) await replaceCalculationLines(tx, c.calculation_id!, standards[0].id);
    await setStatus(tx, storage, c.id, 'sent', 3);
    // Sent, so the customer can sign the delivery report through its link (its type asks a signature).
    const report = await createDocument(tx, 'document', {
      flow_id: later.id,
      document_type_id: delivery.id,
      template_id: deliveryTpl.id,
    });
    await setStatus(tx, storage, report.id, 'sent', 1);
  }
  logger.info(
    { company: name, quotations: Math.min(flows.length, STATUSES.length) },
    'demo documents loaded',
  );
}

/**
 * Document templates in Dutch, two company document types, and quotations in every status on demo
 * flows (the first with 40 lines over three VAT rates). Loaded once: a company with templates is left alone.
 */
export async function loadDocumentsDemoData(
  db: Database,
  storage: FileStorage,
  logger: Logger,
): Promise<void> {
  for (const demo of PRODUCT_DEMO) {
    const [target] = await db.platform((tx) =>
      tx.select({ id: company.id }).from(company).where(eq(company.name, demo.company)),
    );
    if (!target) continue;
    const enteredBy = CRM_DEMO.find((c) => c.company === demo.company)?.enteredBy;
    const user = enteredBy ? await db.platform((tx) => findUserByEmail(tx, enteredBy)) : null;
    await db.tenant({ companyId: target.id, userId: user?.id ?? null }, async (tx) => {
      await tx.execute(
        sql`select pg_advisory_xact_lock(hashtext('installatiemanager:documents-demo'), ${target.id})`,
      );
      const [existing] = await tx.select({ id: salesDocument.id }).from(salesDocument).limit(1);
      if (existing) return;
      await loadCompanyDocuments(tx, storage, logger, demo.company);
    });
  }
}
