import {
  ASSIST_MAIL_TEXTS,
  type AssistMail,
  type AssistMailStatus,
  type UpdateAssistMail,
  zSendFlowMailFields,
} from '@im/domain';
import { desc, eq, type SQL } from 'drizzle-orm';
import type { Tx } from '../../platform/db/database';
import { assistMail } from '../../platform/db/tables/assistmails.schema';
import { user } from '../../platform/db/tables/users.schema';
import { eventTriggerRule } from '../../platform/db/tables/workflow.schema';
import { conflict, notFound, validationErrorFromIssues } from '../../platform/errors';
import { writeLog } from '../../platform/events/write-log';
import { sanitizeHtml } from '../../platform/html/sanitize';
import { toIso } from '../../platform/http/dates';
import type { Mailer } from '../../platform/mail/mailer';
import { FLOW_NOT_FOUND, findFlow } from '../flows';
import { sendFlowMail } from '../mailtemplates';
import { userFullnameSql } from '../users';

type AssistMailRow = typeof assistMail.$inferSelect;

/** The flow mail's field names as the assist mail calls them. */
const FIELD_OF: Record<string, string> = { to: 'to_email', subject: 'subject', message: 'body' };

async function selectAssistMails(tx: Tx, where: SQL | undefined): Promise<AssistMail[]> {
  const rows = await tx
    .select({ m: assistMail, ruleDescription: eventTriggerRule.description, sentByName: userFullnameSql })
    .from(assistMail)
    .leftJoin(eventTriggerRule, eq(eventTriggerRule.id, assistMail.ruleId))
    .leftJoin(user, eq(user.id, assistMail.sentBy))
    .where(where)
    .orderBy(desc(assistMail.createdAt), desc(assistMail.id));
  return rows.map(({ m, ruleDescription, sentByName }) => ({
    id: m.id,
    flow_id: m.flowId,
    rule_id: m.ruleId,
    rule_description: ruleDescription ?? '',
    mailtemplate_id: m.mailtemplateId,
    to_email: m.toEmail,
    subject: m.subject,
    body: m.body,
    status: m.status as AssistMailStatus,
    created_at: toIso(m.createdAt),
    sent_at: m.sentAt ? toIso(m.sentAt) : null,
    sent_by_name: m.sentBy === null ? null : sentByName || null,
    flow_mail_id: m.flowMailId,
  }));
}

/** The assist mails of a flow, newest first (404 for a flow that is not the company's). */
export async function listAssistMails(tx: Tx, flowId: number): Promise<AssistMail[]> {
  if (!(await findFlow(tx, flowId))) throw notFound(FLOW_NOT_FOUND);
  return selectAssistMails(tx, eq(assistMail.flowId, flowId));
}

export async function loadAssistMail(tx: Tx, id: number): Promise<AssistMail> {
  const [found] = await selectAssistMails(tx, eq(assistMail.id, id));
  if (!found) throw notFound(ASSIST_MAIL_TEXTS.notFound);
  return found;
}

/** Locks an open assist mail for a change: 404 when not the company's, 409 once sent or discarded. */
async function lockOpen(tx: Tx, id: number): Promise<AssistMailRow> {
  const [row] = await tx.select().from(assistMail).where(eq(assistMail.id, id)).for('update');
  if (!row) throw notFound(ASSIST_MAIL_TEXTS.notFound);
  if (row.status !== 'open') throw conflict(ASSIST_MAIL_TEXTS.notOpen);
  return row;
}

/** What a workflow rule prepares (the `assist_mail` action): merge tags already filled in. */
export async function createAssistMail(
  tx: Tx,
  input: {
    flowId: number;
    ruleId: number | null;
    mailtemplateId: number | null;
    toEmail: string;
    subject: string;
    body: string;
  },
): Promise<number> {
  const [row] = await tx
    .insert(assistMail)
    .values({
      flowId: input.flowId,
      ruleId: input.ruleId,
      mailtemplateId: input.mailtemplateId,
      toEmail: input.toEmail.slice(0, 254),
      subject: input.subject.slice(0, 300),
      body: sanitizeHtml(input.body),
    })
    .returning({ id: assistMail.id });
  await writeLog(tx, {
    type: 'flow',
    id: input.flowId,
    action: 'update',
    description: `E-mail '${input.subject.slice(0, 300)}' klaargezet ter controle`,
    changes: { assist_mail_id: row!.id },
  });
  return row!.id;
}

/** PATCH: recipient, subject and body while the mail is open. */
export async function updateAssistMail(tx: Tx, id: number, input: UpdateAssistMail): Promise<void> {
  const before = await lockOpen(tx, id);
  const set: Partial<typeof assistMail.$inferInsert> = {};
  if (input.to_email !== undefined) set.toEmail = input.to_email;
  if (input.subject !== undefined) set.subject = input.subject;
  if (input.body !== undefined) set.body = sanitizeHtml(input.body);
  await tx
    .update(assistMail)
    .set({ ...set, updatedAt: new Date() })
    .where(eq(assistMail.id, id));
  await writeLog(tx, {
    type: 'flow',
    id: before.flowId,
    action: 'update',
    description: `Klaargezette e-mail '${set.subject ?? before.subject}' gewijzigd`,
    changes: { assist_mail_id: id },
  });
}

/** DELETE: the mail is discarded (kept as such, no longer offered). */
export async function discardAssistMail(tx: Tx, id: number): Promise<void> {
  const before = await lockOpen(tx, id);
  await tx
    .update(assistMail)
    .set({ status: 'discarded', updatedAt: new Date() })
    .where(eq(assistMail.id, id));
  await writeLog(tx, {
    type: 'flow',
    id: before.flowId,
    action: 'update',
    description: `Klaargezette e-mail '${before.subject}' verwijderd`,
    changes: { assist_mail_id: id },
  });
}

/**
 * Sends an open assist mail exactly as staff send an e-mail from the flow (`sendFlowMail`: merge tags,
 * the template's attached files, branding, the outbox and the flow's contact log), then marks it sent.
 */
export async function sendAssistMail(
  tx: Tx,
  mailer: Mailer,
  id: number,
  sender: { userId: number; companyId: number; appUrl: string },
): Promise<void> {
  const row = await lockOpen(tx, id);
  const f = await findFlow(tx, row.flowId);
  if (!f || f.deletedAt) throw notFound(FLOW_NOT_FOUND);
  const fields = zSendFlowMailFields.safeParse({
    to: row.toEmail,
    subject: row.subject,
    message: row.body,
    ...(row.mailtemplateId !== null ? { mailtemplate_id: row.mailtemplateId } : {}),
  });
  // A mail prepared for a relation without an e-mail address has no recipient yet: 422 on to_email.
  if (!fields.success)
    throw validationErrorFromIssues(
      fields.error.issues.map((i) => ({ message: i.message, path: [FIELD_OF[String(i.path[0])] ?? '_'] })),
    );
  const flowMailId = await sendFlowMail(tx, mailer, row.flowId, fields.data, [], sender);
  await tx
    .update(assistMail)
    .set({ status: 'sent', sentAt: new Date(), sentBy: sender.userId, flowMailId, updatedAt: new Date() })
    .where(eq(assistMail.id, id));
}
