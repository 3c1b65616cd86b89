import {
  type AnyMailTemplateType,
  checkMergeTags,
  type FlowMail,
  type FlowMailDraft,
  type FlowMailStatus,
  MAIL_TEXTS,
  MAX_MAIL_FILES,
  renderMergeTags,
  type SendFlowMailFields,
} from '@im/domain';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/database';
import { storedFile } from '../../platform/db/tables/files.schema';
import { outboxMail } from '../../platform/db/tables/mail.schema';
import { contactTemplate, flowMail, mailTemplate } from '../../platform/db/tables/mailtemplates.schema';
import { task } from '../../platform/db/tables/planning.schema';
import { relation } from '../../platform/db/tables/relations.schema';
import { user } from '../../platform/db/tables/users.schema';
import { notFound, validationError } from '../../platform/errors';
import { writeLog } from '../../platform/events/write-log';
import type { ReceivedUpload } from '../../platform/files/upload';
import { htmlToText, sanitizeHtml } from '../../platform/html/sanitize';
import { toIso } from '../../platform/http/dates';
import type { Mailer } from '../../platform/mail/mailer';
import { FLOW_NOT_FOUND, findFlow } from '../flows';
import { ATTACHED_FILE } from './attached-files';
import { brandMailHtml, withSignature } from './mail-branding';
import { writeNote } from './mail-hooks';
import { flowMergeData } from './merge-data';
import { listMessageTemplates } from './message-templates';

async function liveFlow(tx: Tx, flowId: number) {
  const f = await findFlow(tx, flowId);
  if (!f || f.deletedAt) throw notFound(FLOW_NOT_FOUND);
  return f;
}

/**
 * The draft of an e-mail from a flow: to the relation, subject and message from the chosen mail
 * template (else the company's first 'E-mail vanuit een dossier' template), merge tags filled in.
 */
export async function flowMailDraft(
  tx: Tx,
  flowId: number,
  templateId: number | undefined,
  senderId: number,
  appUrl: string,
  taskId?: number,
): Promise<FlowMailDraft> {
  const f = await liveFlow(tx, flowId);
  if (taskId !== undefined) {
    const [own] = await tx
      .select({ id: task.id })
      .from(task)
      .where(and(eq(task.id, taskId), eq(task.flowId, flowId)));
    if (!own) throw notFound(MAIL_TEXTS.taskNotFound);
  }
  const templates = await tx
    .select({
      id: mailTemplate.id,
      description: mailTemplate.description,
      template_type: mailTemplate.templateType,
    })
    .from(mailTemplate)
    .orderBy(asc(mailTemplate.description), asc(mailTemplate.id));
  const [template] =
    templateId !== undefined
      ? await tx.select().from(mailTemplate).where(eq(mailTemplate.id, templateId))
      : await standardMailTemplate(tx, flowId, 'sendflowemail');
  if (templateId !== undefined && !template) throw notFound(MAIL_TEXTS.templateNotFound);
  const [rel] = f.relationId
    ? await tx.select({ email: relation.email }).from(relation).where(eq(relation.id, f.relationId))
    : [];
  const data = await flowMergeData(tx, flowId, senderId, appUrl, taskId);
  return {
    to: rel?.email ?? '',
    subject: template ? renderMergeTags(template.subject, data, { html: false }) : '',
    message: template ? renderMergeTags(template.message, data, { html: true }) : '',
    mailtemplate_id: template?.id ?? null,
    mailtemplates: templates,
    max_files: MAX_MAIL_FILES,
  };
}

/**
 * The mail template of a type for a flow: its request profile's choice when it made one (spec 000
 * section 3), else the company's first template of that type; none when the company has none.
 */
export async function standardMailTemplate(tx: Tx, flowId: number, type: AnyMailTemplateType) {
  const chosen = await tx.execute<{ id: number | null }>(
    sql`select (p.settings->'mailtemplate_ids'->>${type})::int as id
        from flow f join flow_profile p on p.id = f.flowprofile_id
        where f.id = ${flowId}`,
  );
  const chosenId = chosen.rows[0]?.id ?? null;
  if (chosenId !== null) {
    const rows = await tx.select().from(mailTemplate).where(eq(mailTemplate.id, chosenId));
    if (rows.length > 0) return rows;
  }
  return tx
    .select()
    .from(mailTemplate)
    .where(eq(mailTemplate.templateType, type))
    .orderBy(asc(mailTemplate.id))
    .limit(1);
}

/**
 * Sends an e-mail from a flow: the message is sanitised, merge tags are filled in, the files (and
 * the chosen template's attached files) go along. The mail is queued in the outbox in this
 * transaction (delivered and retried by a job), kept on the flow, and logged in its timeline.
 */
export async function sendFlowMail(
  tx: Tx,
  mailer: Mailer,
  flowId: number,
  input: SendFlowMailFields,
  uploads: ReceivedUpload[],
  sender: { userId: number; companyId: number; appUrl: string },
): Promise<number> {
  const f = await liveFlow(tx, flowId);
  if (uploads.length > MAX_MAIL_FILES)
    throw validationError(MAIL_TEXTS.tooManyFiles, { files: [MAIL_TEXTS.tooManyFiles] });
  for (const [field, text] of [
    ['subject', input.subject],
    ['message', input.message],
  ] as const) {
    const problem = checkMergeTags(text);
    if (problem) throw validationError(problem, { [field]: [problem] });
  }
  const data = await flowMergeData(tx, flowId, sender.userId, sender.appUrl);
  const subject = renderMergeTags(input.subject, data, { html: false }).slice(0, 300);
  const html = sanitizeHtml(renderMergeTags(sanitizeHtml(input.message), data, { html: true }));

  const files: (typeof storedFile.$inferSelect)[] = [];
  for (const u of uploads) {
    const [row] = await tx
      .insert(storedFile)
      .values({ ...u, purpose: 'flowmail', ownerType: 'flow', ownerId: flowId })
      .returning();
    files.push(row!);
  }
  if (input.mailtemplate_id !== undefined) {
    const [template] = await tx
      .select({ id: mailTemplate.id })
      .from(mailTemplate)
      .where(eq(mailTemplate.id, input.mailtemplate_id));
    if (!template)
      throw validationError(MAIL_TEXTS.templateNotFound, { mailtemplate_id: [MAIL_TEXTS.templateNotFound] });
    files.push(...(await templateFiles(tx, template.id)));
  }
  const { flowMailId } = await queueFlowMail(tx, mailer, {
    flowId: f.id,
    companyId: sender.companyId,
    userId: sender.userId,
    to: input.to,
    subject,
    html,
    files,
    templateId: input.mailtemplate_id ?? null,
  });
  const row = { id: flowMailId };
  await writeLog(tx, {
    type: 'flow',
    id: f.id,
    action: 'update',
    description: `E-mail '${subject}' verstuurd aan ${input.to}`,
    changes: { flow_mail_id: row!.id, attachments: files.length },
  });
  return row!.id;
}

/** The files a mail template sends along. */
export function templateFiles(tx: Tx, templateId: number) {
  return tx
    .select()
    .from(storedFile)
    .where(
      and(
        eq(storedFile.purpose, ATTACHED_FILE),
        eq(storedFile.ownerType, 'mailtemplate'),
        eq(storedFile.ownerId, templateId),
      ),
    );
}

/**
 * Ends sanitised HTML with the company's signature, frames it with the company's mail images, queues the mail with its files in the outbox
 * (delivered and retried by a job) and keeps it among the flow's mails, all in the caller's transaction.
 */
export async function queueFlowMail(
  tx: Tx,
  mailer: Mailer,
  mail: {
    flowId: number;
    companyId: number;
    /** The staff user it goes out as; null when the system sends it (a customer's approval). */
    userId: number | null;
    to: string;
    subject: string;
    html: string;
    files: (typeof storedFile.$inferSelect)[];
    templateId: number | null;
  },
): Promise<{ flowMailId: number; outboxId: number }> {
  const body = await withSignature(tx, mail.companyId, mail.html);
  const branded = await brandMailHtml(tx, mail.companyId, body, mail.flowId);
  const outboxId = await mailer.queue(tx, {
    flowId: mail.flowId,
    to: mail.to,
    subject: mail.subject,
    text: htmlToText(body),
    html: branded.html,
    attachments: [
      ...branded.inline,
      ...mail.files.map((file) => ({
        storageKey: file.storageKey,
        filename: file.filename,
        mimeType: file.mimeType,
      })),
    ],
  });
  const [row] = await tx
    .insert(flowMail)
    .values({
      flowId: mail.flowId,
      userId: mail.userId,
      toAddress: mail.to,
      subject: mail.subject,
      message: mail.html,
      attachments: mail.files.map((file) => ({ id: file.id, filename: file.filename, size: file.size })),
      mailTemplateId: mail.templateId,
      outboxMailId: outboxId,
    })
    .returning({ id: flowMail.id });
  return { flowMailId: row!.id, outboxId };
}

/** The mails sent from a flow, newest first, with their delivery status from the outbox. */
export async function listFlowMails(tx: Tx, flowId: number, ids?: number[]): Promise<FlowMail[]> {
  if (!(await findFlow(tx, flowId))) throw notFound(FLOW_NOT_FOUND);
  const rows = await tx
    .select({
      m: flowMail,
      status: outboxMail.status,
      error: outboxMail.error,
      sentAt: outboxMail.sentAt,
      name: user.name,
      nameprefix: user.nameprefix,
      surname: user.surname,
    })
    .from(flowMail)
    .leftJoin(outboxMail, eq(outboxMail.id, flowMail.outboxMailId))
    .leftJoin(user, eq(user.id, flowMail.userId))
    .where(and(eq(flowMail.flowId, flowId), ids ? inArray(flowMail.id, ids) : undefined))
    .orderBy(desc(flowMail.createdAt), desc(flowMail.id));
  return rows.map(({ m, status, error, sentAt, name, nameprefix, surname }) => ({
    id: m.id,
    flow_id: m.flowId,
    to: m.toAddress,
    subject: m.subject,
    message: m.message,
    attachments: m.attachments,
    status: (status ?? 'queued') as FlowMailStatus,
    error: error ?? null,
    user_name: [name, nameprefix, surname].filter(Boolean).join(' '),
    created_at: toIso(m.createdAt),
    sent_at: sentAt ? toIso(sentAt) : null,
  }));
}

/** A file sent with a flow mail: uploaded with it, or a mail template's attached file. */
export async function findFlowMailFile(tx: Tx, fileId: number) {
  const [row] = await tx
    .select()
    .from(storedFile)
    .where(and(eq(storedFile.id, fileId), inArray(storedFile.purpose, ['flowmail', ATTACHED_FILE])));
  if (!row) throw notFound(MAIL_TEXTS.attachmentNotFound);
  return row;
}

/** The message templates for the communicator's reply box: filled in for this flow, as plain text. */
export async function flowMessageTemplates(tx: Tx, flowId: number, senderId: number, appUrl: string) {
  await liveFlow(tx, flowId);
  const data = await flowMergeData(tx, flowId, senderId, appUrl);
  return (await listMessageTemplates(tx)).map((t) => ({
    ...t,
    message: htmlToText(renderMergeTags(t.message, data, { html: true })),
  }));
}

/**
 * A contact moment (a call, a visit) registered on a flow from a contact template: a note on the
 * flow with the template's text, merge tags filled in (spec 001 section 5, 'Registreren {label}?').
 */
export async function processContactMoment(
  tx: Tx,
  flowId: number,
  templateId: number,
  caller: { userId: number; companyId: number; appUrl: string },
): Promise<number> {
  await liveFlow(tx, flowId);
  const [template] = await tx.select().from(contactTemplate).where(eq(contactTemplate.id, templateId));
  if (!template)
    throw validationError(MAIL_TEXTS.templateNotFound, { contacttemplate_id: [MAIL_TEXTS.templateNotFound] });
  const data = await flowMergeData(tx, flowId, caller.userId, caller.appUrl);
  const text = htmlToText(renderMergeTags(template.note, data, { html: true }));
  return writeNote(
    tx,
    { flow_id: flowId, content: text ? `${template.description}: ${text}` : template.description },
    caller,
  );
}
