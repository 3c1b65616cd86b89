import {
  amsterdamDay,
  INVOICE_TEXTS,
  MAIL_TEMPLATE_TYPE_LABELS,
  PAYMENT_REMINDER_LABELS,
  PAYMENT_REMINDER_TEMPLATE_TYPE,
  type PaymentReminderLevel,
  renderMergeTags,
} from '@im/domain';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../platform/db/database';
import { invoice } from '../../platform/db/tables/invoices.schema';
import { relation } from '../../platform/db/tables/relations.schema';
import { conflict } from '../../platform/errors';
import { sanitizeHtml } from '../../platform/html/sanitize';
import { toIso } from '../../platform/http/dates';
import type { Mailer } from '../../platform/mail/mailer';
import { documentLabel, documentMergeData, findDocument, logDocument } from '../documents';
import { queueFlowMail, standardMailTemplate, templateFiles } from '../mailtemplates';
import { invoiceBalance, OWED_STATUSES } from './invoice-balance';
import { invoiceRow } from './invoice-info';

export interface ReminderSender {
  companyId: number;
  /** The staff user it goes out as; null when a workflow rule sends it. */
  userId: number | null;
  appUrl: string;
}

/**
 * A payment reminder or a formal notice (aanmaning) for an invoice past its due date that still owes
 * something (decision 031): the company's template of that type (the flow's request profile's choice
 * first) with the invoice's merge tags, to the relation, through the mail queue; kept on the flow's
 * mails, stamped on the invoice and logged on it. A notice follows a reminder.
 */
export async function sendPaymentReminder(
  tx: Tx,
  mailer: Mailer,
  id: number,
  level: PaymentReminderLevel,
  sender: ReminderSender,
): Promise<{ level: PaymentReminderLevel; to: string; sent_at: string }> {
  const doc = await findDocument(tx, 'invoice', id, { lock: true });
  const row = await invoiceRow(tx, id);
  const today = amsterdamDay(new Date());
  const due = doc.enddate === null ? null : String(doc.enddate).slice(0, 10);
  const { owed } = await invoiceBalance(tx, doc, row);
  if (!OWED_STATUSES.includes(doc.status) || owed.isZero() || due === null || due >= today)
    throw conflict(INVOICE_TEXTS.reminderNotOverdue);
  if (level === 'notice' && row.reminderSentAt === null) throw conflict(INVOICE_TEXTS.noticeNeedsReminder);
  if (doc.flowId === null) throw conflict(INVOICE_TEXTS.reminderNeedsFlow);
  const type = PAYMENT_REMINDER_TEMPLATE_TYPE[level];
  const [template] = await standardMailTemplate(tx, doc.flowId, type);
  if (!template) throw conflict(INVOICE_TEXTS.reminderNoTemplate(MAIL_TEMPLATE_TYPE_LABELS[type]));
  const [rel] =
    doc.relationId !== null
      ? await tx.select({ email: relation.email }).from(relation).where(eq(relation.id, doc.relationId))
      : [];
  const to = rel?.email.trim() ?? '';
  if (!to) throw conflict(INVOICE_TEXTS.reminderNoEmail);
  const data = await documentMergeData(tx, doc, sender.userId, sender.appUrl);
  const subject = renderMergeTags(template.subject, data, { html: false }).slice(0, 300);
  const html = sanitizeHtml(renderMergeTags(sanitizeHtml(template.message), data, { html: true }));
  await queueFlowMail(tx, mailer, {
    flowId: doc.flowId,
    companyId: sender.companyId,
    userId: sender.userId,
    to,
    subject,
    html,
    files: await templateFiles(tx, template.id),
    templateId: template.id,
  });
  const now = new Date();
  await tx
    .update(invoice)
    .set(level === 'reminder' ? { reminderSentAt: now } : { noticeSentAt: now })
    .where(eq(invoice.id, id));
  await logDocument(
    tx,
    doc,
    'update',
    `${PAYMENT_REMINDER_LABELS[level]} verstuurd voor ${documentLabel(doc).toLowerCase()} aan ${to}`,
    { payment_reminder: level, to, owed: owed.toFixed(2) },
  );
  return { level, to, sent_at: toIso(now) };
}
