import { randomBytes } from 'node:crypto';
import {
  DEFAULT_COUNTRY,
  DOCUMENT_KIND_LABELS,
  DOCUMENT_TEXTS,
  type DocumentKind,
  type DomainAction,
  fullAddress,
  INVOICE_TEXTS,
  newDocumentDates,
  newDocumentTitle,
  type SalesDocument,
  type TemplateRef,
  titleFromSource,
} from '@im/domain';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/database';
import { isoFast } from '../../platform/db/iso';
import { documentWidget, salesDocument } from '../../platform/db/tables/documents.schema';
import { flowProfile } from '../../platform/db/tables/flowprofiles.schema';
import { flow } from '../../platform/db/tables/flows.schema';
import { location } from '../../platform/db/tables/locations.schema';
import { conflict, notFound, validationError } from '../../platform/errors';
import { writeLog } from '../../platform/events/write-log';
import {
  copyCalculation,
  createCalculation,
  dossierCalculationFor,
  replaceCalculationLines,
} from '../calculations';
import { lockFlow, nextCompanyNumber } from '../flows';
import { syncCalculationsWithForms } from '../forms';
import { copyWidgets, insertDefaultWidgets } from './copy-document';
import { type DocumentRecord, documentLabel, findDocument, loadDocument } from './document-dto';
import { assertDocumentEditable, documentKind, type NewInvoiceRow } from './document-kinds';
import { requireDocumentType, systemType } from './document-types';
import { followFlow } from './follow-flow';

/** A customer link's secret: 192 random bits, URL-safe. */
export const newDocumentHash = () => randomBytes(24).toString('base64url');

export const nextDocumentNumber = (tx: Tx, kind: DocumentKind) => nextCompanyNumber(tx, `document:${kind}`);

export async function logDocument(
  tx: Tx,
  d: DocumentRecord,
  action: DomainAction,
  description: string,
  changes?: Record<string, unknown>,
) {
  await writeLog(tx, {
    type: d.kind as DocumentKind,
    id: d.id,
    action,
    description,
    changes,
    flowId: d.flowId,
  });
}

async function findTemplate(tx: Tx, kind: DocumentKind, id: number, field = 'template_id') {
  const [row] = await tx
    .select()
    .from(salesDocument)
    .where(
      and(
        eq(salesDocument.id, id),
        eq(salesDocument.kind, kind),
        eq(salesDocument.isTemplate, true),
        isNull(salesDocument.deletedAt),
      ),
    );
  if (!row)
    throw validationError(DOCUMENT_TEXTS.templateNotFound, { [field]: [DOCUMENT_TEXTS.templateNotFound] });
  return row;
}

/**
 * The template a new document starts from: the chosen one, else the request profile's standard
 * template of the kind (settings.template_ids), else the company's first of the kind (for a document:
 * of its type first). None: the default widgets.
 */
async function standardTemplate(tx: Tx, kind: DocumentKind, flowId: number, documentTypeId: number | null) {
  const [chosen] = await tx
    .select({ id: sql<number | null>`(${flowProfile.settings}->'template_ids'->>${kind})::int` })
    .from(flow)
    .innerJoin(flowProfile, eq(flowProfile.id, flow.flowprofileId))
    .where(eq(flow.id, flowId));
  const base = and(
    eq(salesDocument.kind, kind),
    eq(salesDocument.isTemplate, true),
    isNull(salesDocument.deletedAt),
  );
  if (chosen?.id) {
    const [row] = await tx
      .select()
      .from(salesDocument)
      .where(and(base, eq(salesDocument.id, chosen.id)));
    if (row) return row;
  }
  const [row] = await tx
    .select()
    .from(salesDocument)
    .where(base)
    .orderBy(
      documentTypeId === null
        ? asc(salesDocument.id)
        : sql`${salesDocument.documentTypeId} is distinct from ${documentTypeId}`,
      asc(salesDocument.id),
    )
    .limit(1);
  return row ?? null;
}

interface NewDocument {
  kind: DocumentKind;
  flowId: number | null;
  relationId: number | null;
  title: string;
  isTemplate: boolean;
  documentTypeId: number | null;
  calculationId: number | null;
  sourceDocumentId?: number | null;
  customCss?: string;
  /** An invoice's own fields (partial, credit, reverse charge). */
  invoice?: NewInvoiceRow;
}

async function insertDocument(tx: Tx, input: NewDocument): Promise<DocumentRecord> {
  const dates = newDocumentDates(input.kind, new Date());
  const [row] = await tx
    .insert(salesDocument)
    .values({
      kind: input.kind,
      hash: newDocumentHash(),
      // An invoice gets its (gapless) number when it is sent (decision 022).
      number: input.isTemplate || input.kind === 'invoice' ? null : await nextDocumentNumber(tx, input.kind),
      title: input.title,
      flowId: input.flowId,
      relationId: input.relationId,
      calculationId: input.calculationId,
      isTemplate: input.isTemplate,
      documentTypeId: input.documentTypeId,
      sourceDocumentId: input.sourceDocumentId ?? null,
      customCss: input.customCss ?? '',
      documentdate: input.isTemplate ? null : dates.documentdate,
      enddate: input.isTemplate ? null : dates.enddate,
    })
    .returning();
  if (input.kind === 'invoice') await documentKind('invoice').insert(tx, row!.id, input.invoice);
  return row!;
}

/** The document type a kind needs: a confirmation the system type, a document a company type. */
async function typeFor(
  tx: Tx,
  kind: DocumentKind,
  documentTypeId: number | undefined,
): Promise<number | null> {
  if (kind === 'confirmation' || kind === 'invoice') return (await systemType(tx, kind)).id;
  if (kind === 'document') {
    const t = await requireDocumentType(tx, documentTypeId);
    if (t.systemKind !== null)
      throw validationError(DOCUMENT_TEXTS.documentTypeNotFound, {
        document_type_id: [DOCUMENT_TEXTS.documentTypeNotFound],
      });
    return t.id;
  }
  return null;
}

/** A new document's customer-facing title: the request profile's name and the address of the work (decision 037). */
async function titleFor(tx: Tx, kind: DocumentKind, flowId: number, documentTypeId: number | null) {
  const [row] = await tx
    .select({
      profileName: flowProfile.name,
      address: location.address,
      number: location.number,
      numberAddition: location.numberAddition,
      city: location.city,
      typeName: sql<
        string | null
      >`(select t.description from document_type t where t.id = ${documentTypeId})`,
    })
    .from(flow)
    .leftJoin(flowProfile, and(eq(flowProfile.id, flow.flowprofileId), isNull(flowProfile.deletedAt)))
    .leftJoin(location, eq(location.id, flow.locationId))
    .where(eq(flow.id, flowId));
  return newDocumentTitle({
    kindLabel: (kind === 'document' ? row?.typeName : null) ?? DOCUMENT_KIND_LABELS[kind].one,
    profileName: row?.profileName ?? null,
    // The street and house number only: the city follows on its own.
    street: fullAddress({
      address: row?.address ?? '',
      number: row?.number ?? '',
      numberAddition: row?.numberAddition ?? '',
      postcode: '',
      city: '',
      country: DEFAULT_COUNTRY,
    }),
    city: row?.city ?? '',
  });
}

async function liveFlowFor(tx: Tx, flowId: number) {
  try {
    return await lockFlow(tx, flowId);
  } catch {
    throw validationError(DOCUMENT_TEXTS.flowGone, { flow_id: [DOCUMENT_TEXTS.flowGone] });
  }
}

/** POST /api/{kind}: a new draft on a flow, from a template or the request profile's standard one. */
export async function createDocument(
  tx: Tx,
  kind: DocumentKind,
  input: {
    flow_id: number;
    template_id?: number;
    document_type_id?: number;
    title?: string;
    calculation_id?: number | null;
  },
): Promise<SalesDocument> {
  const f = await liveFlowFor(tx, input.flow_id);
  const documentTypeId = await typeFor(tx, kind, input.document_type_id);
  const template =
    input.template_id !== undefined
      ? await findTemplate(tx, kind, input.template_id)
      : await standardTemplate(tx, kind, f.id, documentTypeId);
  const dossierCalculationId = await dossierCalculationFor(tx, f.id, input.calculation_id);
  // A copy of the dossier's calculation (decision 037), else the request profile's standard calculation
  // replaced by the template's lines when it has any.
  const calc =
    dossierCalculationId !== null
      ? { id: await copyCalculation(tx, dossierCalculationId, f.id) }
      : await createCalculation(tx, { flow_id: f.id });
  if (dossierCalculationId === null && template?.calculationId) {
    const [lines] = await tx
      .execute<{ n: number }>(
        sql`select count(*)::int as n from calculation_item where calculation_id = ${template.calculationId}`,
      )
      .then((r) => r.rows);
    if ((lines?.n ?? 0) > 0) await replaceCalculationLines(tx, calc.id, template.calculationId);
  }
  // Lines of products that take their amount from the flow's forms read them now.
  await syncCalculationsWithForms(tx, f.id);
  const doc = await insertDocument(tx, {
    kind,
    flowId: f.id,
    relationId: f.relationId,
    title: input.title ?? (await titleFor(tx, kind, f.id, documentTypeId)),
    isTemplate: false,
    documentTypeId,
    calculationId: calc.id,
    customCss: template?.customCss,
  });
  if (template) await copyWidgets(tx, template.id, doc.id);
  else await insertDefaultWidgets(tx, doc.id, kind);
  await logDocument(
    tx,
    doc,
    'create',
    `${documentLabel(doc)} aangemaakt${template ? ` vanuit template ${template.title}` : ''}`,
  );
  await followFlow(tx, doc, 'created');
  return loadDocument(tx, doc.id);
}

/** POST /api/{kind}/createtemplate: an empty template with the default widgets and its own calculation. */
export async function createTemplate(
  tx: Tx,
  kind: DocumentKind,
  input: { title: string; document_type_id?: number },
): Promise<SalesDocument> {
  const documentTypeId =
    kind === 'document'
      ? await typeFor(tx, kind, input.document_type_id)
      : await typeFor(tx, kind, undefined);
  const calculationId = await copyCalculation(tx, null, null);
  const doc = await insertDocument(tx, {
    kind,
    flowId: null,
    relationId: null,
    title: input.title,
    isTemplate: true,
    documentTypeId,
    calculationId,
  });
  await insertDefaultWidgets(tx, doc.id, kind);
  await logDocument(tx, doc, 'create', `${documentLabel(doc)} aangemaakt`);
  return loadDocument(tx, doc.id);
}

/** A copy of a document: same flow (or none for a template), its widgets and a copy of its calculation. */
async function copyDocument(
  tx: Tx,
  source: DocumentRecord,
  target: {
    kind: DocumentKind;
    isTemplate: boolean;
    documentTypeId: number | null;
    title: string;
    linkSource: boolean;
    invoice?: NewInvoiceRow;
  },
): Promise<DocumentRecord> {
  const flowId = target.isTemplate ? null : source.flowId;
  const calculationId = await copyCalculation(tx, source.calculationId, flowId);
  const doc = await insertDocument(tx, {
    kind: target.kind,
    flowId,
    relationId: target.isTemplate ? null : source.relationId,
    title: target.title,
    isTemplate: target.isTemplate,
    documentTypeId: target.documentTypeId,
    calculationId,
    sourceDocumentId: target.linkSource ? source.id : null,
    customCss: source.customCss,
    invoice: target.invoice,
  });
  await copyWidgets(tx, source.id, doc.id);
  return doc;
}

/** createconfirmationfromquotation, createdocumentfromquotation, createdocumentfromconfirmation. */
export async function createFromDocument(
  tx: Tx,
  sourceKind: DocumentKind,
  id: number,
  targetKind: DocumentKind,
  documentTypeId: number | undefined,
  invoiceFields?: (source: DocumentRecord) => Promise<NewInvoiceRow>,
): Promise<SalesDocument> {
  const source = await findDocument(tx, sourceKind, id);
  if (source.isTemplate || source.flowId === null) throw notFound(DOCUMENT_TEXTS.notFound(sourceKind));
  await liveFlowFor(tx, source.flowId);
  const doc = await copyDocument(tx, source, {
    kind: targetKind,
    isTemplate: false,
    documentTypeId: await typeFor(tx, targetKind, documentTypeId),
    // An invoice from 'Opdrachtbevestiging – …' is 'Factuur – …' to the customer (decision 044).
    title:
      targetKind === 'invoice' || targetKind === 'confirmation'
        ? titleFromSource(
            source.title,
            DOCUMENT_KIND_LABELS[sourceKind].one,
            DOCUMENT_KIND_LABELS[targetKind].one,
          )
        : source.title,
    linkSource: true,
    invoice: invoiceFields ? await invoiceFields(source) : undefined,
  });
  // An invoice or order confirmation keeps the lines it is made from, but reads as its own kind: the
  // request profile's (or the company's first) template of the kind's widgets and CSS, else the kind's
  // default widgets. A confirmation never repeats the quotation's offer and validity (decision 037).
  if (targetKind === 'invoice' || targetKind === 'confirmation') {
    const template = await standardTemplate(tx, targetKind, source.flowId, null);
    await tx.delete(documentWidget).where(eq(documentWidget.documentId, doc.id));
    if (template) {
      await copyWidgets(tx, template.id, doc.id);
      await tx
        .update(salesDocument)
        .set({ customCss: template.customCss })
        .where(eq(salesDocument.id, doc.id));
    } else await insertDefaultWidgets(tx, doc.id, targetKind);
  }
  await logDocument(
    tx,
    doc,
    'create',
    `${documentLabel(doc)} aangemaakt vanuit ${documentLabel(source).toLowerCase()}`,
  );
  await followFlow(tx, doc, 'created');
  return loadDocument(tx, doc.id);
}

/** duplicate: a template's copy is a template (opened in the template editor); `asTemplate` makes one. */
export async function duplicateDocument(tx: Tx, kind: DocumentKind, id: number, asTemplate: boolean) {
  const source = await findDocument(tx, kind, id);
  const isTemplate = source.isTemplate || asTemplate;
  if (!isTemplate && source.flowId !== null) await liveFlowFor(tx, source.flowId);
  const doc = await copyDocument(tx, source, {
    kind,
    isTemplate,
    documentTypeId: source.documentTypeId,
    title: source.isTemplate ? `${source.title} (kopie)` : source.title,
    linkSource: false,
  });
  await logDocument(
    tx,
    doc,
    'duplicate',
    `${documentLabel(doc)} gemaakt als kopie van ${documentLabel(source).toLowerCase()}`,
  );
  return loadDocument(tx, doc.id);
}

export async function saveAsTemplate(tx: Tx, kind: DocumentKind, id: number, name: string) {
  const source = await findDocument(tx, kind, id);
  const doc = await copyDocument(tx, source, {
    kind,
    isTemplate: true,
    documentTypeId: source.documentTypeId,
    title: name,
    linkSource: false,
  });
  await logDocument(
    tx,
    doc,
    'create',
    `${documentLabel(doc)} opgeslagen vanuit ${documentLabel(source).toLowerCase()}`,
  );
  return loadDocument(tx, doc.id);
}

/**
 * Replaces the widgets, texts and custom CSS with the template's. The document's calculation lines and
 * amounts stay (decision 037: a template's lines only start a new document). What was sent stays frozen.
 */
export async function resetToTemplate(tx: Tx, kind: DocumentKind, id: number, templateId: number) {
  const doc = await findDocument(tx, kind, id, { lock: true });
  assertDocumentEditable(doc);
  if (templateId === id)
    throw validationError(DOCUMENT_TEXTS.templateNotFound, {
      template_id: [DOCUMENT_TEXTS.templateNotFound],
    });
  const template = await findTemplate(tx, kind, templateId);
  await tx.delete(documentWidget).where(eq(documentWidget.documentId, id));
  await copyWidgets(tx, template.id, id);
  await tx
    .update(salesDocument)
    .set({ customCss: template.customCss, updatedAt: new Date() })
    .where(eq(salesDocument.id, id));
  await logDocument(tx, doc, 'update', `${documentLabel(doc)} teruggezet naar template ${template.title}`);
  return loadDocument(tx, id);
}

export async function indexTemplates(tx: Tx, kind: DocumentKind): Promise<TemplateRef[]> {
  const rows = await tx
    .select()
    .from(salesDocument)
    .where(
      and(eq(salesDocument.kind, kind), eq(salesDocument.isTemplate, true), isNull(salesDocument.deletedAt)),
    )
    .orderBy(asc(salesDocument.title), asc(salesDocument.id));
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    document_type_id: r.documentTypeId,
    updated_at: isoFast(r.updatedAt),
  }));
}

/** resetHash: a new secret; the old customer link answers 404 from now on. */
export async function resetDocumentHash(tx: Tx, kind: DocumentKind, id: number): Promise<{ hash: string }> {
  const doc = await findDocument(tx, kind, id, { lock: true });
  const hash = newDocumentHash();
  await tx.update(salesDocument).set({ hash, updatedAt: new Date() }).where(eq(salesDocument.id, id));
  await logDocument(tx, doc, 'resethash', `Klantlink van ${documentLabel(doc).toLowerCase()} vernieuwd`);
  return { hash };
}

/** Soft delete: the customer's link answers 410 from now on; numbers are never reused. */
export async function deleteDocument(tx: Tx, kind: DocumentKind, id: number): Promise<void> {
  const doc = await findDocument(tx, kind, id, { lock: true });
  if (kind === 'invoice' && doc.dateSend !== null && !doc.isTemplate)
    throw conflict(INVOICE_TEXTS.sentNotDeletable);
  await tx.update(salesDocument).set({ deletedAt: new Date() }).where(eq(salesDocument.id, id));
  await logDocument(tx, doc, 'delete', `${documentLabel(doc)} verwijderd`);
}
