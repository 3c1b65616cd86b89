import { eq } from 'drizzle-orm';
import type { Tx } from '../../platform/db/database';
import { companySettings } from '../../platform/db/tables/companies.schema';
import type { MailAttachment } from '../../platform/mail/mailer';
import { imageOf } from '../companies';

/**
 * Frames a customer mail's sanitised HTML body with the company's e-mail header and footer images
 * (spec 000 "Email settings"). The images travel inside the mail (Content-ID), so they show without
 * the customer's mail program fetching anything from the server.
 */
export async function brandMailHtml(
  tx: Tx,
  companyId: number,
  body: string,
): Promise<{ html: string; inline: MailAttachment[] }> {
  const where = eq(companySettings.companyId, companyId);
  const inline: MailAttachment[] = [];
  const parts: string[] = [];
  for (const slot of ['emailheader', 'emailfooter'] as const) {
    const image = await imageOf(tx, slot, where);
    if (image) inline.push({ ...image, cid: `${slot}@installatiemanager` });
  }
  const img = (slot: string) =>
    inline.some((a) => a.cid === `${slot}@installatiemanager`)
      ? `<img src="cid:${slot}@installatiemanager" alt="" style="display:block;max-width:100%;height:auto;border:0">`
      : '';
  parts.push(
    '<div style="max-width:640px;margin:0 auto;font-family:Arial,Helvetica,sans-serif;font-size:14px;line-height:1.5;color:#1f2933">',
    img('emailheader'),
    `<div style="padding:16px 0">${body}</div>`,
    img('emailfooter'),
    '</div>',
  );
  return { html: parts.join(''), inline };
}
