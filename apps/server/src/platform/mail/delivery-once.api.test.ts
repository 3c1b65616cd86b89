import { sql } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SmtpSink, sleep, startSmtpSink } from '../../../test/smtp-sink';
import { startTestServer, type TestServer } from '../../../test/test-server';
import { MAIL_INTERRUPTED } from './mailer';

// Decision 034: a mail is delivered at most once; one cut off by a dying process is never sent again.

let t: TestServer;
let smtp: SmtpSink;

beforeAll(async () => {
  smtp = await startSmtpSink();
  t = await startTestServer({
    config: { SMTP_URL: smtp.url, MAIL_FROM: 'Installateur <info@installateur.test>' },
  });
}, 60_000);
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

type Row = { status: string; error: string | null; message_id: string | null; attempts: number };
const row = async (id: number) =>
  (
    await t.server.deps.db.platform((tx) =>
      tx.execute<Row>(sql`select status, error, message_id, attempts from outbox_mail where id = ${id}`),
    )
  ).rows[0]!;

async function waitForStatus(id: number, status: string): Promise<Row> {
  const until = Date.now() + 20_000;
  for (;;) {
    const r = await row(id);
    if (r.status === status) return r;
    if (Date.now() > until) throw new Error(`mail ${id} is ${r.status}, not ${status}`);
    await sleep(100);
  }
}

/** Queues a mail; `state` then leaves it as a process that died while handing it over would. */
const queue = (subject: string, state?: 'sending') =>
  t.server.deps.db.tenant({ companyId: 1, userId: 1 }, async (tx) => {
    const id = await t.server.deps.mailer.queue(tx, { to: 'klant@voorbeeld.nl', subject, text: subject });
    if (state) await tx.execute(sql`update outbox_mail set status = ${state}, attempts = 1 where id = ${id}`);
    return id;
  });

describe('mail delivery at most once', () => {
  it('sends a mail with the Message-ID kept with it', async () => {
    const before = smtp.received.length;
    const id = await queue('Gewoon verstuurd');
    const sent = await waitForStatus(id, 'sent');
    expect(sent.message_id).toMatch(/^<[0-9a-f-]{36}@installateur\.test>$/);
    const [mail] = (await smtp.waitFor(before + 1, 20_000)).slice(before);
    expect((await simpleParser(mail!.raw)).messageId).toBe(sent.message_id);
  }, 60_000);

  it('never sends again a mail whose attempt was cut off; its job finds it interrupted', async () => {
    const before = smtp.received.length;
    const id = await queue('Half verstuurd', 'sending');
    const r = await waitForStatus(id, 'interrupted');
    expect(r.error).toBe(MAIL_INTERRUPTED);
    await sleep(1500);
    expect(smtp.received.slice(before).map((m) => m.subject)).not.toContain('Half verstuurd');
  }, 60_000);

  it('recovers a cut-off mail at once, but leaves one a live process is handing over', async () => {
    const pool = t.server.deps.db.pool;
    // Jobs are not picked up here: only the recovery looks at these two.
    const ids = await t.server.deps.db.platform(async (tx) => {
      const rows = await tx.execute<{ id: number }>(sql`insert into outbox_mail
        (company_id, to_address, from_address, subject, text, status, message_id)
        values (1, 'a@voorbeeld.nl', 'x@installateur.test', 'Dood', 'x', 'sending', '<a@x>'),
               (1, 'b@voorbeeld.nl', 'x@installateur.test', 'Levend', 'x', 'sending', '<b@x>')
        returning id`);
      return rows.rows.map((r) => r.id);
    });
    const live = await pool.connect();
    try {
      // The delivery lock of the live one is held, as Mailer.deliver holds it.
      await live.query('select pg_advisory_lock(740211, $1)', [ids[1]]);
      await t.server.deps.mailer.recoverInterrupted();
      expect((await row(ids[0]!)).status).toBe('interrupted');
      expect((await row(ids[1]!)).status).toBe('sending');
    } finally {
      await live.query('select pg_advisory_unlock_all()');
      live.release();
    }
    await t.server.deps.mailer.recoverInterrupted();
    expect((await row(ids[1]!)).status).toBe('interrupted');
    expect(smtp.received.map((m) => m.subject)).not.toContain('Dood');
  }, 60_000);
});
