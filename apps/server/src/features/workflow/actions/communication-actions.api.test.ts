// The executors that tell someone: notifications, e-mails, messages, webhooks and assist mails.
import { RULE_USER_EVERYONE, RULE_USER_HANDLER } from '@im/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCrmCompany } from '../../../../test/crm-factories';
import { startTestServer, type TestServer } from '../../../../test/test-server';
import { webhookConnection } from '../../../platform/db/tables/webhooks.schema';
import { createTestFlow, createTestRelation } from '../../flows/flow-test-factory';
import { rows, runAction } from './action-test-kit';
import { NO_RELATION_EMAIL, USER_MAIL_SUBJECT } from './communication-actions';

let t: TestServer;
let a: { companyId: number; token: string; userId: number };
let b: { companyId: number; token: string; userId: number };
let colleague: number;
let mailTemplateId: number;

beforeAll(async () => {
  t = await startTestServer({ work: false });
  a = await createCrmCompany(t, { name: 'Communicatie A' });
  b = await createCrmCompany(t, { name: 'Communicatie B' });
  colleague = (await t.createTestUser({ companyId: a.companyId })).id;
  const template = await t.api('POST', '/api/mailtemplate', {
    token: a.token,
    body: {
      template_type: 'sendflowemail',
      description: 'Welkomstmail',
      subject: 'Uw dossier {{ dossier.nummer }}',
      message: '<p>Beste {{ relatie.naam }}, groet van {{ gebruiker.naam }}</p>',
    },
  });
  mailTemplateId = template.body.id;
});
afterAll(async () => t?.close());

const flowWithEmail = async (email = 'klant@voorbeeld.nl') =>
  createTestFlow(t, a.companyId, {
    userId: a.userId,
    relationId: await createTestRelation(t, a.companyId, { email }),
  });

const outboxOf = (to: string) =>
  rows<{ to_address: string; subject: string; html: string; status: string }>(
    t,
    sql`select to_address, subject, html, status from outbox_mail where to_address = ${to} order by id`,
  );

describe('create_notification', () => {
  it('notifies the handler, or every active user of the company for 0', async () => {
    const f = await flowWithEmail();
    expect(
      await runAction(t, a.companyId, 'create_notification', f.id, {
        userId: RULE_USER_HANDLER,
        text: 'Dossier {{ dossier.nummer }} wacht',
      }),
    ).toBe('Notificatie aangemaakt');
    expect(
      await rows(t, sql`select user_id, content, status from notification where flow_id = ${f.id}`),
    ).toEqual([{ user_id: a.userId, content: `Dossier ${f.number} wacht`, status: 'unread' }]);
    const g = await flowWithEmail();
    expect(
      await runAction(t, a.companyId, 'create_notification', g.id, {
        userId: RULE_USER_EVERYONE,
        text: 'Allen',
      }),
    ).toBe('Notificatie aangemaakt voor 2 gebruikers');
    expect(
      (await rows<{ user_id: number }>(t, sql`select user_id from notification where flow_id = ${g.id}`))
        .map((n) => n.user_id)
        .sort(),
    ).toEqual([a.userId, colleague].sort());
    await expect(
      runAction(t, a.companyId, 'create_notification', g.id, { userId: b.userId, text: 'x' }),
    ).rejects.toThrow('De gekozen gebruiker bestaat niet meer.');
  });
});

describe('send_email and send_email_to_user', () => {
  it('queues the template to the relation with merge tags, branding and the flow mail log', async () => {
    const f = await flowWithEmail('welkom@voorbeeld.nl');
    expect(await runAction(t, a.companyId, 'send_email', f.id, { morphId: mailTemplateId })).toBe(
      "E-mail 'Welkomstmail' verstuurd aan welkom@voorbeeld.nl",
    );
    const [mail] = await outboxOf('welkom@voorbeeld.nl');
    expect(mail).toMatchObject({ subject: `Uw dossier ${f.number}` });
    expect(mail!.html).toContain('Beste Jan Jansen, groet van Test Gebruiker');
    expect(
      await rows(t, sql`select to_address, mail_template_id from flow_mail where flow_id = ${f.id}`),
    ).toEqual([{ to_address: 'welkom@voorbeeld.nl', mail_template_id: mailTemplateId }]);
    expect(
      await rows(
        t,
        sql`select description from log_item where loggable_type = 'flow' and loggable_id = ${f.id}
        and description like 'E-mail%'`,
      ),
    ).toEqual([{ description: `E-mail 'Uw dossier ${f.number}' verstuurd aan welkom@voorbeeld.nl` }]);
  });

  it('refuses a relation without e-mail and a template that is gone', async () => {
    const f = await flowWithEmail('');
    await expect(runAction(t, a.companyId, 'send_email', f.id, { morphId: mailTemplateId })).rejects.toThrow(
      NO_RELATION_EMAIL,
    );
    const fb = await createTestFlow(t, b.companyId);
    await expect(runAction(t, b.companyId, 'send_email', fb.id, { morphId: mailTemplateId })).rejects.toThrow(
      'Het gekozen e-mailtemplate bestaat niet meer.',
    );
  });

  it("mails the user with the rule's description as subject (or the default) and the text with merge tags", async () => {
    const f = await flowWithEmail();
    const [to] = await rows<{ email: string }>(t, sql`select email from "user" where id = ${colleague}`);
    await runAction(t, a.companyId, 'send_email_to_user', f.id, {
      userId: colleague,
      text: 'Let op: {{ relatie.naam }}\nbelt terug',
    });
    await runAction(t, a.companyId, 'send_email_to_user', f.id, {
      userId: colleague,
      description: 'Dossier {{ dossier.nummer }}',
      text: 'Tweede',
    });
    const mails = await outboxOf(to!.email);
    expect(mails.map((m) => m.subject)).toEqual([USER_MAIL_SUBJECT, `Dossier ${f.number}`]);
    expect(mails[0]!.html).toContain('Let op: Jan Jansen<br>belt terug');
  });
});

describe('send_message', () => {
  it('sends the filled-in message template to the customer on the flow', async () => {
    const f = await flowWithEmail();
    const tpl = await t.api('POST', '/api/messagetemplate', {
      token: a.token,
      body: { description: 'Planning', message: '<p>Beste {{ relatie.naam }}, we komen morgen.</p>' },
    });
    expect(await runAction(t, a.companyId, 'send_message', f.id, { morphId: tpl.body.id })).toBe(
      "Bericht 'Planning' verstuurd naar de klant",
    );
    expect(
      await rows(
        t,
        sql`select content, sendable_type, sendable_id, receiveable_type from message where flow_id = ${f.id}`,
      ),
    ).toEqual([
      {
        content: 'Beste Jan Jansen, we komen morgen.',
        sendable_type: 'user',
        sendable_id: a.userId,
        receiveable_type: 'relation',
      },
    ]);
    await expect(runAction(t, a.companyId, 'send_message', f.id, { morphId: 999_999 })).rejects.toThrow(
      'Het gekozen berichttemplate bestaat niet meer.',
    );
  });
});

describe('send_webhook', () => {
  it('queues a delivery of the connection for the flow and rule; a connection of another company is gone', async () => {
    const f = await flowWithEmail();
    const [conn] = await t.server.deps.db.tenant({ companyId: a.companyId }, (tx) =>
      tx
        .insert(webhookConnection)
        .values({ name: 'CRM-koppeling', url: 'https://hooks.voorbeeld.nl/in', secret: 'x'.repeat(43) })
        .returning({ id: webhookConnection.id }),
    );
    expect(await runAction(t, a.companyId, 'send_webhook', f.id, { morphId: conn!.id })).toMatch(
      /^Webhook klaargezet voor verzending/,
    );
    const [delivery] = await rows<{ connection_id: number; flow_id: number; rule_id: number }>(
      t,
      sql`select connection_id, flow_id, rule_id from webhook_delivery where flow_id = ${f.id}`,
    );
    expect(delivery).toMatchObject({ connection_id: conn!.id, flow_id: f.id });
    expect(delivery!.rule_id).toEqual(expect.any(Number));
    const fb = await createTestFlow(t, b.companyId);
    await expect(runAction(t, b.companyId, 'send_webhook', fb.id, { morphId: conn!.id })).rejects.toThrow(
      'De gekozen webhookkoppeling bestaat niet meer.',
    );
  });
});

describe('assist_mail', () => {
  it('prepares the filled-in mail for staff and notifies the handler; without an address it waits for one', async () => {
    const f = await flowWithEmail('controle@voorbeeld.nl');
    expect(await runAction(t, a.companyId, 'assist_mail', f.id, { morphId: mailTemplateId })).toMatch(
      /^E-mail 'Welkomstmail' klaargezet ter controle/,
    );
    const [prepared] = await rows<{ to_email: string; subject: string; body: string; status: string }>(
      t,
      sql`select to_email, subject, body, status from assist_mail where flow_id = ${f.id}`,
    );
    expect(prepared).toMatchObject({
      to_email: 'controle@voorbeeld.nl',
      subject: `Uw dossier ${f.number}`,
      status: 'open',
    });
    expect(prepared!.body).toMatch(/^<p>Beste Jan Jansen, groet van Test Gebruiker \d+<\/p>$/);
    expect(await outboxOf('controle@voorbeeld.nl')).toEqual([]);
    expect(await rows(t, sql`select user_id, content from notification where flow_id = ${f.id}`)).toEqual([
      { user_id: a.userId, content: `E-mail klaargezet ter controle: Uw dossier ${f.number}` },
    ]);
    const g = await flowWithEmail('');
    expect(await runAction(t, a.companyId, 'assist_mail', g.id, { morphId: mailTemplateId })).toMatch(
      /zonder ontvanger$/,
    );
  });
});
