// The API contract of quotations, order confirmations and documents, their widgets, widget types,
// document types, attachments and sending (spec 002 sections 3–7; decision 021).
import { z } from 'zod';
import {
  CALCULATION_COLUMNS,
  CALCULATION_ROWS,
  DOCUMENT_KINDS,
  DOCUMENT_STATUSES,
  DOCUMENT_TEXTS,
  DOCUMENT_TYPE_STAGES,
  PICTURE_LAYOUTS,
  SHOW_RULE_OPERATORS,
  STAFF_SETTABLE_STATUSES,
  WIDGET_TAGS,
} from '../documents';
import { zFlag } from '../flags';
import { zPaginated, zPaginationQuery } from '../pagination';
import { zCalculation } from './calculations';
import { zFileInfo, zId } from './common';
import { zDueLabel, zInvoiceInfo } from './invoices';
import { zText } from './locations';

const MAX_WIDGET_TEXT = 200_000;

export const zShowRule = z.object({
  field_name: zText(100).default(''),
  operator: z.enum(SHOW_RULE_OPERATORS, { message: DOCUMENT_TEXTS.ruleNeedsField }),
  field_value: zText(255).default(''),
  pretty_description: zText(255).default(''),
});
export type ShowRule = z.infer<typeof zShowRule>;

export const zWidgetColumn = z.object({
  tag: z.enum(CALCULATION_COLUMNS),
  description: z.string(),
  selected: z.boolean(),
});
export const zWidgetRow = z.object({
  tag: z.enum(CALCULATION_ROWS),
  description: z.string(),
  selected: z.boolean(),
});

export const zDocumentWidgetType = z.object({
  id: z.number().int(),
  tag: z.enum(WIDGET_TAGS),
  description: z.string(),
  is_active: z.boolean(),
  /** False while the widget needs data that does not exist yet (forms): not offered in the picker. */
  available: z.boolean(),
  widgets: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type DocumentWidgetType = z.infer<typeof zDocumentWidgetType>;
export const zSaveDocumentWidgetType = z.object({
  tag: z.enum(WIDGET_TAGS, { message: DOCUMENT_TEXTS.widgetTypeNotFound }),
  description: z.string().trim().min(1, 'Vul een omschrijving in.').max(200),
  is_active: zFlag.default(true),
});
export const zUpdateDocumentWidgetType = zSaveDocumentWidgetType.omit({ tag: true }).partial();
export const zDocumentWidgetTypeQuery = z.object({ all: zFlag.optional() });

export const zDocumentWidget = z.object({
  id: z.number().int(),
  document_id: z.number().int(),
  order: z.number().int(),
  description: z.string(),
  document_widget_type_id: z.number().int(),
  documentwidgettype: z.object({ id: z.number().int(), tag: z.enum(WIDGET_TAGS), description: z.string() }),
  textcontent: z.string(),
  textcontent2: z.string(),
  textcontent3: z.string(),
  stringcontent: z.string(),
  conditions: z.array(zShowRule),
  custom_class: z.string(),
  custom_styling: z.string(),
  is_hidden: z.boolean(),
  widgetpicture: zFileInfo.nullable(),
  recurringvertical_id: z.number().int().nullable(),
  calculationitemColumns: z.array(zWidgetColumn),
  calculationitemRows: z.array(zWidgetRow),
  colspan: z.number().int(),
});
export type DocumentWidget = z.infer<typeof zDocumentWidget>;

const widgetFields = {
  description: zText(200).optional(),
  textcontent: z.string().max(MAX_WIDGET_TEXT, 'Deze tekst is te lang.').optional(),
  textcontent2: z.string().max(MAX_WIDGET_TEXT, 'Deze tekst is te lang.').optional(),
  textcontent3: z.string().max(MAX_WIDGET_TEXT, 'Deze tekst is te lang.').optional(),
  stringcontent: zText(255).optional(),
  conditions: z.array(zShowRule).max(50).optional(),
  custom_class: z
    .string()
    .trim()
    .max(200)
    .regex(/^[A-Za-z0-9_\- ]*$/, 'Alleen letters, cijfers, - en _ in een klassenaam.')
    .optional(),
  custom_styling: z
    .string()
    .trim()
    .max(1000)
    .refine((s) => !/[<>{}]|url\s*\(|expression\s*\(|@import/i.test(s), 'Deze opmaak is niet toegestaan.')
    .optional(),
  is_hidden: zFlag.optional(),
  calculationitemColumns: z
    .array(zWidgetColumn.extend({ description: z.string().max(200) }))
    .max(20)
    .optional(),
  calculationitemRows: z
    .array(zWidgetRow.extend({ description: z.string().max(200) }))
    .max(20)
    .optional(),
  colspan: z.coerce.number().int().min(0).max(20).optional(),
  /** RECURRING and VERTICALPHOTOS: the form whose filled-in copies (or photos) the widget shows. */
  recurringvertical_id: zId.nullable().optional(),
};

/** POST /api/documentwidget: a new widget at the end, or right after `after_id`. */
export const zSaveDocumentWidget = z.object({
  document_id: zId,
  document_widget_type_id: zId,
  after_id: zId.optional(),
  ...widgetFields,
});
export const zUpdateDocumentWidget = z.object({
  ...widgetFields,
  /** With update_reason orderOnly: the widget's new position (1 = first); nothing else changes. */
  order: z.coerce.number().int().min(1).max(100_000).optional(),
  update_reason: z.enum(['orderOnly']).optional(),
});
export type SaveDocumentWidget = z.input<typeof zSaveDocumentWidget>;
export type UpdateDocumentWidget = z.input<typeof zUpdateDocumentWidget>;

export const zPreparedWidget = z.object({ id: z.number().int(), visible: z.boolean(), html: z.string() });

export const zDocumentType = z.object({
  id: z.number().int(),
  description: z.string(),
  /** 'confirmation' and 'invoice' for the two types every company has; null for the company's own. */
  system_kind: z.enum(['confirmation', 'invoice']).nullable(),
  flowstage: z.enum(DOCUMENT_TYPE_STAGES).nullable(),
  approval_signature: z.boolean(),
  only_show_approved: z.boolean(),
  documents: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type DocumentType = z.infer<typeof zDocumentType>;
export const zSaveDocumentType = z.object({
  description: z.string().trim().min(1, 'Vul een omschrijving in.').max(100),
  flowstage: z.enum(DOCUMENT_TYPE_STAGES, { message: 'Kies opname of uitvoering.' }),
  approval_signature: zFlag.default(false),
  only_show_approved: zFlag.default(false),
});
/** The two system types keep their flowstage (none); their other settings change. */
export const zUpdateDocumentType = zSaveDocumentType.partial();

export const zDocumentVersion = z.object({
  id: z.number().int(),
  version: z.number().int(),
  status: z.enum(DOCUMENT_STATUSES),
  to_email: z.string().nullable(),
  mailed: z.boolean(),
  html_sha256: z.string(),
  pdf_sha256: z.string().nullable(),
  created_at: z.string(),
});

const zSignature = {
  signature: z.string().nullable(),
  signature_type: z.string().nullable(),
  signername: z.string().nullable(),
  signatory_name: z.string().nullable(),
  location: z.string().nullable(),
  additional_message: z.string().nullable(),
};

export const zSalesDocument = z.object({
  id: z.number().int(),
  kind: z.enum(DOCUMENT_KINDS),
  hash: z.string(),
  status: z.enum(DOCUMENT_STATUSES),
  number: z.number().int().nullable(),
  title: z.string(),
  flow_id: z.number().int().nullable(),
  flow: z
    .object({
      id: z.number().int(),
      number: z.number().int(),
      description: z.string(),
      flow_status: z.string(),
      flowprofile_id: z.number().int().nullable(),
    })
    .nullable(),
  relation: z.object({ id: z.number().int(), fullname: z.string(), email: z.string().nullable() }).nullable(),
  calculation_id: z.number().int().nullable(),
  calculation: zCalculation.nullable(),
  documentwidgets: z.array(zDocumentWidget),
  attachments: z.array(zFileInfo),
  is_template: z.boolean(),
  document_type_id: z.number().int().nullable(),
  documenttype: zDocumentType
    .pick({
      id: true,
      description: true,
      system_kind: true,
      flowstage: true,
      approval_signature: true,
      only_show_approved: true,
    })
    .nullable(),
  /** The document this one was made from (a confirmation from its quotation, ...). */
  source: z
    .object({ id: z.number().int(), kind: z.enum(DOCUMENT_KINDS), number: z.number().int().nullable() })
    .nullable(),
  documentdate: z.string().nullable(),
  date_send: z.string().nullable(),
  date_approved: z.string().nullable(),
  date_rejected: z.string().nullable(),
  enddate: z.string().nullable(),
  custom_css: z.string(),
  ...zSignature,
  subject: z.string().nullable(),
  message: z.string().nullable(),
  to_email: z.string().nullable(),
  sendpdf: z.boolean(),
  sendattachments: z.boolean(),
  mailtemplate_id: z.number().int().nullable(),
  rollback_targets: z.array(z.enum(DOCUMENT_STATUSES)),
  versions: z.array(zDocumentVersion),
  /** Only for an invoice: partial and credit invoices, what it bills, payment (decision 022). */
  invoice: zInvoiceInfo.nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type SalesDocument = z.infer<typeof zSalesDocument>;

export const zDocumentRow = z.object({
  id: z.number().int(),
  kind: z.enum(DOCUMENT_KINDS),
  number: z.number().int().nullable(),
  title: z.string(),
  status: z.enum(DOCUMENT_STATUSES),
  flow_id: z.number().int().nullable(),
  flow_number: z.number().int().nullable(),
  relation_id: z.number().int().nullable(),
  relation_fullname: z.string().nullable(),
  document_type: z.string().nullable(),
  amount_exc_vat: z.number(),
  amount_inc_vat: z.number(),
  documentdate: z.string().nullable(),
  date_send: z.string().nullable(),
  updated_at: z.string(),
  /** Invoices: the due label of spec 002 section 4 and what the invoice bills incl. VAT. */
  due: zDueLabel.nullable(),
  billed_inc: z.number().nullable(),
});
export type DocumentRow = z.infer<typeof zDocumentRow>;
export const zDocumentPage = zPaginated(zDocumentRow);

/** GET /api/{kind}: status 'all' or one status; sort by number, title, relation, status, amount, documentdate, updated. */
export const zDocumentQuery = zPaginationQuery.extend({
  status: z.enum([...DOCUMENT_STATUSES, 'all']).optional(),
  flow_id: zId.optional(),
  document_type_id: zId.optional(),
});
export type DocumentQuery = z.input<typeof zDocumentQuery>;

/** POST /api/{kind}: a new draft on a flow from a template (else the request profile's standard one). */
export const zCreateDocument = z.object({
  flow_id: zId,
  template_id: zId.optional(),
  document_type_id: zId.optional(),
  title: zText(200).optional(),
  /**
   * A dossier calculation of the flow whose copy the document gets (decision 037). Left out: the flow's
   * only dossier calculation, with several the most recently changed one; null: none (the template's
   * lines, else the request profile's standard calculation).
   */
  calculation_id: zId.nullable().optional(),
});
/** POST /api/{kind}/createtemplate: a new empty template (document settings). */
export const zCreateDocumentTemplate = z.object({
  title: z.string().trim().min(1, DOCUMENT_TEXTS.saveAsTemplateName).max(200),
  document_type_id: zId.optional(),
});
export const zCreateFromDocument = z.object({ document_type_id: zId.optional() });

const zIsoDate = z.iso.date({ message: 'Vul een geldige datum in.' });
export const zUpdateDocument = z.object({
  title: zText(200).optional(),
  documentdate: zIsoDate.nullable().optional(),
  enddate: zIsoDate.nullable().optional(),
  custom_css: z.string().max(20_000).optional(),
  /** The generic setter (approved, rejected, cancelled) or, with update_reason rollbackstatus, an earlier status. */
  status: z.enum(DOCUMENT_STATUSES).optional(),
  update_reason: z.enum(['rollbackstatus']).optional(),
  document_type_id: zId.optional(),
});
export type UpdateDocument = z.input<typeof zUpdateDocument>;
export const STAFF_STATUSES = STAFF_SETTABLE_STATUSES;

export const zDuplicateDocument = z.object({ as_template: zFlag.optional() });
export const zSaveDocumentAsTemplate = z.object({
  name: z.string().trim().min(1, DOCUMENT_TEXTS.saveAsTemplateName).max(200),
});
/** resetToTemplate: `template_id`, or the spec's own name of the kind's field (`invoicetemplate_id`, ...). */
export const zResetDocumentToTemplate = z
  .object({
    template_id: zId.optional(),
    quotationtemplate_id: zId.optional(),
    confirmationtemplate_id: zId.optional(),
    documenttemplate_id: zId.optional(),
    invoicetemplate_id: zId.optional(),
  })
  .transform((v, ctx) => {
    const id =
      v.template_id ??
      v.invoicetemplate_id ??
      v.quotationtemplate_id ??
      v.confirmationtemplate_id ??
      v.documenttemplate_id;
    if (id === undefined) {
      ctx.addIssue({ code: 'custom', path: ['template_id'], message: DOCUMENT_TEXTS.templateNotFound });
      return z.NEVER;
    }
    return { template_id: id };
  });
export const zTemplateRef = z.object({
  id: z.number().int(),
  title: z.string(),
  document_type_id: z.number().int().nullable(),
  updated_at: z.string(),
});
export const zTemplateList = z.array(zTemplateRef);
export type TemplateRef = z.infer<typeof zTemplateRef>;
export const zResetHashAnswer = z.object({ hash: z.string() });

export const zDocumentPreview = z.object({
  html: z.string(),
  header_html: z.string(),
  footer_html: z.string(),
});

export const zDocumentMailDraft = z.object({
  to_email: z.string(),
  subject: z.string(),
  message: z.string(),
  sendpdf: z.boolean(),
  sendattachments: z.boolean(),
  mailtemplate_id: z.number().int().nullable(),
  mailtemplates: z.array(
    z.object({ id: z.number().int(), description: z.string(), template_type: z.string() }),
  ),
  attachments: z.array(zFileInfo),
  pdf_filename: z.string(),
});
export type DocumentMailDraft = z.infer<typeof zDocumentMailDraft>;
export const zDocumentMailDraftQuery = z.object({ mailtemplate_id: zId.optional() });

export const zSendDocument = z
  .object({
    to_email: z.string().trim().max(254).default(''),
    subject: z.string().trim().max(300).default(''),
    message: z.string().max(100_000).default(''),
    sendpdf: zFlag.default(true),
    sendattachments: zFlag.default(true),
    mailtemplate_id: zId.nullable().optional(),
    dontsentbutmarksent: zFlag.default(false),
  })
  .superRefine((v, ctx) => {
    if (v.dontsentbutmarksent) return;
    if (!z.email().safeParse(v.to_email).success)
      ctx.addIssue({ code: 'custom', path: ['to_email'], message: DOCUMENT_TEXTS.noRecipient });
    if (!v.subject) ctx.addIssue({ code: 'custom', path: ['subject'], message: 'Vul een onderwerp in.' });
  });
export type SendDocument = z.input<typeof zSendDocument>;

export const zPictureLayout = z.enum(PICTURE_LAYOUTS);

/** documentwidget persist: the standalone widgets that took the recurring widget's place (decision 043). */
export const zPersistedWidgets = z.object({
  message: z.string(),
  documentwidgets: z.array(zDocumentWidget),
});
export type PersistedWidgets = z.infer<typeof zPersistedWidgets>;
