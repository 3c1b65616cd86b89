// A staff message mails the customer, in the company's name with its Reply-To (decision 036).
import { CUSTOMER_MESSAGE_MAIL_MINUTES, MAIL_SENDER_TEXTS } from '@im/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCrmCompany, createTestRelation } from '../../../test/crm-factories';
import { type SmtpSink, sleep, startSmtpSink } from '../../../test/smtp-sink';
import { startTestServer, type TestServer } from '../../../test/test-server';

let smtp: SmtpSink;
let t: TestServer;
let a: { companyId: number; token: string; userId: number };
let b: { companyId: number; token: string; userId: number };

type Outbox = {
  to_address: string;
  from_address: string;
  reply_to: string | null;
  subject: string;
  html: string;
};

const outboxTo = async (to: string) =>
  (
    await t.server.deps.db.platform((tx) =>
      tx.execute<Outbox>(
        sql`select to_address, from_address, reply_to, subject, html from outbox_mail where to_address = ${to} order by id`,
      ),
    )
  ).rows;

/** A flow whose relation has this address, handled by a new user of company A with this address. */
async function flowFor(email: string, handlerEmail?: string) {
  const rel = await createTestRelation(t, a.token, { createnewflow: true, email });
  if (handlerEmail) {
    const handler = await t.createTestUser({ companyId: a.companyId, role: 100, email: handlerEmail });
    const patched = await t.api('PATCH', `/api/flow/${rel.flow_id}`, {
      token: a.token,
      body: { user_id: handler.id },
    });
    expect(patched.status).toBe(200);
  }
  return rel.flow_id as number;
}

const say = (flowId: number, content: string, token = a.token) =>
  t.api('POST', '/api/message', { token, body: { flow_id: flowId, content } });

const setSender = (body: Record<string, unknown>, token = a.token) =>
  t.api('PATCH', '/api/company/emailsender', { token, body });

beforeAll(async () => {
  smtp = await startSmtpSink();
  t = await startTestServer({
    config: { SMTP_URL: smtp.url, MAIL_FROM: 'Installatiemanager <noreply@platform.test>' },
  });
  a = await createCrmCompany(t, { name: 'Zon & Co' });
  b = await createCrmCompany(t, { name: 'Warmte B' });
  await t.server.deps.db.platform((tx) =>
    tx.execute(
      sql`update company_settings set email = 'info@zonenco.test' where company_id = ${a.companyId}`,
    ),
  );
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

describe('the sender on E-mailinstellingen', () => {
  it('starts as the company name with replies to the company address', async () => {
    const res = await t.api('GET', '/api/company/getcurrentemailsettings', { token: a.token });
    expect(res.status).toBe(200);
    expect(res.body.sender).toEqual({
      sender_name: '',
      reply_to: 'company',
      reply_to_address: '',
      company_email: 'info@zonenco.test',
      company_name: 'Zon & Co',
    });
  });

  it('refuses a missing or bad reply address and a name that could forge a header', async () => {
    const none = await setSender({ sender_name: 'Zon', reply_to: 'address', reply_to_address: '' });
    expect(none.status).toBe(422);
    expect(none.body.errors.reply_to_address).toEqual([MAIL_SENDER_TEXTS.needAddress]);
    const bad = await setSender({ sender_name: 'Zon', reply_to: 'address', reply_to_address: 'geen-adres' });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.reply_to_address).toBeDefined();
    const forged = await setSender({ sender_name: 'Zon <boef@x.test>', reply_to: 'company' });
    expect(forged.status).toBe(422);
    expect(forged.body.errors.sender_name).toEqual([MAIL_SENDER_TEXTS.badName]);
    expect((await setSender({ sender_name: 'Zon', reply_to: 'iedereen' })).status).toBe(422);
    // Nothing was half-saved.
    const after = await t.api('GET', '/api/company/getcurrentemailsettings', { token: a.token });
    expect(after.body.sender).toMatchObject({ sender_name: '', reply_to: 'company' });
  });

  it('keeps one company’s sender to itself', async () => {
    const saved = await setSender({ sender_name: 'Warmte Bedrijf', reply_to: 'company' }, b.token);
    expect(saved.status).toBe(200);
    const mine = await t.api('GET', '/api/company/getcurrentemailsettings', { token: a.token });
    expect(mine.body.sender.sender_name).toBe('');
    await setSender({ sender_name: '', reply_to: 'company' }, b.token);
  });
});

describe('a staff message mails the customer', () => {
  it('in the company’s name from the platform address, replies to the company, with the dossier link', async () => {
    const flowId = await flowFor('klant1@voorbeeld.test');
    const sent = await say(flowId, 'Beste klant, de monteur komt {{ relatie.naam }} <b>donderdag</b>.');
    expect(sent.status).toBe(201);
    const [mail] = await smtp.waitFor(1);
    expect(mail!.envelopeFrom).toBe('noreply@platform.test');
    expect(mail!.envelopeTo).toEqual(['klant1@voorbeeld.test']);
    expect(mail!.headers.from).toMatch(/^"?Zon & Co"? <noreply@platform\.test>$/);
    expect(mail!.headers['reply-to']).toBe('info@zonenco.test');
    const [row] = await outboxTo('klant1@voorbeeld.test');
    const { rows } = await t.server.deps.db.platform((tx) =>
      tx.execute<{ hash: string; number: number }>(sql`select hash, number from flow where id = ${flowId}`),
    );
    expect(row!.subject).toBe(`Nieuw bericht over uw dossier ${rows[0]!.number}`);
    expect(row!.html).toContain(`http://app.test/#/customer_flow_detail/${rows[0]!.hash}`);
    // The message is data: its braces stay braces (defused with a zero-width space, decision 034), its
    // markup is escaped.
    expect(row!.html.replaceAll('\u200b', '')).toContain(
      'de monteur komt {{ relatie.naam }} &lt;b&gt;donderdag&lt;/b&gt;.',
    );
    // It is kept among the flow's mails.
    const mails = await t.api('GET', `/api/flow/${flowId}/mails`, { token: a.token });
    expect(mails.status).toBe(200);
    expect(mails.body).toHaveLength(1);
    expect(mails.body[0]).toMatchObject({ to: 'klant1@voorbeeld.test', subject: row!.subject });
  });

  it('sends at most one mail per conversation per 15 minutes', async () => {
    const flowId = await flowFor('klant2@voorbeeld.test');
    expect((await say(flowId, 'Eerste bericht')).status).toBe(201);
    expect((await say(flowId, 'Tweede bericht, twee minuten later')).status).toBe(201);
    expect(await outboxTo('klant2@voorbeeld.test')).toHaveLength(1);
    // Another conversation has its own 15 minutes.
    const otherFlow = await flowFor('klant3@voorbeeld.test');
    expect((await say(otherFlow, 'Ander dossier')).status).toBe(201);
    expect(await outboxTo('klant3@voorbeeld.test')).toHaveLength(1);
    // Once the quarter has passed, the next message mails again.
    await t.server.deps.db.platform((tx) =>
      tx.execute(
        sql`update flow_conversation set customer_mailed_at = now() - make_interval(mins => ${CUSTOMER_MESSAGE_MAIL_MINUTES}) where flow_id = ${flowId}`,
      ),
    );
    expect((await say(flowId, 'Derde bericht, een kwartier later')).status).toBe(201);
    const mails = await outboxTo('klant2@voorbeeld.test');
    expect(mails).toHaveLength(2);
    expect(mails[1]!.html).toContain('Derde bericht, een kwartier later');
  });

  it('uses the company’s Bericht aan de klant template and the chosen Reply-To (handler or a given address)', async () => {
    const tpl = await t.api('POST', '/api/mailtemplate', {
      token: a.token,
      body: {
        template_type: 'messagebyuser',
        description: 'Nieuw bericht',
        subject: 'Bericht van {{ bedrijf.naam }}',
        message: '<p>Beste {{ relatie.naam }},</p><p>{{ bericht.inhoud }}</p>',
      },
    });
    expect(tpl.status).toBe(201);
    expect((await setSender({ sender_name: 'Zon en Co Installaties', reply_to: 'handler' })).status).toBe(
      200,
    );
    const flowId = await flowFor('klant4@voorbeeld.test', 'behandelaar@zonenco.test');
    expect((await say(flowId, 'Uw panelen liggen er!')).status).toBe(201);
    const [byHandler] = await outboxTo('klant4@voorbeeld.test');
    expect(byHandler).toMatchObject({
      from_address: '"Zon en Co Installaties" <noreply@platform.test>',
      reply_to: 'behandelaar@zonenco.test',
      subject: 'Bericht van Zon & Co',
    });
    expect(byHandler!.html).toContain('<p>Uw panelen liggen er!</p>');
    // The template had no dossier link: it is added.
    expect(byHandler!.html).toContain('Bekijk het bericht in uw dossier');

    // A flow without handler: the company's address.
    const noHandler = await flowFor('klant5@voorbeeld.test');
    await say(noHandler, 'Hallo');
    expect((await outboxTo('klant5@voorbeeld.test'))[0]!.reply_to).toBe('info@zonenco.test');

    const given = await setSender({
      sender_name: 'Zon en Co',
      reply_to: 'address',
      reply_to_address: 'Planning@ZonEnCo.test',
    });
    expect(given.body).toMatchObject({ reply_to: 'address', reply_to_address: 'planning@zonenco.test' });
    const third = await flowFor('klant6@voorbeeld.test', 'iemand@zonenco.test');
    await say(third, 'Planning volgt');
    expect((await outboxTo('klant6@voorbeeld.test'))[0]).toMatchObject({
      from_address: '"Zon en Co" <noreply@platform.test>',
      reply_to: 'planning@zonenco.test',
    });
    // Delivered with that Reply-To.
    const until = Date.now() + 15_000;
    while (!smtp.received.some((m) => m.envelopeTo.includes('klant6@voorbeeld.test')) && Date.now() < until)
      await sleep(100);
    const delivered = smtp.received.find((m) => m.envelopeTo.includes('klant6@voorbeeld.test'));
    expect(delivered?.headers['reply-to']).toBe('planning@zonenco.test');
    expect(delivered?.headers.from).toMatch(/^"?Zon en Co"? <noreply@platform\.test>$/);
  });

  it('sends nothing to a relation without an e-mail address', async () => {
    const rel = await createTestRelation(t, a.token, { createnewflow: true });
    const before = await t.server.deps.db.platform((tx) =>
      tx.execute<{ n: number }>(sql`select count(*)::int as n from outbox_mail`),
    );
    expect((await say(rel.flow_id, 'Geen adres')).status).toBe(201);
    const after = await t.server.deps.db.platform((tx) =>
      tx.execute<{ n: number }>(sql`select count(*)::int as n from outbox_mail`),
    );
    expect(after.rows[0]!.n).toBe(before.rows[0]!.n);
  });
});
