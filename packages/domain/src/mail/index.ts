// Mail, message and contact templates and the flow e-mail (spec 000 sections 2, 3, 9; spec 001;
// decision 019).

/**
 * The fixed mail template types (the request profile's mail template ids, spec 000 section 3), with the
 * payment reminder and the formal notice of overdue invoices (decision 031).
 */
export const MAIL_TEMPLATE_TYPES = [
  'newflowfromwebsite',
  'sendquotation',
  'sendconfirmation',
  'sendinvoice',
  'approvequotationbycustomer',
  'approveconfirmationbycustomer',
  'messagebycustomer',
  'messagebyuser',
  'sendflowemail',
  'requestcustomerlink',
  'paymentreminder',
  'paymentnotice',
] as const;
export type MailTemplateType = (typeof MAIL_TEMPLATE_TYPES)[number];

export const MAIL_TEMPLATE_TYPE_LABELS: Record<MailTemplateType, string> = {
  newflowfromwebsite: 'Nieuw dossier via de website',
  sendquotation: 'Versturen offerte',
  sendconfirmation: 'Versturen opdrachtbevestiging',
  sendinvoice: 'Versturen factuur',
  approvequotationbycustomer: 'Goedkeuren offerte door klant',
  approveconfirmationbycustomer: 'Goedkeuren opdrachtbevestiging door klant',
  messagebycustomer: 'Bericht van de klant',
  messagebyuser: 'Bericht aan de klant',
  sendflowemail: 'E-mail vanuit een dossier',
  requestcustomerlink: 'Klantlink opvragen',
  paymentreminder: 'Betalingsherinnering',
  paymentnotice: 'Aanmaning',
};

/** Per document type (spec 000 section 9): 'Versturen {document type}' and 'Goedkeuren {document type} door klant'. */
export const documentMailTemplateLabel = (kind: 'send' | 'approve', documentType: string) =>
  kind === 'send' ? `Versturen ${documentType}` : `Goedkeuren ${documentType} door klant`;

/**
 * The two mail template types of each of the company's document types (spec 000 section 9), named by
 * the type's id: `senddocument_12`, `approvedocument_12`.
 */
export type DocumentMailTemplateType = `senddocument_${number}` | `approvedocument_${number}`;
export type AnyMailTemplateType = MailTemplateType | DocumentMailTemplateType;
export const DOCUMENT_MAIL_TEMPLATE_TYPE = /^(send|approve)document_([1-9]\d{0,8})$/;

export const documentMailTemplateType = (kind: 'send' | 'approve', documentTypeId: number) =>
  `${kind}document_${documentTypeId}` as DocumentMailTemplateType;

export function parseDocumentMailTemplateType(
  type: string,
): { kind: 'send' | 'approve'; documentTypeId: number } | null {
  const m = DOCUMENT_MAIL_TEMPLATE_TYPE.exec(type);
  return m ? { kind: m[1] as 'send' | 'approve', documentTypeId: Number(m[2]) } : null;
}

/** The Dutch label of any template type; a document type's from its description (else the bare type). */
export function mailTemplateTypeLabel(
  type: string,
  documentTypes: readonly { id: number; description: string }[] = [],
): string {
  if (type in MAIL_TEMPLATE_TYPE_LABELS) return MAIL_TEMPLATE_TYPE_LABELS[type as MailTemplateType];
  const parsed = parseDocumentMailTemplateType(type);
  const documentType = parsed && documentTypes.find((d) => d.id === parsed.documentTypeId);
  return parsed && documentType ? documentMailTemplateLabel(parsed.kind, documentType.description) : type;
}

/** Spec 000 section 3: a new message or contact template starts with this description. */
export const NEW_TEMPLATE_DESCRIPTION = 'Nieuw bericht template';
/** Spec 001 section 7: sendemail takes up to three files. */
export const MAX_MAIL_FILES = 3;
export const MAX_TEMPLATE_LENGTH = 100_000;

export const FLOW_MAIL_STATUSES = ['queued', 'sending', 'sent', 'failed', 'interrupted', 'kept'] as const;
export type FlowMailStatus = (typeof FLOW_MAIL_STATUSES)[number];
export const FLOW_MAIL_STATUS_LABELS: Record<FlowMailStatus, string> = {
  queued: 'In de wachtrij',
  sending: 'Wordt verstuurd',
  sent: 'Verstuurd',
  failed: 'Mislukt, wordt opnieuw geprobeerd',
  interrupted: 'Onderbroken, niet opnieuw verstuurd (mogelijk wel aangekomen)',
  kept: 'Bewaard (geen SMTP ingesteld)',
};

export const MAIL_TEXTS = {
  templateNotFound: 'Template niet gevonden.',
  taskNotFound: 'Taak niet gevonden.',
  templateDeleted: 'Template verwijderd.',
  noRecipient: 'Vul een geldig e-mailadres in.',
  noSubject: 'Vul een onderwerp in.',
  noMessage: 'Vul een bericht in.',
  tooManyFiles: `U kunt hoogstens ${MAX_MAIL_FILES} bestanden meesturen.`,
  sendConfirm: 'Email versturen?',
  contactConfirm: (label: string) => `Registreren ${label}?`,
  attachmentNotFound: 'Bijlage niet gevonden.',
  contactRegistered: 'Contactmoment geregistreerd.',
} as const;
