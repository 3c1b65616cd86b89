// Actions that tell someone: notifications, e-mails to the customer or a user, a message on the flow,
// a webhook, and the e-mail prepared for staff to check (assist mail).
import { checkMergeTags, MAX_MESSAGE_LENGTH, renderMergeTags, zCreateMessage } from '@im/domain';
import { asc, eq, isNull } from 'drizzle-orm';
import { mailTemplate, messageTemplate } from '../../../platform/db/tables/mailtemplates.schema';
import { relation } from '../../../platform/db/tables/relations.schema';
import { user } from '../../../platform/db/tables/users.schema';
import { AppError } from '../../../platform/errors';
import { htmlToText, sanitizeHtml } from '../../../platform/html/sanitize';
import { createAssistMail } from '../../assistmails';
import { flowMergeData, sendFlowMail } from '../../mailtemplates';
import { createStaffMessage } from '../../messages';
import { notify } from '../../notifications';
import { queueWebhookDelivery } from '../../webhooks';
import { actingUser, gone, renderRuleText, ruleUser, textAsHtml } from './common';
import { type ActionContext, type ActionExecutor, ActionFailure } from './types';

export const NO_RELATION_EMAIL = 'De relatie van dit dossier heeft geen e-mailadres.';
export const USER_MAIL_SUBJECT = 'Melding uit workflowregel';

/** A notification about the flow for the rule's user: 0 every active user, 9999999 the handler. */
export const createNotification: ActionExecutor = async (ctx) => {
  const who = await ruleUser(ctx, { everyone: true });
  const content = await renderRuleText(ctx, ctx.rule.text, { html: false });
  if (!content) throw new ActionFailure('De tekst van de notificatie is leeg.');
  const userIds = who
    ? [who.id]
    : (
        await ctx.tx.select({ id: user.id }).from(user).where(isNull(user.deletedAt)).orderBy(asc(user.id))
      ).map((u) => u.id);
  const ids = await notify(
    ctx.tx,
    userIds.map((userId) => ({
      userId,
      notifiableType: 'flow' as const,
      notifiableId: ctx.flow.id,
      flowId: ctx.flow.id,
      content,
    })),
  );
  return who ? 'Notificatie aangemaakt' : `Notificatie aangemaakt voor ${ids.length} gebruikers`;
};

async function ruleMailTemplate(ctx: ActionContext) {
  const [template] = ctx.rule.morphId
    ? await ctx.tx.select().from(mailTemplate).where(eq(mailTemplate.id, ctx.rule.morphId))
    : [];
  if (!template) throw gone('Het gekozen e-mailtemplate');
  return template;
}

async function relationEmail(ctx: ActionContext): Promise<string> {
  if (ctx.flow.relationId === null) return '';
  const [r] = await ctx.tx
    .select({ email: relation.email })
    .from(relation)
    .where(eq(relation.id, ctx.flow.relationId));
  return r?.email.trim() ?? '';
}

/** The template's mail to the flow's relation, as staff send it from the flow (merge tags, files, log). */
export const sendEmail: ActionExecutor = async (ctx) => {
  const template = await ruleMailTemplate(ctx);
  const to = await relationEmail(ctx);
  if (!to) throw new ActionFailure(NO_RELATION_EMAIL);
  const sender = await actingUser(ctx);
  await sendFlowMail(
    ctx.tx,
    ctx.deps.mailer,
    ctx.flow.id,
    { to, subject: template.subject, message: template.message, mailtemplate_id: template.id },
    [],
    { ...sender, appUrl: ctx.deps.config.APP_URL },
  );
  return `E-mail '${template.description}' verstuurd aan ${to}`;
};

/** A mail from the flow to a user (9999999: the handler): the rule's description as subject, its text as body. */
export const sendEmailToUser: ActionExecutor = async (ctx) => {
  const to = (await ruleUser(ctx))!;
  const sender = await actingUser(ctx);
  const subject = ctx.rule.description.trim() || USER_MAIL_SUBJECT;
  await sendFlowMail(
    ctx.tx,
    ctx.deps.mailer,
    ctx.flow.id,
    { to: to.email, subject, message: textAsHtml(ctx.rule.text) },
    [],
    { ...sender, appUrl: ctx.deps.config.APP_URL },
  );
  return `E-mail verstuurd aan ${to.email}`;
};

/** The message template, filled in as the communicator fills it, sent to the customer on the flow. */
export const sendMessage: ActionExecutor = async (ctx) => {
  const [template] = ctx.rule.morphId
    ? await ctx.tx.select().from(messageTemplate).where(eq(messageTemplate.id, ctx.rule.morphId))
    : [];
  if (!template) throw gone('Het gekozen berichttemplate');
  const sender = await actingUser(ctx);
  const content = htmlToText(
    await renderRuleText(ctx, template.message, { html: true, sender: sender.userId }),
  ).slice(0, MAX_MESSAGE_LENGTH);
  const input = zCreateMessage.safeParse({ flow_id: ctx.flow.id, content });
  if (!input.success) throw new ActionFailure(input.error.issues[0]?.message ?? 'Het bericht is leeg.');
  await createStaffMessage(
    ctx.tx,
    input.data,
    { userId: sender.userId, role: sender.role },
    { mailer: ctx.deps.mailer, appUrl: ctx.deps.config.APP_URL },
  );
  return `Bericht '${template.description}' verstuurd naar de klant`;
};

export const sendWebhook: ActionExecutor = async (ctx) => {
  if (!ctx.rule.morphId) throw gone('De gekozen webhookkoppeling');
  try {
    const { deliveryId } = await queueWebhookDelivery(ctx.tx, ctx.deps.jobs, {
      connectionId: ctx.rule.morphId,
      flowId: ctx.flow.id,
      ruleId: ctx.rule.id,
      eventId: ctx.event.id,
    });
    return `Webhook klaargezet voor verzending (levering ${deliveryId})`;
  } catch (err) {
    if (err instanceof AppError && err.code === 'not_found') throw gone('De gekozen webhookkoppeling');
    throw err;
  }
};

/**
 * The template's mail prepared for staff to check and send themselves: to the relation (empty when it
 * has no address: staff fill it in), merge tags filled in as the acting user; the handler is notified.
 */
export const assistMailAction: ActionExecutor = async (ctx) => {
  const template = await ruleMailTemplate(ctx);
  const sender = await actingUser(ctx);
  for (const text of [template.subject, template.message]) {
    const problem = checkMergeTags(text);
    if (problem) throw new ActionFailure(problem);
  }
  const data = await flowMergeData(ctx.tx, ctx.flow.id, sender.userId, ctx.deps.config.APP_URL);
  const subject = renderMergeTags(template.subject, data, { html: false }).trim().slice(0, 300);
  const body = sanitizeHtml(renderMergeTags(sanitizeHtml(template.message), data, { html: true }));
  const to = await relationEmail(ctx);
  const id = await createAssistMail(ctx.tx, {
    flowId: ctx.flow.id,
    ruleId: ctx.rule.id,
    mailtemplateId: template.id,
    toEmail: to,
    subject: subject || template.description,
    body,
  });
  if (ctx.flow.userId !== null)
    await notify(ctx.tx, [
      {
        userId: ctx.flow.userId,
        notifiableType: 'flow',
        notifiableId: ctx.flow.id,
        flowId: ctx.flow.id,
        content: `E-mail klaargezet ter controle: ${subject || template.description}`,
      },
    ]);
  return `E-mail '${template.description}' klaargezet ter controle (${id})${to ? '' : ', zonder ontvanger'}`;
};
