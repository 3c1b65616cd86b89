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

// ---------------------------------------------------------------- sender and reply-to (decision 036)

/**
 * Where a customer's reply goes: the company's e-mail address (company profile), the flow's handler
 * (falling back to the company's address for a mail without a flow or handler), or a given address.
 */
export const MAIL_REPLY_TO_CHOICES = ['company', 'handler', 'address'] as const;
export type MailReplyToChoice = (typeof MAIL_REPLY_TO_CHOICES)[number];
export const MAIL_REPLY_TO_LABELS: Record<MailReplyToChoice, string> = {
  company: 'Het e-mailadres van het bedrijf',
  handler: 'De behandelaar van het dossier',
  address: 'Een ander e-mailadres',
};
export const MAX_SENDER_NAME = 100;

export const MAIL_SENDER_TEXTS = {
  saved: 'Afzender opgeslagen.',
  needAddress: 'Vul het e-mailadres in waar antwoorden heen gaan.',
  badName: 'Een afzendernaam mag geen < > " of regeleinden bevatten.',
} as const;

/** The bare address of a From value: 'Installatiemanager <noreply@x.nl>' -> 'noreply@x.nl'. */
export function mailAddressOf(from: string): string {
  const match = /<([^<>\s]+@[^<>\s]+)>\s*$/.exec(from);
  return (match ? match[1]! : from).trim();
}

/**
 * The From of a mail: the company's sender name with the platform's address (the technical sender, so
 * SPF and DKIM keep passing). Without a name the platform's own From stays.
 */
export function mailFrom(senderName: string, platformFrom: string): string {
  const name = senderName
    .replace(/[\r\n"<>\\]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return name ? `"${name}" <${mailAddressOf(platformFrom)}>` : platformFrom;
}

/** The Reply-To the choice gives, or null (no Reply-To header: replies go to the From address). */
export function mailReplyTo(
  choice: MailReplyToChoice,
  addresses: { company: string; handler: string | null; given: string },
): string | null {
  const pick =
    choice === 'address'
      ? addresses.given
      : choice === 'handler'
        ? addresses.handler || addresses.company
        : addresses.company;
  return pick.trim() || null;
}

/**
 * The mail a customer gets when the company writes in their dossier's conversation, when the company
 * has no 'Bericht aan de klant' template. The message's text is a merge value (`bericht.inhoud`):
 * data, never read as a template.
 */
export const DEFAULT_MESSAGE_MAIL = {
  subject: 'Nieuw bericht over uw dossier {{ dossier.nummer }}',
  message:
    '<p>Beste {{ relatie.naam }},</p><p>{{ bedrijf.naam }} heeft u een bericht gestuurd over uw dossier:</p><blockquote>{{ bericht.inhoud }}</blockquote><p>Lees en beantwoord het bericht in uw dossier: <a href="{{ dossier.link }}">{{ dossier.link }}</a></p>',
  /** Added when the company's template has no dossier link. */
  link: '<p><a href="{{ dossier.link }}">Bekijk het bericht in uw dossier</a></p>',
} as const;
