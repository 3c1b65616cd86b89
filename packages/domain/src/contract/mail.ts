// The API contract of mail, message and contact templates, merge tags and the flow e-mail
// (spec 000 sections 2–3, spec 001 section 7; decision 019): written once for server and web.
import { z } from 'zod';
import {
  DOCUMENT_MAIL_TEMPLATE_TYPE,
  FLOW_MAIL_STATUSES,
  MAIL_REPLY_TO_CHOICES,
  MAIL_SENDER_TEXTS,
  MAIL_TEMPLATE_TYPES,
  MAIL_TEXTS,
  MAX_MAIL_FILES,
  MAX_SENDER_NAME,
  MAX_TEMPLATE_LENGTH,
} from '../mail';
import { zFileInfo, zId } from './common';

const zDescription = z.string().trim().min(1, 'Vul een omschrijving in.').max(200);
const zHtml = z.string().max(MAX_TEMPLATE_LENGTH, 'Deze tekst is te lang.');

export const zAttachedFile = zFileInfo;

const CHOOSE_TYPE = 'Kies een soort template.';
/** One of the 10 fixed types, or a document type's send or approve type (`senddocument_12`). */
export const zMailTemplateType = z.union(
  [
    z.enum(MAIL_TEMPLATE_TYPES, { message: CHOOSE_TYPE }),
    z.string().regex(DOCUMENT_MAIL_TEMPLATE_TYPE, CHOOSE_TYPE),
  ],
  { message: CHOOSE_TYPE },
);

export const zMailTemplate = z.object({
  id: z.number().int(),
  template_type: zMailTemplateType,
  description: z.string(),
  subject: z.string(),
  /** Sanitised HTML with merge tags. */
  message: z.string(),
  attachedfiles: z.array(zFileInfo),
  created_at: z.string(),
  updated_at: z.string(),
});
export type MailTemplate = z.infer<typeof zMailTemplate>;

export const zSaveMailTemplate = z.object({
  template_type: zMailTemplateType,
  description: zDescription,
  subject: z.string().trim().max(300).default(''),
  message: zHtml.default(''),
});
export const zUpdateMailTemplate = zSaveMailTemplate.partial();
export type SaveMailTemplate = z.infer<typeof zSaveMailTemplate>;

export const zMessageTemplate = z.object({
  id: z.number().int(),
  category: z.string(),
  description: z.string(),
  message: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type MessageTemplate = z.infer<typeof zMessageTemplate>;
export const zSaveMessageTemplate = z.object({
  category: z.string().trim().max(100).default(''),
  description: zDescription,
  message: zHtml.default(''),
});
export const zUpdateMessageTemplate = zSaveMessageTemplate.partial();

export const zContactTemplate = z.object({
  id: z.number().int(),
  description: z.string(),
  note: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ContactTemplate = z.infer<typeof zContactTemplate>;
export const zSaveContactTemplate = z.object({ description: zDescription, note: zHtml.default('') });
export const zUpdateContactTemplate = zSaveContactTemplate.partial();

/** GET /api/company/getcurrentemailsettings: the company's templates. */
/** The company's images around customer mails and behind customer pages: read URL, or null for none. */
export const zEmailImages = z.object({
  emailheader: z.string().nullable(),
  emailfooter: z.string().nullable(),
  customerbackground: z.string().nullable(),
});
export type EmailImages = z.infer<typeof zEmailImages>;
export type EmailImageSlot = keyof EmailImages;

/** The sender of the company's mails (decision 036): the name in From, where replies go. */
export const zMailSender = z.object({
  /** Shown in From with the platform's address; '' shows the company's name. */
  sender_name: z.string(),
  reply_to: z.enum(MAIL_REPLY_TO_CHOICES),
  reply_to_address: z.string(),
  /** The company's e-mail address (company profile): what the 'company' choice answers to. */
  company_email: z.string(),
  /** The company's name: the sender name when none is given. */
  company_name: z.string(),
});
export type MailSender = z.infer<typeof zMailSender>;

/** PATCH /api/company/emailsender: a given reply address is required with the 'address' choice. */
export const zSaveMailSender = z
  .object({
    sender_name: z
      .string()
      .trim()
      .max(MAX_SENDER_NAME)
      .refine((v) => !/[\r\n"<>\\]/.test(v), MAIL_SENDER_TEXTS.badName),
    reply_to: z.enum(MAIL_REPLY_TO_CHOICES, { message: 'Kies waar antwoorden heen gaan.' }),
    reply_to_address: z
      .string()
      .trim()
      .max(254)
      .transform((v) => v.toLowerCase())
      .pipe(z.union([z.literal(''), z.email(MAIL_TEXTS.noRecipient)]))
      .default(''),
  })
  .superRefine((v, ctx) => {
    if (v.reply_to === 'address' && !v.reply_to_address)
      ctx.addIssue({ code: 'custom', message: MAIL_SENDER_TEXTS.needAddress, path: ['reply_to_address'] });
  });
export type SaveMailSender = z.infer<typeof zSaveMailSender>;

export const zEmailSettings = z.object({
  sender: zMailSender,
  /** The id the image calls take (`/api/companysettings/{id}/updateemailheader`, ...). */
  company_settings_id: z.number().int(),
  images: zEmailImages,
  mailtemplates: z.array(zMailTemplate),
  messagetemplates: z.array(zMessageTemplate),
  contacttemplates: z.array(zContactTemplate),
  /** Flow files shared with every dossier of the company (POST /api/flowfile with company_id). */
  flowfiles: z.array(zFileInfo),
});
export type EmailSettings = z.infer<typeof zEmailSettings>;

/** GET /api/mergetags: every tag with its example value. */
export const zMergeTagInfo = z.object({
  tag: z.string(),
  group: z.string(),
  description: z.string(),
  example: z.string(),
});
export const zMergeTagList = z.array(zMergeTagInfo);

/** POST /api/mergetags/preview: a text filled with example values, or the problem with its tags. */
export const zMergeTagPreviewRequest = z.object({ text: zHtml, html: z.boolean().default(true) });
export const zMergeTagPreview = z.object({ text: z.string(), problem: z.string().nullable() });

// ---------------------------------------------------------------- flow e-mail

/** GET /api/flow/{id}/getforsendingemail: the draft, filled from a template (the flow e-mail template by default). */
export const zFlowMailDraftQuery = z.object({
  mailtemplate_id: zId.optional(),
  /** A mail about one of the flow's tasks (an appointment confirmation): fills the `taak` merge tags. */
  sendable_task_id: zId.optional(),
});
export const zFlowMailDraft = z.object({
  to: z.string(),
  subject: z.string(),
  message: z.string(),
  mailtemplate_id: z.number().int().nullable(),
  mailtemplates: z.array(
    z.object({ id: z.number().int(), description: z.string(), template_type: z.string() }),
  ),
  max_files: z.number().int(),
});
export type FlowMailDraft = z.infer<typeof zFlowMailDraft>;

/** The text fields of POST /api/flow/{id}/sendemail (multipart, with up to three files). */
export const zSendFlowMailFields = z.object({
  to: z.string().trim().email(MAIL_TEXTS.noRecipient),
  subject: z.string().trim().min(1, MAIL_TEXTS.noSubject).max(300),
  message: zHtml.refine((v) => v.replace(/<[^>]*>/g, '').trim() !== '', MAIL_TEXTS.noMessage),
  mailtemplate_id: zId.optional(),
});
export type SendFlowMailFields = z.infer<typeof zSendFlowMailFields>;

export const zFlowMail = z.object({
  id: z.number().int(),
  flow_id: z.number().int(),
  to: z.string(),
  subject: z.string(),
  message: z.string(),
  attachments: z.array(z.object({ id: z.number().int(), filename: z.string(), size: z.number().int() })),
  status: z.enum(FLOW_MAIL_STATUSES),
  error: z.string().nullable(),
  user_name: z.string(),
  created_at: z.string(),
  sent_at: z.string().nullable(),
});
export type FlowMail = z.infer<typeof zFlowMail>;
export const zFlowMailList = z.array(zFlowMail);

/** POST /api/flow/{id}/processcontactmoment: a contact moment from a contact template, kept as a note on the flow. */
export const zContactMomentRequest = z.object({ contacttemplate_id: zId });
export const zContactMomentAnswer = z.object({ message: z.string(), note_id: z.number().int() });

export { MAX_MAIL_FILES };
