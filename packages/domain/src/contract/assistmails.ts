// Assist mails (spec 001 "Other CRUD ... assist mail"; issue 10): an e-mail a workflow rule prepares
// for staff to check and send themselves, instead of sending it straight to the customer.
import { z } from 'zod';
import { MAIL_TEXTS, MAX_TEMPLATE_LENGTH } from '../mail';

export const ASSIST_MAIL_STATUSES = ['open', 'sent', 'discarded'] as const;
export type AssistMailStatus = (typeof ASSIST_MAIL_STATUSES)[number];

export const ASSIST_MAIL_TEXTS = {
  notFound: 'Klaargezette e-mail niet gevonden.',
  notOpen: 'Deze e-mail is al verstuurd of verwijderd.',
  sent: 'E-mail verstuurd.',
  discarded: 'Klaargezette e-mail verwijderd.',
  nothingToChange: 'Geef minimaal één veld om te wijzigen.',
} as const;

export const zAssistMail = z.object({
  id: z.number().int(),
  flow_id: z.number().int(),
  rule_id: z.number().int().nullable(),
  /** The description of the rule that prepared it ('' when the rule is gone or had none). */
  rule_description: z.string(),
  mailtemplate_id: z.number().int().nullable(),
  to_email: z.string(),
  subject: z.string(),
  /** HTML, merge tags already filled in. */
  body: z.string(),
  status: z.enum(ASSIST_MAIL_STATUSES),
  created_at: z.string(),
  sent_at: z.string().nullable(),
  sent_by_name: z.string().nullable(),
  /** The flow mail it became when sent. */
  flow_mail_id: z.number().int().nullable(),
});
export type AssistMail = z.infer<typeof zAssistMail>;

export const zAssistMailList = z.array(zAssistMail);

/** PATCH /api/assistmail/{id}: while open, staff correct the recipient, subject and body. */
export const zUpdateAssistMail = z
  .object({
    to_email: z.string().trim().email(MAIL_TEXTS.noRecipient).max(254).optional(),
    subject: z.string().trim().min(1, MAIL_TEXTS.noSubject).max(300).optional(),
    body: z
      .string()
      .max(MAX_TEMPLATE_LENGTH, 'Deze tekst is te lang.')
      .refine((v) => v.replace(/<[^>]*>/g, '').trim() !== '', MAIL_TEXTS.noMessage)
      .optional(),
  })
  .refine((v) => v.to_email !== undefined || v.subject !== undefined || v.body !== undefined, {
    message: ASSIST_MAIL_TEXTS.nothingToChange,
    path: ['subject'],
  });
export type UpdateAssistMail = z.infer<typeof zUpdateAssistMail>;
