import { CUSTOMER_TEXTS, MESSAGE_TEXTS } from '@im/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCrmCompany, createTestRelation, logCount } from '../../../test/crm-factories';
import { startTestServer, type TestServer } from '../../../test/test-server';

let t: TestServer;
let a: { companyId: number; token: string; userId: number };
let b: { companyId: number; token: string; userId: number };
/** Role-100 colleagues in company A: the flow's handler and its office user. */
let handler: { id: number; token: string };
let office: { id: number; token: string };
let other: { id: number; token: string };
let flowId: number;
let hash: string;

async function staffUser(role = 100) {
  const u = await t.createTestUser({ companyId: a.companyId, role });
  return { id: u.id, token: await t.login(u.email) };
}

beforeAll(async () => {
  t = await startTestServer({ work: false });
  a = await createCrmCompany(t, { name: 'Berichten A' });
  b = await createCrmCompany(t, { name: 'Berichten B' });
  handler = await staffUser();
  office = await staffUser();
  other = await staffUser();
  const rel = await createTestRelation(t, a.token, { createnewflow: true });
  flowId = rel.flow_id;
  const patched = await t.api('PATCH', `/api/flow/${flowId}`, {
    token: a.token,
    body: { user_id: handler.id, office_user_id: office.id },
  });
  expect(patched.status).toBe(200);
  hash = patched.body.hash;
});
afterAll(async () => t?.close());

const customerSays = (content: string) =>
  t.api('POST', `/api/message/${hash}/savebycustomer`, { body: { content } });

describe('the conversation of a flow', () => {
  it('moves a customer message ongelezen -> onbeantwoord -> gelezen by the spec’s rules', async () => {
    const sent = await customerSays('Wanneer komt de monteur?');
    expect(sent.status).toBe(201);
    // The handler is notified; the communicator shows the flow as unread for the handler.
    const dropdown = await t.api('GET', '/api/user/getdashboardnotifications', { token: handler.token });
    expect(dropdown.body.unread_count).toBeGreaterThanOrEqual(1);
    expect(dropdown.body.items[0]).toMatchObject({ notifiable_type: 'message', flow_id: flowId });
    const inbox = await t.api('GET', '/api/user/getcommunicatormessages?status=unread', {
      token: handler.token,
    });
    expect(inbox.body.data.map((f: { flow_id: number }) => f.flow_id)).toContain(flowId);
    expect(inbox.body.data[0].last_message.content).toBe('Wanneer komt de monteur?');
    const counts = await t.api('GET', '/api/user/getcommunicatorcounts', { token: handler.token });
    expect(counts.body.unread).toBe(1);

    // Staff open the dossier: unread becomes unanswered.
    const opened = await t.api('GET', `/api/message?flow_id=${flowId}`, { token: handler.token });
    expect(opened.status).toBe(200);
    expect(opened.body.state).toBe('unanswered');
    expect(opened.body.messages.at(-1)).toMatchObject({ status: 'unanswered', sendable_type: 'relation' });
    const unanswered = await t.api('GET', '/api/user/getcommunicatormessages?status=unanswered', {
      token: handler.token,
    });
    expect(unanswered.body.data[0].flow_id).toBe(flowId);

    // Marking the flow answered turns it read.
    const answered = await t.api('POST', `/api/flow/${flowId}/markanswered`, { token: handler.token });
    expect(answered.body.updated).toBe(1);
    const after = await t.api('GET', `/api/message?flow_id=${flowId}`, { token: handler.token });
    expect(after.body.state).toBe('read');
    expect(after.body.messages.at(-1).status).toBe('read');
    expect(await logCount(t, 'message', sent.body.id, 'create')).toBe(1);
  });

  it('a staff reply answers the customer, who reads it through the link', async () => {
    await customerSays('Kan het ook dinsdag?');
    const reply = await t.api('POST', '/api/message', {
      token: handler.token,
      body: { flow_id: flowId, content: 'Dinsdag om 9 uur is goed.' },
    });
    expect(reply.status).toBe(201);
    expect(reply.body).toMatchObject({ sendable_type: 'user', status: 'unread', user_id: handler.id });
    const conv = await t.api('GET', `/api/message?flow_id=${flowId}`, { token: handler.token });
    expect(conv.body.state).toBe('read');
    // The customer opens the dossier: the company's messages become read.
    const customer = await t.api('GET', `/api/message/${hash}/getbycustomer`);
    expect(customer.status).toBe(200);
    expect(customer.body.at(-1)).toMatchObject({ from: 'company', content: 'Dinsdag om 9 uur is goed.' });
    const reread = await t.api('GET', `/api/message/${reply.body.id}`, { token: handler.token });
    expect(reread.body.status).toBe('read');
  });

  it('switches a status by hand and reassigns to the office, who is notified', async () => {
    const sent = await customerSays('Factuurvraag');
    const toOffice = await t.api('PATCH', `/api/message/${sent.body.id}`, {
      token: handler.token,
      body: { assigned_to: 'office' },
    });
    expect(toOffice.status).toBe(200);
    expect(toOffice.body.assigned_to).toBe('office');
    const officeBell = await t.api('GET', '/api/user/getdashboardnotifications', { token: office.token });
    expect(
      officeBell.body.items.some((n: { notifiable_id: number }) => n.notifiable_id === sent.body.id),
    ).toBe(true);
    // The handler no longer answers it; the office user does.
    expect((await t.api('GET', `/api/message/${sent.body.id}`, { token: handler.token })).status).toBe(404);
    const byHand = await t.api('PATCH', `/api/message/${sent.body.id}`, {
      token: office.token,
      body: { status: 'unanswered' },
    });
    expect(byHand.body.status).toBe('unanswered');
    expect(
      (
        await t.api('PATCH', `/api/message/${sent.body.id}`, {
          token: office.token,
          body: { status: 'read' },
        })
      ).body.status,
    ).toBe('read');
  });

  it('shows a non-manager only the flows they handle; managers see all', async () => {
    const mine = await t.api('GET', '/api/user/getcommunicatormessages', { token: other.token });
    expect(mine.body.data.map((f: { flow_id: number }) => f.flow_id)).not.toContain(flowId);
    expect(
      (await t.api('GET', `/api/message?flow_id=${flowId}`, { token: other.token })).body.messages,
    ).toEqual([]);
    const all = await t.api('GET', '/api/user/getcommunicatormessages?number=1', { token: a.token });
    expect(all.body.data).toHaveLength(1);
    expect(typeof all.body.has_more).toBe('boolean');
  });

  it('refuses empty and bad input with 4xx, never 5xx', async () => {
    const empty = await t.api('POST', '/api/message', {
      token: a.token,
      body: { flow_id: flowId, content: '   ' },
    });
    expect(empty.status).toBe(422);
    expect(empty.body.errors.content).toEqual([MESSAGE_TEXTS.empty]);
    expect((await customerSays('')).status).toBe(422);
    expect(
      (await t.api('POST', '/api/message', { token: a.token, body: { flow_id: 'x', content: 'a' } })).status,
    ).toBe(422);
    expect((await t.api('PATCH', `/api/message/1`, { token: a.token, body: { status: 'weg' } })).status).toBe(
      422,
    );
    expect(
      (await t.api('GET', '/api/user/getcommunicatormessages?status=x', { token: a.token })).status,
    ).toBe(422);
    expect(
      (await t.api('GET', '/api/user/getcommunicatormessages?number=0', { token: a.token })).status,
    ).toBe(422);
    // A staff member edits only their own text.
    const sent = await customerSays('Nog een vraag');
    const edit = await t.api('PATCH', `/api/message/${sent.body.id}`, {
      token: a.token,
      body: { content: 'x' },
    });
    expect(edit.status).toBe(403);
  });

  it('customer links: unknown hash 404, trashed flow 410', async () => {
    expect(
      (await t.api('POST', '/api/message/AAAAAAAAAAAAAAAAAAAAAA/savebycustomer', { body: { content: 'x' } }))
        .status,
    ).toBe(404);
    expect((await t.api('GET', '/api/message/kort/getbycustomer')).status).toBe(422);
    const rel = await createTestRelation(t, a.token, { createnewflow: true });
    const f = await t.api('GET', `/api/flow/${rel.flow_id}`, { token: a.token });
    expect((await t.api('DELETE', `/api/flow/${rel.flow_id}`, { token: a.token })).status).toBe(200);
    const gone = await t.api('POST', `/api/message/${f.body.hash}/savebycustomer`, {
      body: { content: 'x' },
    });
    expect(gone.status).toBe(410);
    expect(gone.body.message).toBe(CUSTOMER_TEXTS.flowGone);
  });

  it('another company gets 404 for every id and sees nothing in its communicator', async () => {
    const sent = await customerSays('Alleen voor A');
    for (const [method, path, body] of [
      ['GET', `/api/message/${sent.body.id}`, undefined],
      ['PATCH', `/api/message/${sent.body.id}`, { status: 'read' }],
      ['DELETE', `/api/message/${sent.body.id}`, undefined],
      ['GET', `/api/message?flow_id=${flowId}`, undefined],
      ['POST', '/api/message', { flow_id: flowId, content: 'x' }],
      ['POST', `/api/flow/${flowId}/markanswered`, undefined],
    ] as const) {
      const res = await t.api(method, path, { token: b.token, body });
      expect(res.status, `${method} ${path}`).toBe(404);
    }
    const inbox = await t.api('GET', '/api/user/getcommunicatormessages', { token: b.token });
    expect(inbox.body.data).toEqual([]);
    const n = await t.api('GET', '/api/user/getdashboardnotifications', { token: handler.token });
    const foreignNote = await t.api('PATCH', `/api/notification/${n.body.items[0].id}`, {
      token: b.token,
      body: { status: 'read' },
    });
    expect(foreignNote.status).toBe(404);
  });

  it('deletes: the author or a manager only', async () => {
    const mine = await t.api('POST', '/api/message', {
      token: handler.token,
      body: { flow_id: flowId, content: 'Oeps' },
    });
    const customer = await customerSays('Van de klant');
    expect((await t.api('DELETE', `/api/message/${customer.body.id}`, { token: handler.token })).status).toBe(
      403,
    );
    expect((await t.api('DELETE', `/api/message/${mine.body.id}`, { token: handler.token })).status).toBe(
      200,
    );
    expect((await t.api('DELETE', `/api/message/${customer.body.id}`, { token: a.token })).status).toBe(200);
  });
});

describe('notifications', () => {
  it('lists a day and the ones before it, marks read and unread, and all read', async () => {
    await customerSays('Nog iets');
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Amsterdam' }).format(new Date());
    const day = await t.api('GET', `/api/notification/indexondate/${today}`, { token: handler.token });
    expect(day.status).toBe(200);
    expect(day.body.items.length).toBeGreaterThan(0);
    expect(day.body.historic).toEqual({ data: [], has_more: false });
    const tomorrow = new Date(Date.now() + 36 * 3_600_000);
    const later = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Amsterdam' }).format(tomorrow);
    const next = await t.api('GET', `/api/notification/indexondate/${later}?historic=2`, {
      token: handler.token,
    });
    expect(next.body.items).toEqual([]);
    expect(next.body.historic.data).toHaveLength(2);
    expect(next.body.historic.has_more).toBe(day.body.items.length > 2);

    const id = day.body.items[0].id;
    const read = await t.api('PATCH', `/api/notification/${id}`, {
      token: handler.token,
      body: { status: 'read' },
    });
    expect(read.body.status).toBe('read');
    const unreadOnly = await t.api('GET', `/api/notification/indexondate/${today}?filter=unread`, {
      token: handler.token,
    });
    expect(unreadOnly.body.items.map((n: { id: number }) => n.id)).not.toContain(id);
    // Another user's notification is not mine.
    expect(
      (await t.api('PATCH', `/api/notification/${id}`, { token: office.token, body: { status: 'unread' } }))
        .status,
    ).toBe(404);
    expect((await t.api('POST', '/api/notification/markallread', { token: handler.token })).status).toBe(200);
    expect(
      (await t.api('GET', '/api/user/getdashboardnotifications', { token: handler.token })).body.unread_count,
    ).toBe(0);
    expect(
      (await t.api('GET', '/api/notification/indexondate/2026-13-01', { token: handler.token })).status,
    ).toBe(422);
  });
});
