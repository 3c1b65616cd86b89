import { and, eq, gt, isNull } from 'drizzle-orm';
import { RESET_LINK_INVALID, RESET_TOKEN_HOURS } from '../../platform/auth/messages';
import { hashPassword } from '../../platform/auth/passwords';
import { endUserSessions } from '../../platform/auth/sessions';
import { hashToken, newToken } from '../../platform/auth/tokens';
import { passwordReset } from '../../platform/db/tables/auth.schema';
import { user } from '../../platform/db/tables/users.schema';
import type { Deps } from '../../platform/deps';
import { validationError } from '../../platform/errors';
import { writeLog } from '../../platform/events/write-log';
import { findUserByEmail } from '../users';

export function resetLink(appUrl: string, token: string, email: string): string {
  return `${appUrl}/#/resetpassword/${token}?email=${encodeURIComponent(email)}`;
}

/** Sends a single-use reset link when the address belongs to a user; silent otherwise (no account probing). */
export async function requestPasswordReset(deps: Deps, email: string): Promise<void> {
  const { db, mailer, config } = deps;
  const found = await db.platform((tx) => findUserByEmail(tx, email));
  if (!found) return;
  const token = newToken();
  await db.tenant({ companyId: found.companyId, userId: found.id }, async (tx) => {
    await tx.insert(passwordReset).values({
      tokenHash: hashToken(token),
      userId: found.id,
      expiresAt: new Date(Date.now() + RESET_TOKEN_HOURS * 3_600_000),
    });
    const link = resetLink(config.APP_URL, token, found.email);
    await mailer.queue(tx, {
      platform: true,
      to: found.email,
      subject: 'Wachtwoord herstellen',
      text: [
        `Beste ${found.name},`,
        '',
        'Er is gevraagd om het wachtwoord van uw account te herstellen. Kies een nieuw wachtwoord via deze link:',
        link,
        '',
        `De link werkt één keer en is ${RESET_TOKEN_HOURS} uur geldig. Heeft u dit niet zelf gevraagd? Dan kunt u deze e-mail negeren.`,
      ].join('\n'),
      html: `<p>Beste ${escapeHtml(found.name)},</p><p>Er is gevraagd om het wachtwoord van uw account te herstellen. Kies een nieuw wachtwoord via deze link:</p><p><a href="${escapeHtml(link)}">Wachtwoord herstellen</a></p><p>De link werkt één keer en is ${RESET_TOKEN_HOURS} uur geldig. Heeft u dit niet zelf gevraagd? Dan kunt u deze e-mail negeren.</p>`,
    });
  });
}

export async function resetPassword(deps: Deps, input: { token: string; email: string; password: string }) {
  const { db } = deps;
  const found = await db.platform(async (tx) => {
    const [row] = await tx
      .select()
      .from(passwordReset)
      .where(
        and(
          eq(passwordReset.tokenHash, hashToken(input.token)),
          isNull(passwordReset.usedAt),
          gt(passwordReset.expiresAt, new Date()),
        ),
      );
    const u = await findUserByEmail(tx, input.email);
    return row && u && u.id === row.userId ? { reset: row, user: u } : null;
  });
  if (!found) throw validationError(RESET_LINK_INVALID);
  const passwordHash = await hashPassword(input.password);
  await db.tenant({ companyId: found.user.companyId, userId: found.user.id }, async (tx) => {
    // Marking it used in the same statement that checks it makes the token single-use under concurrency.
    const used = await tx
      .update(passwordReset)
      .set({ usedAt: new Date() })
      .where(and(eq(passwordReset.id, found.reset.id), isNull(passwordReset.usedAt)))
      .returning({ id: passwordReset.id });
    if (used.length === 0) throw validationError(RESET_LINK_INVALID);
    await tx.update(user).set({ passwordHash, updatedAt: new Date() }).where(eq(user.id, found.user.id));
    await endUserSessions(tx, found.user.id);
    await writeLog(tx, {
      type: 'user',
      id: found.user.id,
      action: 'password',
      description: 'Wachtwoord hersteld',
    });
  });
}

export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
