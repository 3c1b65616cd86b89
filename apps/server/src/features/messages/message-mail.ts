import { CUSTOMER_MESSAGE_MAIL_MINUTES, DEFAULT_MESSAGE_MAIL, renderMergeTags } from '@im/domain';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/database';
import type { Mailer } from '../../platform/mail/mailer';
import { flowMergeData, queueFlowMail, standardMailTemplate } from '../mailtemplates';

export interface MessageMailer {
  mailer: Mailer;
  appUrl: string;
}

/**
 * Mails the customer that the company wrote in their dossier (decision 036): the company's 'Bericht aan
 * de klant' template (else DEFAULT_MESSAGE_MAIL) with the message and the dossier link as merge values,
 * queued in the message's transaction. At most one mail per conversation per
 * CUSTOMER_MESSAGE_MAIL_MINUTES: the conversation row is claimed by one conditional update, so two
 * messages at once still make one mail. Nothing is sent to a relation without an e-mail address.
 * Answers whether a mail was queued.
 */
export async function mailCustomerAboutMessage(
  tx: Tx,
  deps: MessageMailer,
  message: { flowId: number; content: string; userId: number },
): Promise<boolean> {
  const found = await tx.execute<{ email: string; company_id: number }>(sql`
    select r.email, f.company_id from flow f join relation r on r.id = f.relation_id
    where f.id = ${message.flowId}`);
  const to = found.rows[0]?.email?.trim();
  if (!to) return false;
  const claimed = await tx.execute(sql`
    update flow_conversation set customer_mailed_at = now()
    where flow_id = ${message.flowId} and (customer_mailed_at is null
      or customer_mailed_at <= now() - make_interval(mins => ${CUSTOMER_MESSAGE_MAIL_MINUTES}))
    returning flow_id`);
  if (claimed.rows.length === 0) return false;
  const [template] = await standardMailTemplate(tx, message.flowId, 'messagebyuser');
  const data = await flowMergeData(tx, message.flowId, message.userId, deps.appUrl);
  // The message is a value, escaped into the HTML like any other: never rendered as a template.
  data.bericht = { inhoud: message.content };
  const subject = template?.subject.trim() ? template.subject : DEFAULT_MESSAGE_MAIL.subject;
  const body = template?.message.trim() ? template.message : DEFAULT_MESSAGE_MAIL.message;
  let html = renderMergeTags(body, data, { html: true });
  // The customer reads and answers in the dossier: its link goes along even when the template lacks it.
  if (!html.includes(renderMergeTags('{{ dossier.link }}', data, { html: true })))
    html += renderMergeTags(DEFAULT_MESSAGE_MAIL.link, data, { html: true });
  await queueFlowMail(tx, deps.mailer, {
    flowId: message.flowId,
    companyId: found.rows[0]!.company_id,
    userId: message.userId,
    to,
    subject: renderMergeTags(subject, data, { html: false }).slice(0, 300),
    html,
    files: [],
    templateId: template?.id ?? null,
  });
  return true;
}
