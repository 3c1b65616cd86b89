import {
  DEFAULT_WIDGET_COLUMNS,
  type DocumentMailDraft,
  type DocumentRow,
  type DocumentWidget,
  type SalesDocument,
  WIDGET_TAG_LABELS,
  type WidgetTag,
} from '@im/domain';

// Test data in the shapes of docs/api/documents.md; override what a test is about.

const WIDGET_TYPE_IDS: Partial<Record<WidgetTag, number>> = {
  HEADER1: 1,
  TEXT: 2,
  CALCULATIONITEMS: 3,
  WIDGETPICTURE: 4,
};

export function createTestWidget(
  overrides: Partial<DocumentWidget> & { tag?: WidgetTag } = {},
): DocumentWidget {
  const { tag = 'TEXT', ...rest } = overrides;
  const typeId = WIDGET_TYPE_IDS[tag] ?? 9;
  return {
    id: 11,
    document_id: 5,
    order: 1,
    description: WIDGET_TAG_LABELS[tag],
    document_widget_type_id: typeId,
    documentwidgettype: { id: typeId, tag, description: WIDGET_TAG_LABELS[tag] },
    textcontent: '',
    textcontent2: '',
    textcontent3: '',
    stringcontent: '',
    conditions: [],
    custom_class: '',
    custom_styling: '',
    is_hidden: false,
    widgetpicture: null,
    recurringvertical_id: null,
    calculationitemColumns:
      tag === 'CALCULATIONITEMS'
        ? DEFAULT_WIDGET_COLUMNS.map((c) => ({ tag: c, description: c, selected: true }))
        : [],
    calculationitemRows: [],
    colspan: 0,
    ...rest,
  };
}

export function createTestDocument(overrides: Partial<SalesDocument> = {}): SalesDocument {
  const id = overrides.id ?? 5;
  return {
    id,
    kind: 'quotation',
    hash: `hash-${id}`,
    status: 'draft',
    number: 2026001,
    title: 'Warmtepomp Dorpsstraat',
    flow_id: 41,
    flow: { id: 41, number: 1041, description: 'Warmtepomp', flow_status: 'quotation', flowprofile_id: 3 },
    relation: { id: 5, fullname: 'Jan de Boer', email: 'jan@example.nl' },
    calculation_id: null,
    calculation: null,
    documentwidgets: [
      createTestWidget({ id: 11, order: 1, tag: 'HEADER1', description: 'Titel', textcontent: 'Uw offerte' }),
      createTestWidget({
        id: 12,
        order: 2,
        tag: 'TEXT',
        description: 'Inleiding',
        textcontent: '<p>Beste Jan,</p>',
      }),
      createTestWidget({ id: 13, order: 3, tag: 'CALCULATIONITEMS', description: 'Prijzen' }),
    ],
    attachments: [],
    is_template: false,
    document_type_id: null,
    documenttype: null,
    source: null,
    documentdate: '2026-03-02',
    date_send: null,
    date_approved: null,
    date_rejected: null,
    enddate: '2026-04-01',
    custom_css: '',
    signature: null,
    signature_type: null,
    signername: null,
    signatory_name: null,
    location: null,
    additional_message: null,
    subject: null,
    message: null,
    to_email: null,
    sendpdf: true,
    sendattachments: true,
    mailtemplate_id: null,
    rollback_targets: [],
    versions: [],
    created_at: '2026-03-02T10:00:00+01:00',
    updated_at: '2026-03-02T10:00:00+01:00',
    invoice: null,
    ...overrides,
  };
}

export function createTestDocumentRow(overrides: Partial<DocumentRow> = {}): DocumentRow {
  return {
    id: 5,
    kind: 'quotation',
    number: 2026001,
    title: 'Warmtepomp Dorpsstraat',
    status: 'sent',
    flow_id: 41,
    flow_number: 1041,
    relation_id: 5,
    relation_fullname: 'Jan de Boer',
    document_type: null,
    amount_exc_vat: 10000,
    amount_inc_vat: 12100,
    documentdate: '2026-03-02',
    date_send: '2026-03-03T10:00:00+01:00',
    updated_at: '2026-03-03T10:00:00+01:00',
    due: null,
    billed_inc: null,
    ...overrides,
  };
}

export function createTestMailDraft(overrides: Partial<DocumentMailDraft> = {}): DocumentMailDraft {
  return {
    to_email: 'jan@example.nl',
    subject: 'Uw offerte 2026001',
    message: '<p>Beste Jan, hierbij uw offerte.</p>',
    sendpdf: true,
    sendattachments: false,
    mailtemplate_id: 3,
    mailtemplates: [
      { id: 3, description: 'Offerte versturen', template_type: 'sendquotation' },
      { id: 4, description: 'Offerte herinnering', template_type: 'sendquotation' },
    ],
    attachments: [],
    pdf_filename: 'Offerte 2026001.pdf',
    ...overrides,
  };
}
