import { ASSIST_MAIL_TEXTS, MAIL_TEXTS } from '@im/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCrmCompany } from '../../../test/crm-factories';
import { startTestServer, type TestServer } from '../../../test/test-server';
import { createTestFlow, createTestRelation } from '../flows/flow-test-factory';
import { rows, runAction } from '../workflow/actions/action-test-kit';

let t: TestServer;
let a: { companyId: number; token: string; userId: number };
let b: { companyId: number; token: string; userId: number };
let templateId: number;

beforeAll(async () => {
  t = await startTestServer({ work: false });
  a = await createCrmCompany(t, { name: 'Assist A' });
  b = await createCrmCompany(t, { name: 'Assist B' });
  const template = await t.api('POST', '/api/mailtemplate', {
    token: a.token,
    body: {
      template_type: 'sendflowemail',
      description: 'Offerte nabellen',
      subject: 'Uw offerte {{ dossier.nummer }}',
      message: '<p>Beste {{ relatie.naam }},</p><p>Heeft u de offerte bekeken?</p>',
    },
  });
  templateId = template.body.id;
});
afterAll(async () => t?.close());

/** A flow with one assist mail prepared by a rule. */
async function prepared(email = 'klant@voorbeeld.nl') {
  const relationId = await createTestRelation(t, a.companyId, { email });
  const f = await createTestFlow(t, a.companyId, { userId: a.userId, relationId });
  await runAction(t, a.companyId, 'assist_mail', f.id, { morphId: templateId, description: 'Na een week' });
  const list = await t.api('GET', `/api/flow/${f.id}/assistmails`, { token: a.token });
  expect(list.status).toBe(200);
  return { flow: f, mail: list.body[0] };
}

describe('assist mails', () => {
  it('lists what the rule prepared, merge tags filled in', async () => {
    const { flow, mail } = await prepared();
    expect(mail).toMatchObject({
      flow_id: flow.id,
      rule_description: 'Na een week',
      mailtemplate_id: templateId,
      to_email: 'klant@voorbeeld.nl',
      subject: `Uw offerte ${flow.number}`,
      body: '<p>Beste Jan Jansen,</p><p>Heeft u de offerte bekeken?</p>',
      status: 'open',
      sent_at: null,
      sent_by_name: null,
    });
  });

  it('edits an open mail and sends it as a flow e-mail; then it is no longer open', async () => {
    const { flow, mail } = await prepared('');
    const noRecipient = await t.api('POST', `/api/assistmail/${mail.id}/send`, { token: a.token });
    expect(noRecipient.status).toBe(422);
    expect(noRecipient.body.errors.to_email).toEqual([MAIL_TEXTS.noRecipient]);

    const edited = await t.api('PATCH', `/api/assistmail/${mail.id}`, {
      token: a.token,
      body: {
        to_email: 'nieuw@voorbeeld.nl',
        subject: 'Even checken',
        body: '<p>Hallo<script>x()</script></p>',
      },
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({
      to_email: 'nieuw@voorbeeld.nl',
      subject: 'Even checken',
      body: '<p>Hallo</p>',
    });

    const sent = await t.api('POST', `/api/assistmail/${mail.id}/send`, { token: a.token });
    expect(sent.status).toBe(200);
    expect(sent.body).toMatchObject({
      status: 'sent',
      sent_by_name: expect.stringMatching(/^Test Gebruiker/),
    });
    expect(sent.body.flow_mail_id).toEqual(expect.any(Number));
    const mails = await t.api('GET', `/api/flow/${flow.id}/mails`, { token: a.token });
    expect(mails.body).toMatchObject([
      { to: 'nieuw@voorbeeld.nl', subject: 'Even checken', message: '<p>Hallo</p>' },
    ]);
    expect(
      await rows(t, sql`select subject from outbox_mail where to_address = 'nieuw@voorbeeld.nl'`),
    ).toEqual([{ subject: 'Even checken' }]);

    for (const [method, path, body] of [
      ['POST', `/api/assistmail/${mail.id}/send`, undefined],
      ['PATCH', `/api/assistmail/${mail.id}`, { subject: 'Nog eens' }],
      ['DELETE', `/api/assistmail/${mail.id}`, undefined],
    ] as const) {
      const again = await t.api(method, path, { token: a.token, body });
      expect(again.status).toBe(409);
      expect(again.body.message).toBe(ASSIST_MAIL_TEXTS.notOpen);
    }
  });

  it('discards an open mail', async () => {
    const { flow, mail } = await prepared();
    const discarded = await t.api('DELETE', `/api/assistmail/${mail.id}`, { token: a.token });
    expect(discarded.status).toBe(200);
    expect(discarded.body.message).toBe(ASSIST_MAIL_TEXTS.discarded);
    const list = await t.api('GET', `/api/flow/${flow.id}/assistmails`, { token: a.token });
    expect(list.body).toMatchObject([{ id: mail.id, status: 'discarded' }]);
  });

  it('answers 422 for bad input', async () => {
    const { mail } = await prepared();
    for (const body of [{}, { to_email: 'geen-adres' }, { subject: '   ' }, { body: '<p> </p>' }]) {
      const res = await t.api('PATCH', `/api/assistmail/${mail.id}`, { token: a.token, body });
      expect(res.status, JSON.stringify(body)).toBe(422);
    }
    expect(
      (await t.api('PATCH', '/api/assistmail/abc', { token: a.token, body: { subject: 'x' } })).status,
    ).toBe(422);
  });

  it("hides a company's assist mails from every other company (404)", async () => {
    const { flow, mail } = await prepared();
    expect((await t.api('GET', `/api/flow/${flow.id}/assistmails`, { token: b.token })).status).toBe(404);
    expect(
      (
        await t.api('PATCH', `/api/assistmail/${mail.id}`, {
          token: b.token,
          body: { subject: 'Overgenomen' },
        })
      ).status,
    ).toBe(404);
    expect((await t.api('POST', `/api/assistmail/${mail.id}/send`, { token: b.token })).status).toBe(404);
    expect((await t.api('DELETE', `/api/assistmail/${mail.id}`, { token: b.token })).status).toBe(404);
    const still = await t.api('GET', `/api/flow/${flow.id}/assistmails`, { token: a.token });
    expect(still.body).toMatchObject([{ status: 'open', subject: `Uw offerte ${flow.number}` }]);
  });
});
