// The customer's pages (spec 002): what the installer's customer sees through a hash link, without
// logging in. One set of rules for server and web: the timeline, who must sign, the texts.
import type { DocumentKind } from '../documents';
import { FLOW_STAGE_LABELS, FLOW_STAGES, type FlowStage } from '../flows';

/** Spec 002 section 9: the questions panel and the open form wait this long after the page shows. */
export const CUSTOMER_QUESTIONS_DELAY_MS = 2000;
export const CUSTOMER_OPEN_FORM_DELAY_MS = 750;
/** The customer page scales down below this width (spec 002 section 9). */
export const CUSTOMER_PAGE_WIDTH = 793;
/** Photo width on the customer pages (getbycustomer?width=400). */
export const CUSTOMER_PICTURE_WIDTH = 400;

/** The customer routes' options (spec 002 section 2). */
export const CUSTOMER_OPTIONS = ['questions', 'withOpenForm', 'paymentCompleted'] as const;
export type CustomerOption = (typeof CUSTOMER_OPTIONS)[number];

/** The documents a customer can approve or reject (an invoice is paid, not signed). */
export const SIGNABLE_KINDS = ['quotation', 'confirmation', 'document'] as const;
export type SignableKind = (typeof SIGNABLE_KINDS)[number];
export const isSignableKind = (kind: string): kind is SignableKind =>
  (SIGNABLE_KINDS as readonly string[]).includes(kind);

/** The customer's hash routes per document kind. */
export const CUSTOMER_DOCUMENT_ROUTES: Record<DocumentKind, string> = {
  quotation: '/customer_quotation_detail',
  confirmation: '/customer_confirmation_detail',
  document: '/customer_document_detail',
  invoice: '/customer_invoice_detail',
};

/**
 * Spec 002 section 5: the agreement message per kind, plain (tick the box) or with a signature.
 * The confirmation's signature variant continues the plain sentence as the spec writes it.
 */
export const AGREEMENT_MESSAGES: Record<SignableKind, { agreement: string; signature: string }> = {
  confirmation: {
    agreement: 'U kunt de opdrachtbevestiging pas ondertekenen als u akkoord geeft.',
    signature:
      'U kunt de opdrachtbevestiging pas ondertekenen als u akkoord geeft door digitaal uw handtekening te zetten.',
  },
  quotation: {
    agreement: 'U kunt de offerte pas ondertekenen als u akkoord geeft.',
    signature:
      'U kunt de offerte pas ondertekenen als u akkoord geeft door digitaal uw handtekening te zetten.',
  },
  document: {
    agreement: 'U kunt dit document pas ondertekenen als u akkoord geeft.',
    signature:
      'U kunt het document pas ondertekenen als u akkoord geeft door digitaal uw handtekening te zetten.',
  },
};

/**
 * The agreement tick's own label per kind. The spec's agreement message above is what the customer is
 * told when approving without the tick; the tick itself says what the customer agrees to.
 */
export const AGREEMENT_LABELS: Record<SignableKind, string> = {
  confirmation: 'Ik ga akkoord met deze opdrachtbevestiging.',
  quotation: 'Ik ga akkoord met deze offerte.',
  document: 'Ik ga akkoord met dit document.',
};

/**
 * Whether approving needs a drawn signature (else the agreement tick, agreeswithoffer = 1): the
 * company setting confirmation_approval_signature for confirmations, the document type's
 * approval_signature for its documents; quotations follow the company setting as well (decision 024).
 */
export function approvalNeedsSignature(
  kind: SignableKind,
  companyRequiresSignature: boolean,
  documentTypeRequiresSignature: boolean,
): boolean {
  if (kind === 'document') return documentTypeRequiresSignature || companyRequiresSignature;
  return companyRequiresSignature;
}

/** The Dutch texts of the customer pages (spec 002 sections 5 and 8, and the decisions of issue 15). */
export const CUSTOMER_TEXTS = {
  nameRequired: 'Vul eerst uw naam in.',
  signatureRequired: 'Zet eerst uw handtekening.',
  signatureBlank: 'De handtekening is leeg. Zet uw handtekening in het vak.',
  signatureInvalid: 'De handtekening is geen geldige afbeelding.',
  alreadyApproved: 'U heeft dit al goedgekeurd.',
  alreadyRejected: 'U heeft dit al afgekeurd.',
  alreadyAnswered: 'Deze versie is al beantwoord. Neem a.u.b. contact op als u iets wilt wijzigen.',
  notOpenForApproval: 'Dit kan niet meer worden goedgekeurd of afgekeurd.',
  expired: 'De geldigheid is verlopen. Neem a.u.b. contact op.',
  approved: 'Bedankt! Uw goedkeuring is ontvangen.',
  rejected: 'Uw afwijzing is ontvangen. Wij nemen contact met u op.',
  flowNotFound: 'Dit dossier kan niet worden gevonden. Neem a.u.b. contact op.',
  flowGone: 'Uw dossier is niet meer beschikbaar. Neem a.u.b. contact op.',
  uploadOnlyImagesAndPdf: 'Let op! Alleen image and PDF bestanden kunnen worden geupload.',
  previewNoAnswer: 'Dit is een voorbeeld: alleen de klant kan via de eigen link goedkeuren of afkeuren.',
  tooManyRequests: 'Te veel verzoeken. Probeer het over een minuut opnieuw.',
  /** The guess guard's 429 (unknown links from one address), with the minutes its block still lasts. */
  guessBlocked: (minutes: number) =>
    `Te veel onbekende links vanaf dit adres. Probeer het over ${minutes === 1 ? 'een minuut' : `${minutes} minuten`} opnieuw.`,
} as const;

/** The steps of the dossier's timeline, parcel-tracking style (issue 15), from the flow's lead dates. */
export const TIMELINE_STEPS = FLOW_STAGES.map((stage) => ({ stage, label: FLOW_STAGE_LABELS[stage] }));

export type TimelineState = 'done' | 'current' | 'todo';
export interface TimelineStep {
  stage: FlowStage;
  label: string;
  date: string | null;
  state: TimelineState;
}

/**
 * The timeline: every stage with its lead date; the furthest stage with a date (or the flow's own
 * stage, when that is further) is current, earlier ones done, later ones to do. A completed flow has
 * every step with a date done.
 */
export function customerTimeline(
  dates: Partial<Record<FlowStage, string | null>>,
  current: FlowStage | 'completed' | 'cancelled' | null,
): TimelineStep[] {
  const dated = FLOW_STAGES.map((s, i) => (dates[s] ? i : -1)).filter((i) => i >= 0);
  const ownIndex =
    current && current !== 'completed' && current !== 'cancelled' ? FLOW_STAGES.indexOf(current) : -1;
  const currentIndex = Math.max(ownIndex, dated.length ? Math.max(...dated) : 0);
  return TIMELINE_STEPS.map(({ stage, label }, i) => ({
    stage,
    label,
    date: dates[stage] ?? null,
    state:
      current === 'completed'
        ? i <= currentIndex
          ? 'done'
          : 'todo'
        : i < currentIndex
          ? 'done'
          : i === currentIndex
            ? 'current'
            : 'todo',
  }));
}
export * from './signature-page';
