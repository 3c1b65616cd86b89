// The customer's pages by hash link (spec 002 sections 2-8; issue 15). One shape for server and web.
import { z } from 'zod';
import { CUSTOMER_TEXTS, SIGNABLE_KINDS } from '../customer';
import { DOCUMENT_KINDS, DOCUMENT_STATUSES } from '../documents';
import { zFlag } from '../flags';
import { FLOW_STAGES, FLOW_STATUSES } from '../flows';
import { zFileInfo } from './common';
import { zCustomerCompany } from './companies';
import { zFlowDataItem, zVerticalDataField } from './forms';
import { zCustomerIncident } from './incidents';

/** A customer hash in a path: 128 random bits and more, URL-safe. */
export const zCustomerHashParams = z.object({ hash: z.string().min(1).max(200) });
export const zCustomerIdHashQuery = z.object({ hash: z.string().min(1).max(200) });

export const zTimelineStep = z.object({
  stage: z.enum(FLOW_STAGES),
  label: z.string(),
  date: z.string().nullable(),
  state: z.enum(['done', 'current', 'todo']),
});

/** A document of the flow the customer may see (spec 002 section 4). */
export const zCustomerDocumentRef = z.object({
  kind: z.enum(DOCUMENT_KINDS),
  hash: z.string(),
  number: z.number().int().nullable(),
  title: z.string(),
  status: z.enum(DOCUMENT_STATUSES),
  status_label: z.string(),
  date: z.string().nullable(),
});
export type CustomerDocumentRef = z.infer<typeof zCustomerDocumentRef>;

export const zCustomerFormRef = z.object({
  id: z.number().int(),
  vertical_id: z.number().int(),
  name: z.string(),
  status: z.enum(['open', 'sent']),
});

/** GET /api/flow/{hash}/getbycustomer: the customer's dossier. */
export const zCustomerDossier = z.object({
  hash: z.string(),
  number: z.number().int(),
  /** The work in the customer's words (`customerDossierTitle`): request profile and address, never the
   * flow's internal description (decision 045). May be empty. */
  title: z.string(),
  flow_status: z.enum(FLOW_STATUSES),
  lead_date: z.string().nullable(),
  relation: z.object({ fullname: z.string() }),
  company: zCustomerCompany,
  timeline: z.array(zTimelineStep),
  /** Quotations, confirmations, documents and invoices the customer may see, newest first. */
  documents: z.array(zCustomerDocumentRef),
  /** Exactly one visible quotation, confirmation or invoice: the page goes there (spec 002 section 4). */
  redirect: zCustomerDocumentRef.nullable(),
  forms: z.array(zCustomerFormRef),
  flowfiles: z.array(zFileInfo),
  incidents: z.array(zCustomerIncident),
  incident_types: z.array(z.object({ id: z.number().int(), description: z.string() })),
  /** Planned visits (intake and execution appointments). */
  agendaitems: z.array(z.object({ start_date: z.string(), end_date: z.string(), description: z.string() })),
  unread_messages: z.number().int(),
});
export type CustomerDossier = z.infer<typeof zCustomerDossier>;

/** The signature and facts the customer gave when approving or rejecting one version. */
export const zCustomerResponse = z.object({
  action: z.enum(['approved', 'rejected']),
  version: z.number().int(),
  signername: z.string(),
  signatory_name: z.string(),
  location: z.string(),
  additional_message: z.string(),
  signature_type: z.string().nullable(),
  has_signature: z.boolean(),
  ip_address: z.string(),
  user_agent: z.string(),
  html_sha256: z.string(),
  pdf_sha256: z.string().nullable(),
  created_at: z.string(),
  /** The signed PDF (with its signature page): staff download it; the customer by hash. */
  signed_pdf_url: z.string().nullable(),
});
export type CustomerResponse = z.infer<typeof zCustomerResponse>;

/** GET /api/{quotation|confirmation|document}/{hash}/getbycustomer. */
export const zCustomerDocument = z.object({
  kind: z.enum(DOCUMENT_KINDS),
  number: z.number().int().nullable(),
  title: z.string(),
  status: z.enum(DOCUMENT_STATUSES),
  status_label: z.string(),
  documentdate: z.string().nullable(),
  enddate: z.string().nullable(),
  version: z.number().int(),
  /** The exact HTML of the version the customer was sent (shown in a sandboxed frame). */
  html: z.string(),
  has_pdf: z.boolean(),
  flow_hash: z.string().nullable(),
  company: zCustomerCompany,
  attachments: z.array(z.object({ id: z.number().int(), filename: z.string(), url: z.string() })),
  /** Whether the customer can still approve or reject this version, and how. */
  approval: z.object({
    open: z.boolean(),
    needs_signature: z.boolean(),
    agreement_message: z.string(),
  }),
  /** The answer already given on this version, if any. */
  response: zCustomerResponse.nullable(),
});
export type CustomerDocument = z.infer<typeof zCustomerDocument>;

const zName = z
  .string({ error: CUSTOMER_TEXTS.nameRequired })
  .trim()
  .min(1, CUSTOMER_TEXTS.nameRequired)
  .max(200);
const zShort = z.string().trim().max(200).optional();

/** A drawn signature: a PNG data URL (or bare base64), at most 1 MB. */
export const zSignatureImage = z
  .string()
  .max(1_400_000)
  .regex(/^(data:image\/png;base64,)?[A-Za-z0-9+/]+=*$/, CUSTOMER_TEXTS.signatureInvalid);

/** approvebycustomer (spec 002 section 7). */
export const zApproveByCustomer = z.object({
  signername: zName,
  signatory_name: zShort,
  location: zShort,
  signerplace: zShort,
  signature: zSignatureImage.optional(),
  signature_type: z.string().trim().max(40).optional(),
  additional_message: z.string().trim().max(5000).optional(),
  agreeswithoffer: zFlag.optional(),
});
export type ApproveByCustomer = z.input<typeof zApproveByCustomer>;

/** rejectbycustomer: a name, and why if they like. */
export const zRejectByCustomer = z.object({
  signername: zName,
  additional_message: z.string().trim().max(5000).optional(),
});
export type RejectByCustomer = z.input<typeof zRejectByCustomer>;

export const zCustomerAnswer = z.object({ message: z.string(), status: z.enum(DOCUMENT_STATUSES) });

export const zSignableKind = z.enum(SIGNABLE_KINDS);

/** GET /api/flowdataitem/{id}/getbycustomer?hash=: a form copy with its fields, for the customer. */
export const zCustomerForm = z.object({
  item: zFlowDataItem,
  fields: z.array(zVerticalDataField),
});
export type CustomerForm = z.infer<typeof zCustomerForm>;

/** When staff see a customer page was opened ("bekeken op ..."). */
export const zCustomerView = z.object({
  kind: z.enum(['flow', 'quotation', 'confirmation', 'document', 'invoice']),
  document_id: z.number().int().nullable(),
  viewed_at: z.string(),
});
export const zCustomerViews = z.object({
  first_viewed_at: z.string().nullable(),
  last_viewed_at: z.string().nullable(),
  count: z.number().int(),
});
export type CustomerViews = z.infer<typeof zCustomerViews>;

/** GET /api/{kind}/{id}/customeractivity (staff): when the customer opened it and what they answered. */
export const zCustomerActivity = z.object({
  views: zCustomerViews,
  responses: z.array(
    zCustomerResponse.extend({
      id: z.number().int(),
      /** The drawn signature (PNG), for staff. */
      signature_url: z.string().nullable(),
      /** Staff download of the signed PDF. */
      signed_pdf_url: z.string().nullable(),
    }),
  ),
});
export type CustomerActivity = z.infer<typeof zCustomerActivity>;

/** GET/PATCH /api/company/customerpagesettings: how the customer pages ask for approval and expire. */
export const zCustomerPageSettings = z.object({
  /** Approving a quotation or confirmation (and any document) needs a drawn signature. */
  confirmation_approval_signature: z.boolean(),
  /** Kinds whose link stops working after the document's end date. */
  customer_link_expiry: z.array(z.enum(DOCUMENT_KINDS)),
});
export type CustomerPageSettings = z.infer<typeof zCustomerPageSettings>;
export const zUpdateCustomerPageSettings = z.object({
  confirmation_approval_signature: zFlag.optional(),
  customer_link_expiry: z
    .array(z.enum(DOCUMENT_KINDS))
    .max(DOCUMENT_KINDS.length)
    .transform((kinds) => [...new Set(kinds)])
    .optional(),
});
export type UpdateCustomerPageSettings = z.input<typeof zUpdateCustomerPageSettings>;

/**
 * signature showSignature (GET /api/signature/{id}, id: the customer's answer): the drawn signature as a
 * PNG data URL (null for a ticked agreement or a rejection) and its type. PATCH renames only the PNG's
 * file name; who signed, where, the image and its evidence never change (decision 043).
 */
export const zSignature = z.object({
  id: z.number().int(),
  document_id: z.number().int(),
  document_kind: zSignableKind,
  action: z.enum(['approved', 'rejected']),
  signername: z.string(),
  signatory_name: z.string(),
  location: z.string(),
  signature_type: z.string().nullable(),
  signature: z.string().nullable(),
  filename: z.string().nullable(),
  created_at: z.string(),
});
export type Signature = z.infer<typeof zSignature>;
