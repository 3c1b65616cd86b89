import type { MailReplyToChoice, MailSender, SaveMailSender } from '@im/domain';
import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/database';
import { company, companySettings } from '../../platform/db/tables/companies.schema';
import { currentCompanyIdSql } from '../../platform/db/tenancy-sql';
import { writeLog } from '../../platform/events/write-log';

/** The company's mail sender as 'E-mailinstellingen' shows it (decision 036). */
export async function loadMailSender(tx: Tx): Promise<MailSender> {
  const [row] = await tx
    .select({ s: companySettings, name: company.name })
    .from(companySettings)
    .innerJoin(company, eq(company.id, companySettings.companyId))
    .where(sql`${companySettings.companyId} = ${currentCompanyIdSql}`);
  if (!row) throw new Error('Company settings missing');
  return {
    sender_name: row.s.mailSenderName,
    reply_to: row.s.mailReplyTo as MailReplyToChoice,
    reply_to_address: row.s.mailReplyToAddress,
    company_email: row.s.email,
    company_name: row.name,
  };
}

/** Saves the sender name and reply-to choice; a given address is kept only with the 'address' choice. */
export async function saveMailSender(tx: Tx, input: SaveMailSender): Promise<MailSender> {
  const [row] = await tx
    .update(companySettings)
    .set({
      mailSenderName: input.sender_name,
      mailReplyTo: input.reply_to,
      mailReplyToAddress: input.reply_to === 'address' ? input.reply_to_address : '',
      updatedAt: new Date(),
    })
    .where(sql`${companySettings.companyId} = ${currentCompanyIdSql}`)
    .returning({ id: companySettings.id });
  if (!row) throw new Error('Company settings missing');
  await writeLog(tx, {
    type: 'companysettings',
    id: row.id,
    action: 'update',
    description: 'Afzender van e-mails gewijzigd',
    changes: input,
  });
  return loadMailSender(tx);
}
