// The customer's dossier by the flow hash (spec 002 sections 2-8; issue 15): the flow with its
// branding, timeline, visible documents, forms, files, incidents and visits, and the calls around it
// (company images, flow files, form copies, incidents). Every read runs in a tenant transaction of the
// link's company with no acting user, so nothing of another company can be found.

import {
  CUSTOMER_FORM_INTAKE_STATUSES,
  CUSTOMER_FORM_VERTICAL_TYPE,
  CUSTOMER_TEXTS,
  type CustomerDocumentRef,
  type CustomerDossier,
  type CustomerForm,
  type CustomerIncident,
  customerDossierTitle,
  customerTimeline,
  DEFAULT_COUNTRY,
  DOCUMENT_KINDS,
  DOCUMENT_STATUS_LABELS,
  type DocumentKind,
  type DocumentStatus,
  type FileInfo,
  type FlowDataItem,
  type FlowStage,
  type FlowStatus,
  FORM_MESSAGES,
  type FormValue,
  fullAddress,
  INCIDENT_MESSAGES,
  isVisibleToCustomer,
  type ReportIncidentByCustomer,
  stageOf,
} from '@im/domain';
import { and, asc, desc, eq, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import { profileLogoOfFlow } from '../../platform/branding/profile-branding';
import type { Database, Tx } from '../../platform/db/database';
import { company, companySettings } from '../../platform/db/tables/companies.schema';
import { documentType, salesDocument } from '../../platform/db/tables/documents.schema';
import { storedFile } from '../../platform/db/tables/files.schema';
import { flowProfile } from '../../platform/db/tables/flowprofiles.schema';
import { flow, lead } from '../../platform/db/tables/flows.schema';
import { flowDataItem, intake, vertical } from '../../platform/db/tables/forms.schema';
import { incident, incidentType } from '../../platform/db/tables/incidents.schema';
import { location } from '../../platform/db/tables/locations.schema';
import { agendaItem } from '../../platform/db/tables/planning.schema';
import { AppError, notFound, validationError } from '../../platform/errors';
import { writeLog } from '../../platform/events/write-log';
import type { ReceivedUpload } from '../../platform/files/upload';
import { CUSTOMER_HASH } from '../../platform/http/access';
import { customerCompany } from '../../platform/http/customer-company';
import { type CustomerFlow, customerTx, flowByHash, recordView } from '../../platform/http/customer-link';
import { toIso } from '../../platform/http/dates';
import { type ImageSlot, imageOf } from '../companies';
import { listItems, loadFields, serializeField, setItemStatus, updateItemValues } from '../forms';
import { customerVisibleIncidents, reportIncidentByCustomer, resolveIncidentByCustomer } from '../incidents';
import { readStaffMessagesByCustomer, unreadStaffMessages } from '../messages';
import { customerPictureUrls } from '../pictures';

/** The dossier shows the newest visits (intake and execution appointments), at most this many. */
export const DOSSIER_AGENDA_LIMIT = 20;

export const DOSSIER_TEXTS = {
  fileNotFound: 'Bestand niet gevonden.',
  flowMismatch: 'Dit bestand hoort bij een ander dossier dan deze link.',
} as const;

const q = (hash: string) => encodeURIComponent(hash);

/** The customer's address of a flow file (shown or downloaded through the flow hash). */
export function customerFlowFileUrl(id: number, hash: string): string {
  return `/api/flowfile/${id}/showbycustomer?hash=${q(hash)}`;
}

// ---------------------------------------------------------------- the installer, as the customer sees it

/** The company's logo or customer background of a flow link; null when it has none. */
export async function companyImageByHash(db: Database, hash: string, slot: ImageSlot) {
  const f = await flowByHash(db, hash);
  return customerTx(db, f, async (tx) => {
    // A request profile with its own branding shows its own logo (decision 057).
    const own = slot === 'logo' ? await profileLogoOfFlow(tx, { id: f.id }) : null;
    return own ?? imageOf(tx, slot, eq(companySettings.companyId, f.companyId));
  });
}

// ---------------------------------------------------------------- the dossier

const LEAD_STAGES = {
  new: 'dateLead',
  intake: 'dateIntake',
  quotation: 'dateQuotation',
  confirmation: 'dateConfirmation',
  project: 'dateProject',
  invoice: 'dateInvoice',
  aftercare: 'dateAftercare',
} as const satisfies Record<FlowStage, keyof typeof lead.$inferSelect>;

/** The quotations, confirmations, documents and invoices of the flow the customer may see, newest first. */
async function visibleDocuments(tx: Tx, flowId: number): Promise<CustomerDocumentRef[]> {
  const rows = await tx
    .select({
      kind: salesDocument.kind,
      hash: salesDocument.hash,
      number: salesDocument.number,
      title: salesDocument.title,
      status: salesDocument.status,
      documentdate: salesDocument.documentdate,
      onlyShowApproved: documentType.onlyShowApproved,
    })
    .from(salesDocument)
    .leftJoin(documentType, eq(documentType.id, salesDocument.documentTypeId))
    .where(
      and(
        eq(salesDocument.flowId, flowId),
        eq(salesDocument.isTemplate, false),
        isNull(salesDocument.deletedAt),
        inArray(salesDocument.kind, [...DOCUMENT_KINDS]),
      ),
    )
    .orderBy(
      desc(sql`coalesce(${salesDocument.documentdate}, ${salesDocument.createdAt}::date)`),
      desc(salesDocument.id),
    );
  return rows
    .filter((r) => isVisibleToCustomer(r.status as DocumentStatus, r.onlyShowApproved ?? false))
    .map((r) => ({
      kind: r.kind as DocumentKind,
      hash: r.hash,
      number: r.number,
      title: r.title,
      status: r.status as DocumentStatus,
      status_label: DOCUMENT_STATUS_LABELS[r.status as DocumentStatus] ?? r.status,
      date: r.documentdate,
    }));
}

/** Spec 002 section 4: exactly one visible quotation, confirmation or invoice: the page goes there. */
export function redirectOf(documents: CustomerDocumentRef[]): CustomerDocumentRef | null {
  const candidates = documents.filter((d) => d.kind !== 'document');
  return candidates.length === 1 ? candidates[0]! : null;
}

/** The flow's own flow files (purpose 'flowfile'), oldest first, with the customer's addresses. */
async function customerFlowFiles(tx: Tx, flowId: number, hash: string): Promise<FileInfo[]> {
  const rows = await tx
    .select()
    .from(storedFile)
    .where(
      and(
        eq(storedFile.purpose, 'flowfile'),
        eq(storedFile.ownerType, 'flow'),
        eq(storedFile.ownerId, flowId),
      ),
    )
    .orderBy(asc(storedFile.id));
  return rows.map((f) => toCustomerFileInfo(f, hash));
}

function toCustomerFileInfo(f: typeof storedFile.$inferSelect, hash: string): FileInfo {
  return {
    id: f.id,
    filename: f.filename,
    mime_type: f.mimeType,
    size: f.size,
    created_at: toIso(f.createdAt),
    url: customerFlowFileUrl(f.id, hash),
  };
}

/** The flow's appointments (on the flow or on one of its intakes), newest first; the title is what the customer sees. */
async function customerAgenda(tx: Tx, flowId: number): Promise<CustomerDossier['agendaitems']> {
  const rows = await tx
    .select({ start: agendaItem.startDate, end: agendaItem.endDate, title: agendaItem.title })
    .from(agendaItem)
    .where(
      or(
        eq(agendaItem.flowId, flowId),
        inArray(
          agendaItem.intakeId,
          tx.select({ id: intake.id }).from(intake).where(eq(intake.flowId, flowId)),
        ),
      ),
    )
    .orderBy(desc(agendaItem.startDate), desc(agendaItem.id))
    .limit(DOSSIER_AGENDA_LIMIT);
  return rows.map((r) => ({ start_date: toIso(r.start), end_date: toIso(r.end), description: r.title }));
}

/**
 * The dossier of a flow for its customer. Only what the customer may see is read: no notes, prices,
 * staff names beyond what incidents show, or anything of another flow.
 */
export async function loadDossier(
  tx: Tx,
  f: CustomerFlow,
  hash: string,
  unreadMessages: number,
  now = new Date(),
): Promise<CustomerDossier> {
  const [row] = await tx
    .select({
      flowStatus: flow.flowStatus,
      lead,
      profileName: flowProfile.name,
      address: location.address,
      houseNumber: location.number,
      numberAddition: location.numberAddition,
      city: location.city,
    })
    .from(flow)
    .leftJoin(lead, eq(lead.flowId, flow.id))
    .leftJoin(flowProfile, and(eq(flowProfile.id, flow.flowprofileId), isNull(flowProfile.deletedAt)))
    .leftJoin(location, eq(location.id, flow.locationId))
    .where(eq(flow.id, f.id));
  if (!row) throw notFound(CUSTOMER_TEXTS.flowNotFound);
  const status = row.flowStatus as FlowStatus;
  const dates: Partial<Record<FlowStage, string | null>> = {};
  for (const [stage, column] of Object.entries(LEAD_STAGES) as [
    FlowStage,
    (typeof LEAD_STAGES)[FlowStage],
  ][]) {
    const value = row.lead?.[column] ?? null;
    dates[stage] = value ? toIso(value) : null;
  }
  const current = status === 'completed' || status === 'cancelled' ? status : stageOf(status);
  // One connection: the reads go one after the other.
  const companyInfo = await customerCompany(tx, f.companyId, hash);
  const documents = await visibleDocuments(tx, f.id);
  const forms = await tx
    .select({
      id: flowDataItem.id,
      vertical_id: flowDataItem.verticalId,
      name: vertical.name,
      status: flowDataItem.status,
    })
    .from(flowDataItem)
    .innerJoin(vertical, eq(vertical.id, flowDataItem.verticalId))
    .where(and(customerForms(f.id), inArray(flowDataItem.status, ['open', 'sent'])))
    .orderBy(asc(flowDataItem.id));
  const flowfiles = await customerFlowFiles(tx, f.id, hash);
  const incidents = await customerVisibleIncidents(tx, f.id, now);
  const types = await tx
    .select({ id: incidentType.id, description: incidentType.name })
    .from(incidentType)
    .orderBy(asc(incidentType.name), asc(incidentType.id));
  const agendaitems = await customerAgenda(tx, f.id);
  return {
    hash,
    number: f.number,
    // The flow's description is the office's note: the customer reads the work's name (decision 045).
    title: customerDossierTitle({
      profileName: row.profileName,
      street: fullAddress({
        address: row.address ?? '',
        number: row.houseNumber ?? '',
        numberAddition: row.numberAddition ?? '',
        postcode: '',
        city: '',
        country: DEFAULT_COUNTRY,
      }),
      city: row.city ?? '',
    }),
    flow_status: status,
    lead_date: dates.new ?? null,
    relation: { fullname: f.relationName },
    company: companyInfo,
    timeline: customerTimeline(dates, current),
    documents,
    redirect: redirectOf(documents),
    forms: forms.map((r) => ({ ...r, status: r.status as 'open' | 'sent' })),
    flowfiles,
    incidents,
    incident_types: types,
    agendaitems,
    unread_messages: unreadMessages,
  };
}

/**
 * GET /api/flow/{hash}/getbycustomer: the customer opens their dossier. The open is recorded (staff see
 * "bekeken op ..."), and the company's unread messages become read, as opening the conversation does;
 * `unread_messages` counts the ones that were unread until now. A preview changes nothing.
 */
export async function openDossier(db: Database, hash: string, preview = false): Promise<CustomerDossier> {
  const f = await flowByHash(db, hash);
  return customerTx(db, f, async (tx) => {
    // Staff's "view as customer" (preview) neither counts as an open nor reads the customer's messages.
    if (!preview) await recordView(tx, { kind: 'flow', flowId: f.id, documentId: null });
    const unread = preview
      ? await unreadStaffMessages(tx, f.id)
      : await readStaffMessagesByCustomer(tx, f.id);
    return loadDossier(tx, f, hash, unread);
  });
}

// ---------------------------------------------------------------- flow files

/** A flow file of the link's flow; 404 for any other file (another flow's, an assist file, unknown). */
export async function customerFlowFile(tx: Tx, f: CustomerFlow, id: number) {
  const [row] = await tx
    .select()
    .from(storedFile)
    .where(
      and(
        eq(storedFile.id, id),
        eq(storedFile.purpose, 'flowfile'),
        eq(storedFile.ownerType, 'flow'),
        eq(storedFile.ownerId, f.id),
      ),
    );
  if (!row) throw notFound(DOSSIER_TEXTS.fileNotFound);
  return row;
}

/** The `flow_id` a customer upload may name: absent, or the link's own flow (else 422). */
export function checkUploadFlowId(f: CustomerFlow, raw: string | undefined): void {
  if (raw === undefined || raw === '') return;
  if (!/^\d{1,10}$/.test(raw.trim()) || Number(raw.trim()) !== f.id)
    throw validationError(DOSSIER_TEXTS.flowMismatch, { flow_id: [DOSSIER_TEXTS.flowMismatch] });
}

/** Stores an uploaded (already checked) file as a flow file of the link's flow, logged on the flow. */
export async function storeCustomerFlowFile(
  tx: Tx,
  f: CustomerFlow,
  file: ReceivedUpload,
  hash: string,
): Promise<FileInfo> {
  const [row] = await tx
    .insert(storedFile)
    .values({ ...file, purpose: 'flowfile', ownerType: 'flow', ownerId: f.id })
    .returning();
  await writeLog(tx, {
    type: 'flow',
    id: f.id,
    action: 'upload',
    description: `Bestand ${file.filename} toegevoegd door de klant aan dossier ${f.number}`,
    changes: { file_id: row!.id, purpose: 'flowfile', by: 'customer' },
  });
  return toCustomerFileInfo(row!, hash);
}

// ---------------------------------------------------------------- form copies

function asCustomerItem(item: FlowDataItem, hash: string): FlowDataItem {
  // Where a staff photo was taken is for the office (decision 073): the customer's copy carries no location.
  return {
    ...item,
    pictures: item.pictures.map((p) => ({ ...p, lat: null, lng: null, ...customerPictureUrls(p, hash) })),
  };
}

/**
 * The flow's form copies that are the customer's to fill in (decision 048): survey forms on the flow or
 * on an intake that has not taken place yet; never a project's or a service form, nor the survey of a
 * completed or cancelled intake (the adviser's values stand).
 */
export function customerForms(flowId?: number): SQL {
  return and(
    flowId === undefined ? undefined : eq(flowDataItem.flowId, flowId),
    eq(flowDataItem.itemType, 'form'),
    isNull(flowDataItem.projectId),
    sql`exists (select 1 from ${vertical} where ${vertical.id} = ${flowDataItem.verticalId}
      and ${vertical.type} = ${CUSTOMER_FORM_VERTICAL_TYPE})`,
    or(
      isNull(flowDataItem.intakeId),
      sql`exists (select 1 from ${intake} where ${intake.id} = ${flowDataItem.intakeId}
        and ${intake.status} in (${sql.join(
          CUSTOMER_FORM_INTAKE_STATUSES.map((s) => sql`${s}`),
          sql`, `,
        )}))`,
    ),
  )!;
}

/** A form copy of the link's flow that is the customer's (any other: 404), its photos at the customer's addresses. */
export async function customerItem(tx: Tx, f: CustomerFlow, id: number, hash: string): Promise<FlowDataItem> {
  const [mine] = await tx
    .select({ id: flowDataItem.id })
    .from(flowDataItem)
    .where(and(eq(flowDataItem.id, id), customerForms(f.id)));
  const [item] = mine ? await listItems(tx, { ids: [id], flowId: f.id }) : [];
  if (!item) throw notFound(FORM_MESSAGES.itemNotFound);
  return asCustomerItem(item, hash);
}

/** GET /api/flowdataitem/{id}/getbycustomer: the copy with the fields of its form. */
export async function customerForm(tx: Tx, f: CustomerFlow, id: number, hash: string): Promise<CustomerForm> {
  const item = await customerItem(tx, f, id, hash);
  const fields = await loadFields(tx, [item.vertical_id]);
  return { item, fields: fields.map(serializeField) };
}

/** updatebycustomer: the staff edit's checks and formulas, only on an open copy of the link's flow. */
export async function updateFormByCustomer(
  tx: Tx,
  f: CustomerFlow,
  id: number,
  values: Record<string, FormValue>,
  hash: string,
): Promise<FlowDataItem> {
  await customerItem(tx, f, id, hash);
  await updateItemValues(tx, id, values, { customer: { flowId: f.id } });
  return customerItem(tx, f, id, hash);
}

/** sendbycustomer: the copy is submitted (sent) as marksent does, logged; the customer can no longer edit it. */
export async function sendFormByCustomer(
  tx: Tx,
  f: CustomerFlow,
  id: number,
  hash: string,
): Promise<FlowDataItem> {
  await customerItem(tx, f, id, hash);
  await setItemStatus(tx, id, 'sent', { flowId: f.id });
  return customerItem(tx, f, id, hash);
}

// ---------------------------------------------------------------- incidents

/** saveByCustomer: an incident on the link's flow (a type of another company: 422). */
export async function reportIncidentByHash(
  db: Database,
  hash: string,
  input: ReportIncidentByCustomer,
): Promise<CustomerIncident> {
  const f = await flowByHash(db, hash);
  return customerTx(db, f, (tx) => reportIncidentByCustomer(tx, f.id, input));
}

/**
 * resolveByCustomer by the incident's own hash: unknown 404; an incident whose flow or company was
 * deleted 410 (flowGone); else resolved (already resolved stays as it is).
 */
export async function resolveIncidentByHash(db: Database, incidentHash: string): Promise<CustomerIncident> {
  if (!CUSTOMER_HASH.test(incidentHash)) throw notFound(INCIDENT_MESSAGES.notFound);
  const [row] = await db.platform((tx) =>
    tx
      .select({
        companyId: incident.companyId,
        flowDeletedAt: flow.deletedAt,
        mergedIntoFlowId: flow.mergedIntoFlowId,
        companyDeletedAt: company.deletedAt,
      })
      .from(incident)
      .innerJoin(flow, eq(flow.id, incident.flowId))
      .innerJoin(company, eq(company.id, incident.companyId))
      .where(eq(incident.hash, incidentHash)),
  );
  if (!row) throw notFound(INCIDENT_MESSAGES.notFound);
  if (row.flowDeletedAt || row.mergedIntoFlowId !== null || row.companyDeletedAt)
    throw new AppError('gone', CUSTOMER_TEXTS.flowGone);
  const resolved = await customerTx(db, row, (tx) => resolveIncidentByCustomer(tx, incidentHash));
  if (!resolved) throw notFound(INCIDENT_MESSAGES.notFound);
  return resolved;
}
