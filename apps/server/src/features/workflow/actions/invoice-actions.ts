// Actions on the flow's overdue invoices: the payment reminder and the formal notice (aanmaning), as staff
// send them from the overdue overview (decision 031).
import { amsterdamDay, PAYMENT_REMINDER_LABELS, type PaymentReminderLevel } from '@im/domain';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { salesDocument } from '../../../platform/db/tables/documents.schema';
import { invoice } from '../../../platform/db/tables/invoices.schema';
import { sendPaymentReminder } from '../../invoices';
import { actingUser } from './common';
import { type ActionContext, type ActionExecutor, ActionFailure } from './types';

export const NO_OVERDUE_INVOICE = 'Dit dossier heeft geen vervallen factuur met een openstaand bedrag.';

/**
 * The invoices a letter goes to: the event's invoice ('factuur vervallen'), else (a delayed run, another
 * trigger) the flow's invoices past due that owe and have not had this letter yet; a notice only after
 * a reminder.
 */
async function targets(ctx: ActionContext, level: PaymentReminderLevel): Promise<number[]> {
  if (ctx.event.entityType === 'invoice' && ctx.event.entityId !== null) return [ctx.event.entityId];
  const rows = await ctx.tx
    .select({ id: invoice.id })
    .from(invoice)
    .where(
      and(
        sql`${invoice.id} in (select id from sales_document where flow_id = ${ctx.flow.id} and kind = 'invoice')`,
        sql`${invoice.owedDay} < ${amsterdamDay(new Date())}::date`,
        level === 'reminder' ? isNull(invoice.reminderSentAt) : isNull(invoice.noticeSentAt),
        level === 'notice' ? sql`${invoice.reminderSentAt} is not null` : undefined,
      ),
    )
    .orderBy(asc(invoice.owedDay), asc(invoice.id));
  return rows.map((r) => r.id);
}

function letter(level: PaymentReminderLevel): ActionExecutor {
  return async (ctx) => {
    const ids = await targets(ctx, level);
    if (!ids.length) throw new ActionFailure(NO_OVERDUE_INVOICE);
    const sender = await actingUser(ctx);
    const sent: string[] = [];
    for (const id of ids) {
      const r = await sendPaymentReminder(ctx.tx, ctx.deps.mailer, id, level, {
        companyId: ctx.companyId,
        userId: sender.userId,
        appUrl: ctx.deps.config.APP_URL,
      });
      sent.push(r.to);
    }
    const [first] = await ctx.tx
      .select({ number: salesDocument.number })
      .from(salesDocument)
      .where(eq(salesDocument.id, ids[0]!));
    return `${PAYMENT_REMINDER_LABELS[level]} verstuurd voor ${ids.length === 1 ? `factuur ${first?.number ?? ids[0]}` : `${ids.length} facturen`} aan ${[...new Set(sent)].join(', ')}`;
  };
}

export const sendPaymentReminderAction = letter('reminder');
export const sendPaymentNoticeAction = letter('notice');
