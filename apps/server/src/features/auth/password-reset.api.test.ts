import { PASSWORD_RESET_SENT_ALERT } from '@im/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ReceivedMail, type SmtpSink, sleep, startSmtpSink } from '../../../test/smtp-sink';
import { startTestServer, TEST_PASSWORD, type TestServer } from '../../../test/test-server';
import { PASSWORD_CHANGED, PASSWORDS_DIFFER, RESET_LINK_INVALID } from '../../platform/auth/messages';

const NEW_PASSWORD = 'Nieuw2026x';

let smtp: SmtpSink;
let t: TestServer;
beforeAll(async () => {
  smtp = await startSmtpSink();
  t = await startTestServer({ config: { SMTP_URL: smtp.url } });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const mailsTo = (email: string) => smtp.received.filter((m) => m.envelopeTo.includes(email));

async function waitForMailTo(email: string, timeoutMs = 15_000): Promise<ReceivedMail> {
  const until = Date.now() + timeoutMs;
  while (mailsTo(email).length === 0) {
    if (Date.now() > until) throw new Error(`no mail to ${email} within ${timeoutMs} ms`);
    await sleep(100);
  }
  return mailsTo(email)[0]!;
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The token of the reset link in the received mail's plain text, for exactly this address. */
function tokenFrom(mail: ReceivedMail, email: string): string {
  const link = new RegExp(
    `http://app\\.test/#/resetpassword/([A-Za-z0-9_-]{20,})\\?email=${escapeRegExp(encodeURIComponent(email))}(?=\\s|$)`,
  );
  const match = mail.text.match(link);
  if (!match) throw new Error(`no reset link for ${email} in:\n${mail.text}`);
  return match[1]!;
}

const requestReset = (email: string) => t.api('POST', '/api/password/email', { body: { email } });
const reset = (body: Record<string, string>) => t.api('POST', '/api/password/reset', { body });

async function loginStatus(email: string, password: string): Promise<number> {
  return (await t.api('POST', '/api/authenticate', { body: { email, password } })).status;
}

async function outboxRowsTo(email: string) {
  const res = await t.server.deps.db.platform((tx) =>
    tx.execute<{ status: string; sent_at: string | null; error: string | null }>(
      sql`select status, sent_at, error from outbox_mail where to_address = ${email}`,
    ),
  );
  return res.rows;
}

describe('password reset by mail, delivered over SMTP', () => {
  it('mails a single-use link that sets the new password and ends existing sessions', async () => {
    const companyId = await t.createTestCompany();
    const email = 'jan+herstel@test.local';
    const { id: userId } = await t.createTestUser({ companyId, email });
    const session = await t.login(email);

    const res = await requestReset(email);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: PASSWORD_RESET_SENT_ALERT });

    const mail = await waitForMailTo(email);
    await sleep(300);
    expect(mailsTo(email)).toHaveLength(1);
    expect(mail.envelopeTo).toEqual([email]);
    expect(mail.envelopeFrom).toBe('noreply@installatiemanager.local');
    expect(mail.subject).toBe('Wachtwoord herstellen');
    expect(mail.to).toContain(email);
    expect(mail.text).toContain('http://app.test/#/resetpassword/');
    expect(mail.text).toContain('?email=jan%2Bherstel%40test.local');
    const token = tokenFrom(mail, email);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(mail.html).toContain(
      `href="http://app.test/#/resetpassword/${token}?email=jan%2Bherstel%40test.local"`,
    );

    // The database keeps only a hash of the token.
    const stored = await t.server.deps.db.platform((tx) =>
      tx.execute<{ token_hash: string }>(
        sql`select token_hash from password_reset where user_id = ${userId}`,
      ),
    );
    expect(stored.rows).toHaveLength(1);
    expect(stored.rows[0]!.token_hash).not.toContain(token);

    const done = await reset({ token, email, password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD });
    expect(done.status).toBe(200);
    expect(done.body).toEqual({ message: PASSWORD_CHANGED });

    expect(await loginStatus(email, NEW_PASSWORD)).toBe(200);
    expect(await loginStatus(email, TEST_PASSWORD)).toBe(401);
    expect((await t.api('GET', '/api/user/getcurrentuser', { token: session })).status).toBe(401);

    const again = await reset({
      token,
      email,
      password: 'Anders2026y',
      password_confirmation: 'Anders2026y',
    });
    expect(again.status).toBe(422);
    expect(again.body.message).toBe(RESET_LINK_INVALID);
    expect(await loginStatus(email, NEW_PASSWORD)).toBe(200);

    // The outbox row is marked sent (the update may land just after the SMTP server accepted it).
    let rows = await outboxRowsTo(email);
    for (let i = 0; i < 50 && rows[0]?.status !== 'sent'; i++) {
      await sleep(100);
      rows = await outboxRowsTo(email);
    }
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'sent', error: null });
    expect(Date.now() - Date.parse(rows[0]!.sent_at!)).toBeLessThan(60_000);
  });

  it('answers an unknown address exactly like a known one and sends nothing', async () => {
    const email = 'niemand-bekend@test.local';
    const before = smtp.received.length;
    const res = await requestReset(email);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: PASSWORD_RESET_SENT_ALERT });
    await sleep(2000);
    expect(smtp.received.length).toBe(before);
    expect(mailsTo(email)).toHaveLength(0);
    expect(await outboxRowsTo(email)).toHaveLength(0);
  });

  it('refuses a wrong address, a weak or unconfirmed password and an expired link, changing nothing', async () => {
    const companyId = await t.createTestCompany();
    const { id: userId, email } = await t.createTestUser({ companyId });
    const other = await t.createTestUser({ companyId });
    const session = await t.login(email);

    expect((await requestReset(email)).status).toBe(200);
    const token = tokenFrom(await waitForMailTo(email), email);

    const wrongEmail = await reset({
      token,
      email: other.email,
      password: NEW_PASSWORD,
      password_confirmation: NEW_PASSWORD,
    });
    expect(wrongEmail.status).toBe(422);
    expect(wrongEmail.body.message).toBe(RESET_LINK_INVALID);

    for (const weak of ['Kort1a', 'alleenkleine1', 'ZonderCijfers']) {
      const res = await reset({ token, email, password: weak, password_confirmation: weak });
      expect(res.status).toBe(422);
      expect(res.body.errors.password).toBeDefined();
    }

    const mismatch = await reset({
      token,
      email,
      password: NEW_PASSWORD,
      password_confirmation: 'Nieuw2026z',
    });
    expect(mismatch.status).toBe(422);
    expect(mismatch.body.errors.password_confirmation).toEqual([PASSWORDS_DIFFER]);

    // None of these used up the link; age it past its hour.
    const unused = await t.server.deps.db.platform((tx) =>
      tx.execute(sql`update password_reset set expires_at = now() - interval '1 minute'
        where user_id = ${userId} and used_at is null`),
    );
    expect(unused.rowCount).toBe(1);
    const expired = await reset({
      token,
      email,
      password: NEW_PASSWORD,
      password_confirmation: NEW_PASSWORD,
    });
    expect(expired.status).toBe(422);
    expect(expired.body.message).toBe(RESET_LINK_INVALID);

    expect(await loginStatus(email, TEST_PASSWORD)).toBe(200);
    expect(await loginStatus(email, NEW_PASSWORD)).toBe(401);
    expect(await loginStatus(other.email, TEST_PASSWORD)).toBe(200);
    expect((await t.api('GET', '/api/user/getcurrentuser', { token: session })).status).toBe(200);
  });
});
