import { type MailReplyToChoice, mailFrom, mailReplyTo } from '@im/domain';
import { sql } from 'drizzle-orm';
import type { Tx } from '../db/database';
import { currentCompanyIdSql } from '../db/tenancy-sql';

export interface MailSenderHeaders {
  from: string;
  replyTo: string | null;
}

/**
 * From and Reply-To of a mail of the transaction's company (decision 036): the company's sender name
 * (else its name) with the platform's address, replies to the company's address, the flow's handler or
 * the given address, as chosen on 'E-mailinstellingen'. A flow whose request profile has its own branding
 * with a sender name goes out under that name (decision 057). Outside a company: the platform's From only.
 */
export async function mailSenderHeaders(
  tx: Tx,
  platformFrom: string,
  flowId: number | undefined,
): Promise<MailSenderHeaders> {
  const result = await tx.execute<{
    name: string;
    sender_name: string;
    reply_to: string;
    reply_to_address: string;
    email: string;
    handler_email: string | null;
    profile_sender_name: string | null;
  }>(sql`
    select c.name, cs.mail_sender_name as sender_name, cs.mail_reply_to as reply_to,
      cs.mail_reply_to_address as reply_to_address, cs.email,
      (select u.email from flow f join "user" u on u.id = f.user_id
        where f.id = ${flowId ?? null}::integer and f.company_id = c.id) as handler_email,
      (select nullif(fp.settings->'branding'->>'sender_name', '') from flow f
        join flow_profile fp on fp.id = f.flowprofile_id and fp.deleted_at is null
        where f.id = ${flowId ?? null}::integer and f.company_id = c.id) as profile_sender_name
    from company c join company_settings cs on cs.company_id = c.id
    where c.id = ${currentCompanyIdSql}`);
  const row = result.rows[0];
  if (!row) return { from: platformFrom, replyTo: null };
  return {
    from: mailFrom(row.profile_sender_name || row.sender_name || row.name, platformFrom),
    replyTo: mailReplyTo(row.reply_to as MailReplyToChoice, {
      company: row.email,
      handler: row.handler_email,
      given: row.reply_to_address,
    }),
  };
}
