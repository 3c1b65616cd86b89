// Sales and delivery documents: quotations, order confirmations and documents, one engine for all
// (spec 002 sections 3–5 and 9; decision 021). Invoices are the fourth kind (decision 022).
import { FLOW_STAGES, type FlowStage, type FlowStatus, stageOf } from '../flows';
import { DOCUMENT_KIND_LABELS, type DocumentKind, type DocumentStatus, QUOTATION_VALID_DAYS } from './kinds';

export * from './kinds';
export * from './widgets';

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
  // documentwidget persist (decision 043)
  persistConfirm:
    'Deze herhalende widget omzetten in losse widgets per ingevuld formulier? Dit kan niet ongedaan worden gemaakt.',
  persistOnlyRecurring: 'Alleen een herhalende widget kan worden omgezet in losse widgets.',
  persistNeedsForm: 'Kies eerst het formulier van deze herhalende widget.',
  persistNeedsFlow:
    'Een template heeft geen ingevulde formulieren: zet de widget om in een document van een dossier.',
  persistNoCopies: 'Dit dossier heeft nog geen ingevuld formulier van dit soort.',
  persisted: (n: number) => `Widget omgezet in ${n} losse ${n === 1 ? 'widget' : 'widgets'}.`,
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
 * The title of a document made from another (an invoice or confirmation from a quotation or
 * confirmation, decision 044): the source's title, except that a title naming the source's kind
 * ('Opdrachtbevestiging – Oosterstraat 14, Groningen', the default when the request profile is the
 * unnamed 'Standaard') names the new document's kind instead: 'Factuur – Oosterstraat 14, Groningen'.
 * A profile's name ('Zonnepanelen – …') or a title the user wrote is kept as it is.
 */
export function titleFromSource(
  sourceTitle: string,
  sourceKindLabel: string,
  targetKindLabel: string,
): string {
  const title = sourceTitle.trim();
  if (!title) return targetKindLabel;
  if (sourceKindLabel === targetKindLabel) return sourceTitle;
  const prefix = new RegExp(
    `^${sourceKindLabel.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?=$|\\s+[–—-]\\s)`,
    'i',
  );
  return prefix.test(title) ? title.replace(prefix, targetKindLabel).slice(0, 200) : sourceTitle;
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
