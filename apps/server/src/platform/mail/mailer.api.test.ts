import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SmtpSink, sleep, startSmtpSink } from '../../../test/smtp-sink';
import { ADMIN, startTestServer, type TestServer } from '../../../test/test-server';
import { PASSWORD_CHANGED } from '../auth/messages';
import type { MailMessage } from './mailer';

const RESET_LINK = /http:\/\/app\.test\/#\/resetpassword\/([A-Za-z0-9_-]{43})\?email=([^\s"]+)/;

type OutboxRow = {
  status: string;
  error: string | null;
  attempts: number;
  sent_at: string | null;
};

async function outboxRow(t: TestServer, id: number): Promise<OutboxRow> {
  const res = await t.server.deps.db.platform((tx) =>
    tx.execute<OutboxRow>(sql`select status, error, attempts, sent_at from outbox_mail where id = ${id}`),
  );
  return res.rows[0]!;
}

async function waitForStatus(
  t: TestServer,
  id: number,
  status: string,
  timeoutMs: number,
): Promise<OutboxRow> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const row = await outboxRow(t, id);
    if (row.status === status) return row;
    if (Date.now() > until)
      throw new Error(`mail ${id} still ${row.status} (${row.error}) after ${timeoutMs} ms`);
    await sleep(100);
  }
}

/** Queues a mail the way features do: in a transaction of the main company. */
function queue(t: TestServer, message: MailMessage, after?: () => void): Promise<number> {
  return t.server.deps.db.tenant({ companyId: 1, userId: 1 }, async (tx) => {
    const id = await t.server.deps.mailer.queue(tx, message);
    after?.();
    return id;
  });
}

describe('without SMTP_URL the outbox keeps the mail for platform admins', () => {
  let t: TestServer;
  let admin: string;
  beforeAll(async () => {
    t = await startTestServer();
    admin = await t.login(ADMIN.email, ADMIN.password);
  });
  afterAll(async () => t?.close());

  it('keeps a reset mail that a platform admin reads, and its link works', async () => {
    const companyId = await t.createTestCompany();
    const { email } = await t.createTestUser({ companyId });
    expect((await t.api('POST', '/api/password/email', { body: { email } })).status).toBe(200);

    const page = await t.api(
      'GET',
      `/api/outboxmail/querypaginated?offset=0&limit=10&query=${encodeURIComponent(email)}`,
      {
        token: admin,
      },
    );
    expect(page.status).toBe(200);
    expect(page.body.pagination).toEqual({ total: 1, offset: 0, limit: 10 });
    expect(page.body.data).toHaveLength(1);
    const listed = page.body.data[0];
    expect(listed).toMatchObject({
      to: email,
      from: 'Installatiemanager <noreply@installatiemanager.local>',
      subject: 'Wachtwoord herstellen',
      status: 'kept',
      error: null,
      sent_at: null,
      company_id: companyId,
    });
    expect(Number.isNaN(Date.parse(listed.created_at))).toBe(false);

    await sleep(1000); // no job picks it up
    const one = await t.api('GET', `/api/outboxmail/${listed.id}`, { token: admin });
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({ id: listed.id, status: 'kept', sent_at: null });
    const match = one.body.text.match(RESET_LINK);
    expect(match, one.body.text).not.toBeNull();
    expect(match[2]).toBe(encodeURIComponent(email));
    expect(one.body.html).toContain(match[0]);

    const password = 'Outbox2026a';
    const reset = await t.api('POST', '/api/password/reset', {
      body: { token: match[1], email, password, password_confirmation: password },
    });
    expect(reset.status).toBe(200);
    expect(reset.body.message).toBe(PASSWORD_CHANGED);
    expect((await t.api('POST', '/api/authenticate', { body: { email, password } })).status).toBe(200);
  });

  it('pages newest first with the contract pagination shape', async () => {
    const ids: number[] = [];
    for (const n of [1, 2, 3])
      ids.push(await queue(t, { to: `pagina${n}@test.local`, subject: `Pagina ${n}`, text: 'x' }));
    const all = await t.api('GET', '/api/outboxmail/querypaginated', { token: admin });
    expect(all.status).toBe(200);
    const total = all.body.pagination.total as number;
    expect(total).toBeGreaterThanOrEqual(3);
    expect(all.body.data.slice(0, 3).map((m: { id: number }) => m.id)).toEqual([...ids].reverse());

    const second = await t.api('GET', '/api/outboxmail/querypaginated?offset=1&limit=1', { token: admin });
    expect(second.status).toBe(200);
    expect(second.body.pagination).toEqual({ total, offset: 1, limit: 1 });
    expect(second.body.data.map((m: { id: number }) => m.id)).toEqual([ids[1]]);

    const filtered = await t.api('GET', '/api/outboxmail/querypaginated?query=pagina2', { token: admin });
    expect(filtered.body.data.map((m: { id: number }) => m.id)).toEqual([ids[1]]);
    expect(filtered.body.pagination.total).toBe(1);
  });

  it('answers 404 for an unknown id', async () => {
    const res = await t.api('GET', '/api/outboxmail/999999', { token: admin });
    expect(res.status).toBe(404);
    expect(res.body.message).toBeTruthy();
  });

  it('is closed to anyone but platform admins', async () => {
    const id = await queue(t, { to: 'geheim@test.local', subject: 'Geheim', text: 'link' });
    const otherCompany = await t.createTestCompany({ modules: ['BASIS', 'CRM', 'SETTINGS'] });
    const outsider = await t.login((await t.createTestUser({ companyId: otherCompany, role: 5000 })).email);
    const mainStaff = await t.login((await t.createTestUser({ companyId: 1, role: 100 })).email);
    for (const token of [outsider, mainStaff]) {
      expect((await t.api('GET', '/api/outboxmail/querypaginated', { token })).status).toBe(403);
      expect((await t.api('GET', `/api/outboxmail/${id}`, { token })).status).toBe(403);
    }
    expect((await t.api('GET', '/api/outboxmail/querypaginated')).status).toBe(401);
    expect((await t.api('GET', `/api/outboxmail/${id}`)).status).toBe(401);
  });
});

describe('with SMTP_URL a job delivers the mail', () => {
  let smtp: SmtpSink;
  let t: TestServer;
  beforeAll(async () => {
    // The first delivery attempt is refused with a temporary error, later ones are accepted.
    smtp = await startSmtpSink({
      reject: (attempt) => (attempt === 1 ? 'Tijdelijk niet beschikbaar' : null),
    });
    t = await startTestServer({
      config: { SMTP_URL: smtp.url, MAIL_FROM: 'Installateur B.V. <info@installateur.test>' },
    });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it('retries a refused delivery until it is sent', async () => {
    const longLine = `Offerte ${'één regel die lang genoeg is om te worden afgebroken, '.repeat(3)}einde=klaar`;
    const message = {
      to: 'klant@example.test',
      subject: 'Uw offerte – één stap',
      text: `Beste klant,\n\n${longLine}\nGroet`,
      html: '<p>Beste klant</p>',
    };
    const id = await queue(t, message);
    expect((await outboxRow(t, id)).status).toBe('queued');

    const failed = await waitForStatus(t, id, 'failed', 10_000);
    expect(failed.error).toMatch(/Tijdelijk niet beschikbaar/);
    expect(failed.attempts).toBe(1);
    expect(failed.sent_at).toBeNull();
    expect(smtp.received).toHaveLength(0);

    // pg-boss retries with backoff: the first retry comes 5-10 s later (retryDelay 5 s, jittered).
    const sent = await waitForStatus(t, id, 'sent', 20_000);
    expect(sent).toMatchObject({ error: null, attempts: 2 });
    expect(sent.sent_at).not.toBeNull();
    expect(smtp.attempts).toBe(2);
    expect(smtp.received).toHaveLength(1);
    const mail = smtp.received[0]!;
    expect(mail.envelopeFrom).toBe('info@installateur.test');
    expect(mail.envelopeTo).toEqual(['klant@example.test']);
    // In the company's name (the main company's, no sender name set) from the platform's address.
    expect(mail.headers.from).toMatch(/^"?Installatiemanager"? <info@installateur\.test>$/);
    expect(mail.subject).toBe(message.subject);
    expect(mail.text.replace(/\r\n/g, '\n').trimEnd()).toBe(message.text);
    expect(mail.html).toContain('<p>Beste klant</p>');

    await sleep(1000);
    expect(smtp.received).toHaveLength(1); // delivered once, not again
  });

  it('sends nothing for a mail whose transaction rolled back', async () => {
    const before = smtp.attempts;
    await expect(
      queue(t, { to: 'nooit@example.test', subject: 'Teruggedraaid', text: 'x' }, () => {
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    await sleep(2000);
    expect(smtp.attempts).toBe(before);
    const rows = await t.server.deps.db.platform((tx) =>
      tx.execute(sql`select id from outbox_mail where to_address = 'nooit@example.test'`),
    );
    expect(rows.rows).toHaveLength(0);
  });
});
