// Sales and delivery documents: quotations, order confirmations and documents, one engine for all
// (spec 002 sections 3–5 and 9; decision 021). Invoices are the fourth kind (decision 022).
import { FLOW_STAGES, type FlowStage, type FlowStatus, stageOf } from '../flows';

/** The kinds the document engine serves; each is its own API resource. */
export const DOCUMENT_KINDS = ['quotation', 'confirmation', 'document', 'invoice'] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

export const DOCUMENT_STATUSES = [
  'draft',
  'sent',
  'approved',
  'rejected',
  'cancelled',
  'expired',
  'paid',
  'unpayable',
] as const;
export type DocumentStatus = (typeof DOCUMENT_STATUSES)[number];

/** Spec 002 section 4 "Status labels". */
export const DOCUMENT_STATUS_LABELS: Record<DocumentStatus, string> = {
  draft: 'concept',
  sent: 'verstuurd',
  approved: 'goedgekeurd',
  rejected: 'afgekeurd',
  cancelled: 'geannuleerd',
  expired: 'verlopen',
  paid: 'betaald',
  unpayable: 'oninbaar',
};

/** Mantine colour per status (badges). */
export const DOCUMENT_STATUS_COLORS: Record<DocumentStatus, string> = {
  draft: 'gray',
  sent: 'blue',
  approved: 'green',
  rejected: 'red',
  cancelled: 'dark',
  expired: 'orange',
  paid: 'green',
  unpayable: 'red',
};

/** Spec 002 section 4: an invoice is draft, sent, paid, unpayable, cancelled or expired. */
export const INVOICE_STATUSES = ['draft', 'sent', 'paid', 'unpayable', 'cancelled', 'expired'] as const;

/** The statuses a kind can have: only a quotation (of the three others) expires; an invoice has its own. */
export function statusesOf(kind: DocumentKind): DocumentStatus[] {
  if (kind === 'invoice') return [...INVOICE_STATUSES];
  return DOCUMENT_STATUSES.filter(
    (s) => s !== 'paid' && s !== 'unpayable' && (s !== 'expired' || kind === 'quotation'),
  );
}

/** Quotation overview filter (spec 002 section 2). */
export const QUOTATION_STATUS_FILTERS = ['draft', 'sent', 'approved', 'rejected', 'all'] as const;

/** Staff may set these directly (spec 002 section 4: approved, rejected or cancelled). */
export const STAFF_SETTABLE_STATUSES = ['approved', 'rejected', 'cancelled'] as const;
/** An invoice: marked paid ('betaald') or unpayable, cancelled, or expired (decision 022). */
export const INVOICE_SETTABLE_STATUSES = ['paid', 'unpayable', 'cancelled', 'expired'] as const;

/** What staff may set through the generic setter: a document anything but draft and sent. */
export function staffSettableStatuses(kind: DocumentKind): readonly DocumentStatus[] {
  if (kind === 'invoice') return INVOICE_SETTABLE_STATUSES;
  if (kind === 'document') return statusesOf(kind).filter((s) => s !== 'draft' && s !== 'sent');
  return STAFF_SETTABLE_STATUSES;
}

/**
 * The earlier statuses a document can be rolled back to (update_reason rollbackstatus): a sent
 * document back to draft; an approved, rejected, expired or cancelled one back to sent (when it was
 * ever sent) or to draft.
 */
export function rollbackTargets(
  status: DocumentStatus,
  wasSent: boolean,
  kind: DocumentKind = 'quotation',
): DocumentStatus[] {
  if (status === 'draft') return [];
  // A sent invoice keeps its number and content: it never goes back to draft (decision 022).
  if (kind === 'invoice') return status === 'sent' ? [] : wasSent ? ['sent'] : ['draft'];
  if (status === 'sent') return ['draft'];
  return wasSent ? ['sent', 'draft'] : ['draft'];
}

/** Customer visibility (spec 002 section 4): not draft or cancelled; only_show_approved hides sent ones. */
export function isVisibleToCustomer(status: DocumentStatus, onlyShowApproved: boolean): boolean {
  if (status === 'draft' || status === 'cancelled') return false;
  if (onlyShowApproved && status !== 'approved') return false;
  return true;
}

export const DOCUMENT_KIND_LABELS: Record<DocumentKind, { one: string; many: string; the: string }> = {
  quotation: { one: 'Offerte', many: 'Offertes', the: 'de offerte' },
  confirmation: { one: 'Opdrachtbevestiging', many: 'Opdrachtbevestigingen', the: 'de opdrachtbevestiging' },
  document: { one: 'Document', many: 'Documenten', the: 'het document' },
  invoice: { one: 'Factuur', many: 'Facturen', the: 'de factuur' },
};

/** The mail template type a kind is sent with (spec 000 section 3). */
export const SEND_MAIL_TEMPLATE_TYPE = {
  quotation: 'sendquotation',
  confirmation: 'sendconfirmation',
  document: null,
  invoice: 'sendinvoice',
} as const;

/** The template's quick validity: a quotation is valid this many days after its date. */
export const QUOTATION_VALID_DAYS = 30;

// Widgets ------------------------------------------------------------------------------------------

/** Spec 002 section 3 "Document widget": every widget type tag. */
export const WIDGET_TAGS = [
  'CALCULATIONITEMS',
  'CALCULATIONITEMSINCLSUBS',
  'ADDITIONALITEMS',
  'WIDGETPICTURE',
  'PAGEBREAK',
  'RECURRING',
  'LOCATIONS',
  'HEADER1',
  'HEADER2',
  'HEADER3',
  'HEADER4',
  'STRING',
  'TEXT',
  'ROOMS',
  'TEXT2COL66',
  'TEXT2COL48',
  'TEXT2COL84',
  'CUSTOMHTML',
  'CUSTOMHTMLPDFONLY',
  'CUSTOMHTMLWEBONLY',
  'PDFFOOTER',
  'PDFHEADER',
  'VERTICALPHOTOS',
] as const;
export type WidgetTag = (typeof WIDGET_TAGS)[number];

/** Dutch names of the widget types (the seeded descriptions of the document widget types). */
export const WIDGET_TAG_LABELS: Record<WidgetTag, string> = {
  CALCULATIONITEMS: 'Calculatieregels',
  CALCULATIONITEMSINCLSUBS: 'Calculatieregels met subregels',
  ADDITIONALITEMS: 'Meerwerk',
  WIDGETPICTURE: 'Afbeelding',
  PAGEBREAK: 'Pagina-einde',
  RECURRING: 'Herhalend formulier',
  LOCATIONS: 'Locaties',
  HEADER1: 'Kop 1',
  HEADER2: 'Kop 2',
  HEADER3: 'Kop 3',
  HEADER4: 'Kop 4',
  STRING: 'Regel tekst',
  TEXT: 'Tekst',
  ROOMS: 'Ruimtes',
  TEXT2COL66: 'Tekst in twee kolommen (50/50)',
  TEXT2COL48: 'Tekst in twee kolommen (33/67)',
  TEXT2COL84: 'Tekst in twee kolommen (67/33)',
  CUSTOMHTML: 'Eigen HTML',
  CUSTOMHTMLPDFONLY: 'Eigen HTML (alleen PDF)',
  CUSTOMHTMLWEBONLY: 'Eigen HTML (alleen web)',
  PDFFOOTER: 'PDF-voettekst',
  PDFHEADER: 'PDF-koptekst',
  VERTICALPHOTOS: "Formulierfoto's",
};

/** Widgets that need a model not built yet: none since the forms issue (decision 023). */
export const WIDGET_TAGS_NEEDING_FORMS: readonly WidgetTag[] = [];

export const CALCULATION_WIDGET_TAGS: readonly WidgetTag[] = [
  'CALCULATIONITEMS',
  'CALCULATIONITEMSINCLSUBS',
  'ADDITIONALITEMS',
];
export const CUSTOM_HTML_TAGS: readonly WidgetTag[] = [
  'CUSTOMHTML',
  'CUSTOMHTMLPDFONLY',
  'CUSTOMHTMLWEBONLY',
];
/** Tags whose text is rich text (sanitised HTML with merge tags). */
export const RICH_TEXT_TAGS: readonly WidgetTag[] = [
  'TEXT',
  'TEXT2COL66',
  'TEXT2COL48',
  'TEXT2COL84',
  'PDFHEADER',
  'PDFFOOTER',
];
/** Tags with a second column of text. */
export const TWO_COLUMN_TAGS: readonly WidgetTag[] = ['TEXT2COL66', 'TEXT2COL48', 'TEXT2COL84'];
/** Tags whose text is one line (stringcontent... kept in textcontent as plain text with merge tags). */
export const PLAIN_LINE_TAGS: readonly WidgetTag[] = ['HEADER1', 'HEADER2', 'HEADER3', 'HEADER4', 'STRING'];

/** Spec 002 section 3: picture layouts (stringcontent of a WIDGETPICTURE). */
export const PICTURE_LAYOUTS = [
  'fullwidth',
  'fullwidthnotopmargin',
  'alignleft',
  'alignright',
  'aligncenter',
  'centerhalf',
] as const;
export type PictureLayout = (typeof PICTURE_LAYOUTS)[number];
export const PICTURE_LAYOUT_LABELS: Record<PictureLayout, string> = {
  fullwidth: 'Volle breedte',
  fullwidthnotopmargin: 'Volle breedte zonder marge boven',
  alignleft: 'Links uitgelijnd',
  alignright: 'Rechts uitgelijnd',
  aligncenter: 'Gecentreerd',
  centerhalf: 'Gecentreerd, halve breedte',
};

/** Spec 002 section 3: the columns of a calculation table. */
export const CALCULATION_COLUMNS = [
  'DESCR',
  'AMOUNT',
  'UNITINCSTARTINCBTW',
  'UNITINCSTARTEXCBTW',
  'UNITEXCSTARTINCBTW',
  'UNITEXCSTARTEXCBTW',
  'STARTINCBTW',
  'STARTEXCBTW',
  'TOTALEXC',
  'BTW6',
  'BTW21',
  'TOTALINC',
] as const;
export type CalculationTableColumn = (typeof CALCULATION_COLUMNS)[number];
export const CALCULATION_COLUMN_LABELS: Record<CalculationTableColumn, string> = {
  DESCR: 'Omschrijving',
  AMOUNT: 'Aantal',
  UNITINCSTARTINCBTW: 'Prijs per eenheid incl. starttarief incl. btw',
  UNITINCSTARTEXCBTW: 'Prijs per eenheid incl. starttarief excl. btw',
  UNITEXCSTARTINCBTW: 'Prijs per eenheid excl. starttarief incl. btw',
  UNITEXCSTARTEXCBTW: 'Prijs per eenheid excl. starttarief excl. btw',
  STARTINCBTW: 'Starttarief incl. btw',
  STARTEXCBTW: 'Starttarief excl. btw',
  TOTALEXC: 'Totaal excl. btw',
  BTW6: 'Btw 6%',
  BTW21: 'Btw 21%',
  TOTALINC: 'Totaal incl. btw',
};
/** The header a column shows in the document. */
export const CALCULATION_COLUMN_HEADERS: Record<CalculationTableColumn, string> = {
  DESCR: 'Omschrijving',
  AMOUNT: 'Aantal',
  UNITINCSTARTINCBTW: 'Prijs incl. btw',
  UNITINCSTARTEXCBTW: 'Prijs excl. btw',
  UNITEXCSTARTINCBTW: 'Prijs incl. btw',
  UNITEXCSTARTEXCBTW: 'Prijs excl. btw',
  STARTINCBTW: 'Starttarief incl. btw',
  STARTEXCBTW: 'Starttarief excl. btw',
  TOTALEXC: 'Totaal excl. btw',
  BTW6: 'Btw 6%',
  BTW21: 'Btw 21%',
  TOTALINC: 'Totaal incl. btw',
};
/** Spec 002 section 9: default quotation columns. */
export const DEFAULT_WIDGET_COLUMNS: readonly CalculationTableColumn[] = [
  'DESCR',
  'AMOUNT',
  'UNITINCSTARTINCBTW',
  'TOTALINC',
];

/** Spec 002 section 3: the total rows under a calculation table. */
export const CALCULATION_ROWS = [
  'HEADER',
  'EXCVATBEFOREEXCDISCOUNT',
  'DISCOUNTEXCVAT',
  'EXCVAT',
  'EXCVAT0',
  'EXCVAT6',
  'EXCVAT9',
  'EXCVAT21',
  'INCVATBEFOREEXCDISCOUNT',
  'DISCOUNTINCVAT',
  'INCVATBEFORE',
  'VAT6',
  'VAT9',
  'VAT21',
  'INCVATAFTER',
] as const;
export type CalculationTotalRow = (typeof CALCULATION_ROWS)[number];
export const CALCULATION_ROW_LABELS: Record<CalculationTotalRow, string> = {
  HEADER: 'Kolomkoppen',
  EXCVATBEFOREEXCDISCOUNT: 'Totaal excl. btw voor korting',
  DISCOUNTEXCVAT: 'Korting excl. btw',
  EXCVAT: 'Totaal excl. btw',
  EXCVAT0: 'Totaal excl. btw tegen 0%',
  EXCVAT6: 'Totaal excl. btw tegen 6%',
  EXCVAT9: 'Totaal excl. btw tegen 9%',
  EXCVAT21: 'Totaal excl. btw tegen 21%',
  INCVATBEFOREEXCDISCOUNT: 'Totaal incl. btw voor korting',
  DISCOUNTINCVAT: 'Korting incl. btw',
  INCVATBEFORE: 'Totaal incl. btw (na korting)',
  VAT6: 'Btw 6%',
  VAT9: 'Btw 9%',
  VAT21: 'Btw 21%',
  INCVATAFTER: 'Totaal incl. btw',
};
export const DEFAULT_WIDGET_ROWS: readonly CalculationTotalRow[] = [
  'HEADER',
  'EXCVAT',
  'VAT9',
  'VAT21',
  'INCVATAFTER',
];

/** Spec 002 section 3: a new widget's description. */
export const NEW_WIDGET_DESCRIPTION = 'nieuwe widget';

// Show rules (conditions) ----------------------------------------------------------------------------

/** Spec 002 section 5: operators over a form field (the forms issue brings the fields). */
export const FIELD_RULE_OPERATORS = [
  'issame',
  'isnotsame',
  'isbigger',
  'isbiggerorequal',
  'issmaller',
  'issmallerorequal',
  'isfilledin',
  'isnotfilledin',
] as const;
/** Spec 002 section 5: template operators over the flow's products; field_value is a product id. */
export const PRODUCT_RULE_OPERATORS = [
  'flowHasInvoicedProduct',
  'flowHasApprovedConfirmedProduct',
  'flowHasConfirmedProduct',
  'flowHasApprovedProduct',
  'flowHasQuotedProduct',
  'flowHasIntakeDocumentProduct',
  'flowHasApprovedIntakeDocumentProduct',
  'flowHasSentIntakeDocumentProduct',
] as const;
export const SHOW_RULE_OPERATORS = [...FIELD_RULE_OPERATORS, ...PRODUCT_RULE_OPERATORS] as const;
export type ShowRuleOperator = (typeof SHOW_RULE_OPERATORS)[number];
export type ProductRuleOperator = (typeof PRODUCT_RULE_OPERATORS)[number];
export const SHOW_RULE_OPERATOR_LABELS: Record<ShowRuleOperator, string> = {
  issame: 'is gelijk aan',
  isnotsame: 'is niet gelijk aan',
  isbigger: 'is groter dan',
  isbiggerorequal: 'is groter dan of gelijk aan',
  issmaller: 'is kleiner dan',
  issmallerorequal: 'is kleiner dan of gelijk aan',
  isfilledin: 'is ingevuld',
  isnotfilledin: 'is niet ingevuld',
  flowHasInvoicedProduct: 'dossier heeft gefactureerd product',
  flowHasApprovedConfirmedProduct: 'dossier heeft goedgekeurd bevestigd product',
  flowHasConfirmedProduct: 'dossier heeft bevestigd product',
  flowHasApprovedProduct: 'dossier heeft goedgekeurd offerteproduct',
  flowHasQuotedProduct: 'dossier heeft geoffreerd product',
  flowHasIntakeDocumentProduct: 'dossier heeft product in opnamedocument',
  flowHasApprovedIntakeDocumentProduct: 'dossier heeft product in goedgekeurd opnamedocument',
  flowHasSentIntakeDocumentProduct: 'dossier heeft product in verstuurd opnamedocument',
};

/**
 * Product rules: the document kinds and statuses whose calculations count. The intake-document
 * operators look at documents whose type has flowstage intake.
 */
export const PRODUCT_RULE_SOURCES: Record<
  ProductRuleOperator,
  { kind: DocumentKind | 'invoice'; statuses: DocumentStatus[] | 'any'; intakeOnly?: boolean }
> = {
  flowHasInvoicedProduct: { kind: 'invoice', statuses: ['sent', 'approved'] },
  flowHasApprovedConfirmedProduct: { kind: 'confirmation', statuses: ['approved'] },
  flowHasConfirmedProduct: { kind: 'confirmation', statuses: ['sent', 'approved'] },
  flowHasApprovedProduct: { kind: 'quotation', statuses: ['approved'] },
  flowHasQuotedProduct: { kind: 'quotation', statuses: ['sent', 'approved'] },
  flowHasIntakeDocumentProduct: { kind: 'document', statuses: 'any', intakeOnly: true },
  flowHasApprovedIntakeDocumentProduct: { kind: 'document', statuses: ['approved'], intakeOnly: true },
  flowHasSentIntakeDocumentProduct: { kind: 'document', statuses: ['sent', 'approved'], intakeOnly: true },
};

// Document types -------------------------------------------------------------------------------------

/** The two types every company has (spec 002 section 9), plus its own types with a flowstage. */
export const SYSTEM_DOCUMENT_TYPES = [
  { system_kind: 'confirmation', description: 'Opdrachtbevestiging' },
  { system_kind: 'invoice', description: 'Factuur' },
] as const;
export const DOCUMENT_TYPE_STAGES = ['intake', 'project'] as const;
export type DocumentTypeStage = (typeof DOCUMENT_TYPE_STAGES)[number];
export const DOCUMENT_TYPE_STAGE_LABELS: Record<DocumentTypeStage, string> = {
  intake: 'Opname',
  project: 'Uitvoering',
};

// Texts ----------------------------------------------------------------------------------------------

/** Spec 002 section 8: the customer page's breaking errors per kind (not found, no longer available). */
export const CUSTOMER_DOCUMENT_ERRORS: Record<DocumentKind, { notFound: string; gone: string }> = {
  quotation: {
    notFound: 'Deze offerte kan niet worden gevonden. Neem a.u.b. contact op.',
    gone: 'Deze offerte is niet meer beschikbaar. Neem a.u.b. contact op.',
  },
  confirmation: {
    notFound: 'Deze opdrachtbevestiging kan niet worden gevonden. Neem a.u.b. contact op.',
    gone: 'Deze opdrachtbevestiging is niet meer beschikbaar. Neem a.u.b. contact op.',
  },
  document: {
    notFound: 'Dit document kan niet worden gevonden. Neem a.u.b. contact op.',
    gone: 'Dit document is niet meer beschikbaar. Neem a.u.b. contact op.',
  },
  invoice: {
    notFound: 'Deze factuur kan niet worden gevonden. Neem a.u.b. contact op.',
    gone: 'Deze factuur is niet meer beschikbaar. Neem a.u.b. contact op.',
  },
};

export const DOCUMENT_TEXTS = {
  notFound: (kind: DocumentKind) =>
    ({
      quotation: 'Deze offerte bestaat niet.',
      confirmation: 'Deze opdrachtbevestiging bestaat niet.',
      document: 'Dit document bestaat niet.',
      invoice: 'Deze factuur bestaat niet.',
    })[kind],
  createFailedTitle: (kind: DocumentKind) =>
    kind === 'quotation'
      ? 'Offerte kon niet worden aangemaakt'
      : kind === 'invoice'
        ? 'Factuur kon niet worden aangemaakt'
        : 'Document kon niet worden aangemaakt',
  createFailedText: (message: string) => `Er is helaas iets fout gegaan. Melding: ${message}`,
  deleteFailedTitle: 'Document kon niet worden verwijderd',
  templateDeleteFailedTitle: 'Template kon niet worden verwijderd',
  sendConfirm: 'Email versturen?',
  sendDocumentConfirm: 'Document versturen?',
  sendConfirmationConfirm: 'Opdrachtbevestiging versturen?',
  sendInvoiceConfirm: 'Factuur versturen?',
  markSentConfirm: 'Markeren als verstuurd zonder e-mail?',
  deleteWidgetConfirm: 'Deze widget verwijderen?',
  deleteItemConfirm: 'Dit item verwijderen?',
  deletePhotoConfirm: 'Weet u zeker dat u deze foto wilt verwijderen?',
  deleteAttachmentConfirm: 'Deze bijlage verwijderen?',
  resetToTemplateConfirm:
    'De widgets en teksten worden vervangen door die van het template; de calculatieregels en bedragen blijven staan. Doorgaan?',
  calculationNotOnFlow: 'Kies een calculatie van dit dossier.',
  duplicateConfirm: 'Dupliceren?',
  resetHashWarning:
    'De oude klantlink werkt hierna niet meer. U moet de klant de nieuwe link opnieuw sturen. Doorgaan?',
  deleteConfirm: (kind: DocumentKind) => `${DOCUMENT_KIND_LABELS[kind].one} verwijderen?`,
  noFlow: 'Kies een dossier.',
  flowGone: 'Dit dossier bestaat niet (meer).',
  templateNotFound: 'Dit template bestaat niet.',
  documentTypeNotFound: 'Kies een documentsoort.',
  documentTypeSystem: 'Deze documentsoort hoort bij elk bedrijf en kan niet worden verwijderd.',
  documentTypeInUse: 'Deze documentsoort wordt nog door documenten gebruikt.',
  widgetTypeNotFound: 'Kies een soort widget.',
  widgetTypeNeedsForms: 'Deze widget komt beschikbaar met de formulieren.',
  widgetTypeInUse: 'Dit widgettype wordt nog in documenten gebruikt.',
  widgetTypeTagTaken: 'Er bestaat al een widgettype met deze code.',
  widgetNotFound: 'Deze widget bestaat niet.',
  notPicture: 'Alleen een afbeelding kan in deze widget.',
  pictureOnlyInPictureWidget: 'Alleen een afbeeldingwidget kan een afbeelding hebben.',
  rollbackNotEarlier: 'Kies een eerdere status.',
  statusNotAllowed: 'Deze status kan hier niet worden gekozen.',
  alreadySent: 'Dit document is al verstuurd.',
  templateNotSendable: 'Een template kan niet worden verstuurd.',
  changedMeanwhile: 'Het document is intussen gewijzigd. Probeer het opnieuw.',
  ruleUnknownField: 'Kies een veld van een van de formulieren.',
  ruleNeedsField: 'Kies een veld en een operator.',
  ruleNeedsProduct: 'Kies een product.',
  noRecipient: 'Vul een geldig e-mailadres in.',
  saveAsTemplateName: 'Vul een naam in.',
  cancelledNotSendable: 'Een geannuleerd document kan niet worden verstuurd.',
} as const;

export * from './render';
export * from './render-input';

const AMSTERDAM_DAY = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Amsterdam',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});
/** The Amsterdam calendar day of a moment, as yyyy-mm-dd. */
export const amsterdamDay = (at: Date): string => AMSTERDAM_DAY.format(at);
/** A yyyy-mm-dd day plus n days. */
export function addDays(day: string, n: number): string {
  const d = new Date(`${day}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}
/** The name every company's first request profile gets: it says nothing to a customer. */
export const STANDARD_FLOWPROFILE_NAME = 'Standaard';

/**
 * A new document's customer-facing title (decision 037): what it is about (the request profile's name,
 * unless it is the company's unnamed 'Standaard'; else the kind or document type) and, when the flow has
 * one, the address of the work: 'Zonnepanelen – Oosterstraat 14, Groningen'. Never the flow's
 * description, which is internal.
 */
export function newDocumentTitle(input: {
  kindLabel: string;
  profileName: string | null;
  street: string;
  city: string;
}): string {
  const profile = (input.profileName ?? '').trim();
  const subject =
    profile && profile.toLowerCase() !== STANDARD_FLOWPROFILE_NAME.toLowerCase() ? profile : input.kindLabel;
  const where = [input.street.trim(), input.city.trim()].filter(Boolean).join(', ');
  return (where ? `${subject} – ${where}` : subject).slice(0, 200);
}

/**
 * What the customer's dossier page calls the dossier (decision 045): the request profile's name (not the
 * company's unnamed 'Standaard') and the address of the work, like a new document's title. Never the
 * flow's description, which is the office's own note ("klant belde n.a.v. buurman"). Empty when the
 * flow has neither: the page then shows only 'Dossier 43'.
 */
export function customerDossierTitle(input: {
  profileName: string | null;
  street: string;
  city: string;
}): string {
  const profile = (input.profileName ?? '').trim();
  const subject = profile.toLowerCase() === STANDARD_FLOWPROFILE_NAME.toLowerCase() ? '' : profile;
  const where = [input.street.trim(), input.city.trim()].filter(Boolean).join(', ');
  return [subject, where].filter(Boolean).join(' – ').slice(0, 200);
}

/** A new document's dates: today, and for a quotation its validity. */
export function newDocumentDates(
  kind: DocumentKind,
  now: Date,
): { documentdate: string; enddate: string | null } {
  const documentdate = amsterdamDay(now);
  return { documentdate, enddate: kind === 'quotation' ? addDays(documentdate, QUOTATION_VALID_DAYS) : null };
}

// The flow follows its documents (decision 021) ---------------------------------------------------------

export type DocumentFlowEvent = 'created' | 'sent' | 'approved' | 'rejected' | 'paid' | 'partlypaid';

/**
 * Where a document event takes its flow: the stage (status) and the sub-status (flow phase, by its
 * Dutch description of spec 001 section 4). A flow only moves forward: an earlier stage moves up to
 * the target; a flow already past it, completed or cancelled keeps its status, and the phase is set only
 * while the flow is in the target stage. Documents of a company type (intake, project) move nothing.
 */
export const DOCUMENT_FLOW_STAGES: Record<
  DocumentKind,
  Partial<Record<DocumentFlowEvent, { status: FlowStage; phase: string | null }>>
> = {
  quotation: {
    created: { status: 'quotation', phase: 'Draft' },
    sent: { status: 'quotation', phase: 'Offerte verstuurd' },
    approved: { status: 'quotation', phase: 'Offerte goedgekeurd' },
    rejected: { status: 'quotation', phase: 'Offerte afgekeurd' },
  },
  confirmation: {
    created: { status: 'confirmation', phase: 'Draft' },
    sent: { status: 'confirmation', phase: 'opdrachtbevestiging verstuurd' },
    approved: { status: 'project', phase: null },
  },
  document: {},
  invoice: {
    created: { status: 'invoice', phase: 'Draft' },
    sent: { status: 'invoice', phase: 'Factuur verstuurd' },
    partlypaid: { status: 'invoice', phase: 'Deel betaling gedaan' },
    paid: { status: 'invoice', phase: 'Betaald' },
  },
};

/** The status a flow moves to for a document event, or null when it stays (see DOCUMENT_FLOW_STAGES). */
export function flowTarget(
  kind: DocumentKind,
  event: DocumentFlowEvent,
  current: FlowStatus,
): { status: FlowStatus; phase: string | null; moves: boolean } | null {
  const target = DOCUMENT_FLOW_STAGES[kind][event];
  if (!target) return null;
  if (current === 'completed' || current === 'cancelled') return null;
  const currentIndex = FLOW_STAGES.indexOf(stageOf(current)!);
  const targetIndex = FLOW_STAGES.indexOf(target.status);
  if (currentIndex > targetIndex) return null;
  return { status: target.status, phase: target.phase, moves: currentIndex < targetIndex };
}
