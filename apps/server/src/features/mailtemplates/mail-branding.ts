import { escapeLines } from '@im/domain';
import { eq } from 'drizzle-orm';
import { profileLogoOfFlow } from '../../platform/branding/profile-branding';
import type { Tx } from '../../platform/db/database';
import { companySettings } from '../../platform/db/tables/companies.schema';
import type { MailAttachment } from '../../platform/mail/mailer';
import { imageOf } from '../companies';
import { mediaImagesByTokens, PUBLIC_MEDIA_PATH } from '../medialibrary';

const MEDIA_IMG = new RegExp(
  `<img\\b[^>]*?\\bsrc="(?:https?://[^"/]+)?${PUBLIC_MEDIA_PATH.replace(/\//g, '\\/')}([A-Za-z0-9_-]{20,64})"[^>]*>`,
  'g',
);

/**
 * Pictures of the media library in a body (a mail template's `<img>` with the picture's public address)
 * travel inside the mail like the header (Content-ID), so they show without the mail program fetching
 * them; a picture deleted from the library since is left out (decision 064).
 */
async function embedMediaImages(
  tx: Tx,
  companyId: number,
  body: string,
): Promise<{ html: string; inline: MailAttachment[] }> {
  const tokens = [...new Set([...body.matchAll(MEDIA_IMG)].map((m) => m[1]!))];
  if (tokens.length === 0) return { html: body, inline: [] };
  const found = new Map((await mediaImagesByTokens(tx, companyId, tokens)).map((f) => [f.publicToken, f]));
  const inline: MailAttachment[] = [];
  const html = body.replace(MEDIA_IMG, (tag, token: string) => {
    const file = found.get(token);
    if (!file) return '';
    const cid = `media-${file.id}@installatiemanager`;
    if (!inline.some((a) => a.cid === cid))
      inline.push({ storageKey: file.storageKey, filename: file.filename, mimeType: file.mimeType, cid });
    return tag.replace(/\bsrc="[^"]*"/, `src="cid:${cid}"`);
  });
  return { html, inline };
}

/** The company's e-mail signature as HTML, or '' when it has none. */
async function signatureHtml(tx: Tx, companyId: number): Promise<string> {
  const [row] = await tx
    .select({ signature: companySettings.emailSignature })
    .from(companySettings)
    .where(eq(companySettings.companyId, companyId));
  return row?.signature ? escapeLines(row.signature) : '';
}

/**
 * Ends a mail body with the company's e-mail signature (spec 000: used in every mail), unless the
 * template already placed it with the merge tag {bedrijf.handtekening} (decision 057).
 */
export async function withSignature(tx: Tx, companyId: number, body: string): Promise<string> {
  const signature = await signatureHtml(tx, companyId);
  if (!signature || body.includes(signature)) return body;
  return `${body}<p>${signature}</p>`;
}

/**
 * Frames a customer mail's sanitised HTML body with the company's e-mail header and footer images
 * (spec 000 "Email settings"). The images travel inside the mail (Content-ID), so they show without
 * the customer's mail program fetching anything from the server. A flow whose request profile has its
 * own branding shows that profile's logo above the body instead of the company's header (decision 057).
 */
export async function brandMailHtml(
  tx: Tx,
  companyId: number,
  body: string,
  flowId?: number,
): Promise<{ html: string; inline: MailAttachment[] }> {
  const where = eq(companySettings.companyId, companyId);
  const media = await embedMediaImages(tx, companyId, body);
  body = media.html;
  const inline: MailAttachment[] = [...media.inline];
  const parts: string[] = [];
  const profileLogo = flowId === undefined ? null : await profileLogoOfFlow(tx, { id: flowId });
  if (profileLogo) inline.push({ ...profileLogo, cid: 'profilelogo@installatiemanager' });
  for (const slot of ['emailheader', 'emailfooter'] as const) {
    if (slot === 'emailheader' && profileLogo) continue;
    const image = await imageOf(tx, slot, where);
    if (image) inline.push({ ...image, cid: `${slot}@installatiemanager` });
  }
  const img = (slot: string) =>
    inline.some((a) => a.cid === `${slot}@installatiemanager`)
      ? `<img src="cid:${slot}@installatiemanager" alt="" style="display:block;max-width:100%;height:auto;border:0">`
      : '';
  parts.push(
    '<div style="max-width:640px;margin:0 auto;font-family:Arial,Helvetica,sans-serif;font-size:14px;line-height:1.5;color:#1f2933">',
    profileLogo
      ? '<img src="cid:profilelogo@installatiemanager" alt="" style="display:block;max-width:240px;max-height:96px;height:auto;border:0">'
      : img('emailheader'),
    `<div style="padding:16px 0">${body}</div>`,
    img('emailfooter'),
    '</div>',
  );
  return { html: parts.join(''), inline };
}
