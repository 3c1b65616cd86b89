import { MAIL_TEXTS, MERGE_TAGS } from '@im/domain';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCrmCompany, createTestRelation } from '../../../test/crm-factories';
import { type SmtpSink, startSmtpSink } from '../../../test/smtp-sink';
import { startTestServer, type TestServer } from '../../../test/test-server';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

let t: TestServer;
let smtp: SmtpSink;
let a: { companyId: number; token: string; userId: number };
let b: { companyId: number; token: string; userId: number };
let flowId: number;

beforeAll(async () => {
  smtp = await startSmtpSink();
  t = await startTestServer({
    config: { SMTP_URL: smtp.url, MAIL_FROM: 'Installateur <info@installateur.test>' },
  });
  a = await createCrmCompany(t, { name: 'Mail A' });
  b = await createCrmCompany(t, { name: 'Mail B' });
  const rel = await createTestRelation(t, a.token, { createnewflow: true, email: 'klant@voorbeeld.nl' });
  flowId = rel.flow_id;
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

function mailForm(
  fields: Record<string, string | number>,
  files: { content: Buffer; name: string; type: string }[] = [],
) {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) fd.append(k, String(v));
  for (const f of files) fd.append('files', new Blob([new Uint8Array(f.content)], { type: f.type }), f.name);
  return fd;
}

describe('templates', () => {
  it('keeps mail templates sanitised, refuses unknown merge tags, duplicates with attachments', async () => {
    const created = await t.api('POST', '/api/mailtemplate', {
      token: a.token,
      body: {
        template_type: 'sendflowemail',
        description: 'Standaard dossiermail',
        subject: 'Uw dossier {{ dossier.nummer }}',
        message:
          '<p onclick="x()">Beste {{ relatie.naam }},</p><script>alert(1)</script><img src="https://x.nl/a.png" onerror="alert(1)">',
      },
    });
    expect(created.status).toBe(201);
    expect(created.body.message).toBe('<p>Beste {{ relatie.naam }},</p><img src="https://x.nl/a.png">');

    const unknown = await t.api('PATCH', `/api/mailtemplate/${created.body.id}`, {
      token: a.token,
      body: { message: '<p>Beste {{ klant.naam }}</p>' },
    });
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors.message).toEqual(['Onbekende samenvoegcode: {{ klant.naam }}.']);
    expect(
      (
        await t.api('POST', '/api/mailtemplate', {
          token: a.token,
          body: { template_type: 'x', description: 'y' },
        })
      ).status,
    ).toBe(422);

    const fd = new FormData();
    fd.append('attachedfileable_id', String(created.body.id));
    fd.append(
      'file',
      new Blob([new Uint8Array(PDF)], { type: 'application/pdf' }),
      'algemene voorwaarden.pdf',
    );
    const attached = await t.api('POST', '/api/attachedfile', { token: a.token, body: fd });
    expect(attached.status).toBe(201);
    const text = new FormData();
    text.append('attachedfileable_id', String(created.body.id));
    text.append('file', new Blob(['#!/bin/sh'], { type: 'application/pdf' }), 'virus.pdf');
    expect((await t.api('POST', '/api/attachedfile', { token: a.token, body: text })).status).toBe(415);

    const copy = await t.api('POST', `/api/mailtemplate/${created.body.id}/duplicate`, { token: a.token });
    expect(copy.status).toBe(201);
    expect(copy.body.description).toBe('Standaard dossiermail (kopie)');
    expect(copy.body.attachedfiles.map((f: { filename: string }) => f.filename)).toEqual([
      'algemene voorwaarden.pdf',
    ]);
    expect(copy.body.attachedfiles[0].id).not.toBe(attached.body.id);
    expect((await t.api('DELETE', `/api/mailtemplate/${copy.body.id}`, { token: a.token })).status).toBe(200);
    expect((await t.api('GET', `/api/attachedfile/${attached.body.id}`, { token: a.token })).status).toBe(
      200,
    );

    const settings = await t.api('GET', '/api/company/getcurrentemailsettings', { token: a.token });
    expect(settings.body.mailtemplates.map((m: { id: number }) => m.id)).toEqual([created.body.id]);
  });

  it('message and contact templates start as "Nieuw bericht template" and duplicate', async () => {
    const msg = await t.api('POST', '/api/messagetemplate', {
      token: a.token,
      body: { category: 'Planning' },
    });
    expect(msg.status).toBe(201);
    expect(msg.body.description).toBe('Nieuw bericht template');
    const edited = await t.api('PATCH', `/api/messagetemplate/${msg.body.id}`, {
      token: a.token,
      body: {
        description: 'Monteur onderweg',
        message: 'Beste {{ relatie.naam }}, de monteur is onderweg.',
      },
    });
    expect(edited.body.message).toBe('Beste {{ relatie.naam }}, de monteur is onderweg.');
    const contact = await t.api('POST', '/api/contacttemplate', {
      token: a.token,
      body: { note: 'Telefonisch gesproken' },
    });
    expect(contact.body.description).toBe('Nieuw bericht template');
    const dup = await t.api('POST', `/api/contacttemplate/${contact.body.id}/duplicate`, { token: a.token });
    expect(dup.body.note).toBe('Telefonisch gesproken');
    // A contact moment is kept as a note on the flow.
    await t.api('PATCH', `/api/contacttemplate/${contact.body.id}`, {
      token: a.token,
      body: { description: 'Telefonisch contact', note: '<p>Gebeld met {{ relatie.naam }}</p>' },
    });
    const moment = await t.api('POST', `/api/flow/${flowId}/processcontactmoment`, {
      token: a.token,
      body: { contacttemplate_id: contact.body.id },
    });
    expect(moment.status).toBe(201);
    const note = await t.api('GET', `/api/note/${moment.body.note_id}`, { token: a.token });
    expect(note.body.content).toMatch(/^Telefonisch contact: Gebeld met Klant \w+$/);
    const foreign = await t.api('POST', `/api/flow/${flowId}/processcontactmoment`, {
      token: b.token,
      body: { contacttemplate_id: contact.body.id },
    });
    expect(foreign.status).toBe(404);
    expect((await t.api('GET', '/api/messagetemplate', { token: a.token })).body).toHaveLength(1);
    const forFlow = await t.api('GET', `/api/flow/${flowId}/getmessagetemplates`, { token: a.token });
    expect(forFlow.body[0].message).toMatch(/^Beste Klant \w+, de monteur is onderweg\.$/);
  });

  it('lists every merge tag and previews a text with example values', async () => {
    const tags = await t.api('GET', '/api/mergetags', { token: a.token });
    expect(tags.body).toHaveLength(MERGE_TAGS.length);
    const preview = await t.api('POST', '/api/mergetags/preview', {
      token: a.token,
      body: { text: 'Beste {{ relatie.naam }}', html: false },
    });
    expect(preview.body).toEqual({ text: 'Beste Jan de Vries', problem: null });
    const bad = await t.api('POST', '/api/mergetags/preview', {
      token: a.token,
      body: { text: '{{ x.y }}' },
    });
    expect(bad.body.problem).toBe('Onbekende samenvoegcode: {{ x.y }}.');
  });
});

describe('e-mail from a flow', () => {
  it('drafts from the flow e-mail template and sends through SMTP with two attachments and merge tags', async () => {
    const draft = await t.api('GET', `/api/flow/${flowId}/getforsendingemail`, { token: a.token });
    expect(draft.status).toBe(200);
    expect(draft.body.to).toBe('klant@voorbeeld.nl');
    expect(draft.body.subject).toMatch(/^Uw dossier \d+$/);
    expect(draft.body.max_files).toBe(3);

    const sent = await t.api('POST', `/api/flow/${flowId}/sendemail`, {
      token: a.token,
      body: mailForm(
        {
          to: 'klant@voorbeeld.nl',
          subject: 'Uw dossier {{ dossier.nummer }}',
          message: '<p>Beste {{ relatie.naam }},</p><p>Zie de bijlagen.</p><script>x()</script>',
          mailtemplate_id: draft.body.mailtemplate_id,
        },
        [
          { content: PDF, name: 'offerte.pdf', type: 'application/pdf' },
          { content: PNG, name: 'dak.png', type: 'image/png' },
        ],
      ),
    });
    expect(sent.status).toBe(201);
    // The two files and the template's attached file.
    expect(sent.body.attachments.map((f: { filename: string }) => f.filename)).toEqual([
      'offerte.pdf',
      'dak.png',
      'algemene voorwaarden.pdf',
    ]);
    expect(sent.body.message).not.toContain('script');

    const [mail] = await smtp.waitFor(1, 15_000);
    const parsed = await simpleParser(mail!.raw);
    expect(parsed.subject).toBe(draft.body.subject);
    expect(parsed.html).toMatch(/<p>Beste Klant \w+,<\/p>/);
    expect(parsed.text).toContain('Zie de bijlagen.');
    expect(parsed.attachments.map((x) => x.filename)).toEqual([
      'offerte.pdf',
      'dak.png',
      'algemene voorwaarden.pdf',
    ]);
    expect(parsed.attachments[0]!.content.equals(PDF)).toBe(true);

    // Kept on the flow, delivered.
    for (let i = 0; i < 50; i++) {
      const list = await t.api('GET', `/api/flow/${flowId}/mails`, { token: a.token });
      if (list.body[0].status === 'sent') break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const list = await t.api('GET', `/api/flow/${flowId}/mails`, { token: a.token });
    expect(list.body[0]).toMatchObject({ to: 'klant@voorbeeld.nl', status: 'sent' });
    expect(smtp.received).toHaveLength(1);
  });

  it('frames the mail with the e-mail header and footer images, inside the mail', async () => {
    const settings = await t.api('GET', '/api/company/getcurrentemailsettings', { token: a.token });
    const id = settings.body.company_settings_id;
    expect(settings.body.images).toEqual({ emailheader: null, emailfooter: null, customerbackground: null });
    for (const slot of ['emailheader', 'emailfooter', 'customerbackground']) {
      const fd = new FormData();
      fd.append('file', new Blob([new Uint8Array(PNG)], { type: 'image/png' }), `${slot}.png`);
      const up = await t.api('POST', `/api/companysettings/${id}/update${slot}`, {
        token: a.token,
        body: fd,
      });
      expect(up.status, slot).toBe(200);
      const read = await t.api('GET', up.body.url, { token: a.token });
      expect(read.headers.get('content-type')).toBe('image/png');
      // Another company: 404 on read, update and delete, as for an unknown id.
      expect((await t.api('GET', up.body.url, { token: b.token })).status).toBe(404);
      expect(
        (await t.api('POST', `/api/companysettings/${id}/delete${slot}`, { token: b.token })).status,
      ).toBe(404);
    }
    const refused = new FormData();
    refused.append('file', new Blob([new Uint8Array(PDF)], { type: 'image/png' }), 'nep.png');
    expect(
      (await t.api('POST', `/api/companysettings/${id}/updateemailheader`, { token: a.token, body: refused }))
        .status,
    ).toBe(415);
    const after = await t.api('GET', '/api/company/getcurrentemailsettings', { token: a.token });
    expect(after.body.images.emailheader).toBe(`/api/companysettings/${id}/getemailheader`);

    const sent = await t.api('POST', `/api/flow/${flowId}/sendemail`, {
      token: a.token,
      body: mailForm({ to: 'klant@voorbeeld.nl', subject: 'Met huisstijl', message: '<p>Hallo</p>' }),
    });
    expect(sent.status).toBe(201);
    expect(sent.body.attachments).toEqual([]);
    const mails = await smtp.waitFor(2, 15_000);
    const parsed = await simpleParser(mails[1]!.raw, { skipImageLinks: true });
    const html = String(parsed.html);
    expect(html).toContain('src="cid:emailheader@installatiemanager"');
    expect(html).toContain('src="cid:emailfooter@installatiemanager"');
    expect(html.indexOf('emailheader')).toBeLessThan(html.indexOf('<p>Hallo</p>'));
    expect(html.indexOf('emailfooter')).toBeGreaterThan(html.indexOf('<p>Hallo</p>'));
    const inline = parsed.attachments.filter((x) => x.contentDisposition === 'inline');
    expect(inline.map((x) => x.cid).sort()).toEqual([
      'emailfooter@installatiemanager',
      'emailheader@installatiemanager',
    ]);
    expect(inline[0]!.content.equals(PNG)).toBe(true);

    const removed = await t.api('POST', `/api/companysettings/${id}/deleteemailfooter`, { token: a.token });
    expect(removed.body.message).toBe('E-mailfooter verwijderd.');
    const gone = await t.api('GET', `/api/companysettings/${id}/getemailfooter`, { token: a.token });
    expect(gone.headers.get('x-imagestatus')).toBe('unavailable');
  });

  it('keeps shared flow files for the company and refuses another company as owner', async () => {
    const settings = await t.api('GET', '/api/company/getcurrentemailsettings', { token: a.token });
    const form = (owner: Record<string, number>) => {
      const fd = new FormData();
      for (const [k, v] of Object.entries(owner)) fd.append(k, String(v));
      fd.append('file', new Blob([new Uint8Array(PDF)], { type: 'application/pdf' }), 'garantie.pdf');
      return fd;
    };
    const up = await t.api('POST', '/api/flowfile', {
      token: a.token,
      body: form({ company_id: a.companyId }),
    });
    expect(up.status).toBe(201);
    const foreign = await t.api('POST', '/api/flowfile', {
      token: b.token,
      body: form({ company_id: a.companyId }),
    });
    expect(foreign.status).toBe(422);
    expect(foreign.body.errors.company_id).toEqual(['Onbekend bedrijf.']);
    const noOwner = await t.api('POST', '/api/flowfile', { token: a.token, body: form({}) });
    expect(noOwner.status).toBe(422);
    const list = await t.api('GET', '/api/company/getcurrentemailsettings', { token: a.token });
    expect(list.body.flowfiles.map((f: { filename: string }) => f.filename)).toEqual(['garantie.pdf']);
    expect(settings.body.flowfiles).toEqual([]);
    expect((await t.api('DELETE', `/api/flowfile/${up.body.id}`, { token: b.token })).status).toBe(404);
    expect((await t.api('DELETE', `/api/flowfile/${up.body.id}`, { token: a.token })).status).toBe(200);
  });

  it("drafts from the request profile's own flow e-mail template, and checks the profile's choices", async () => {
    const own = await t.api('POST', '/api/mailtemplate', {
      token: a.token,
      body: {
        template_type: 'sendflowemail',
        description: 'Zakelijke dossiermail',
        subject: 'Zakelijk: dossier {{ dossier.nummer }}',
        message: '<p>Geachte relatie,</p>',
      },
    });
    const quotationTemplate = await t.api('POST', '/api/mailtemplate', {
      token: a.token,
      body: {
        template_type: 'sendquotation',
        description: 'Offerte',
        subject: 'Offerte',
        message: '<p>x</p>',
      },
    });
    const foreign = await t.api('POST', '/api/mailtemplate', {
      token: b.token,
      body: { template_type: 'sendflowemail', description: 'Van B', subject: 'B', message: '<p>B</p>' },
    });
    const profile = await t.api('POST', '/api/flowprofile', {
      token: a.token,
      body: { name: 'Zakelijk', mailtemplate_ids: { sendflowemail: own.body.id } },
    });
    expect(profile.status).toBe(201);
    expect(profile.body.mailtemplate_ids).toEqual({ sendflowemail: own.body.id });
    for (const [ids, message] of [
      [
        { sendflowemail: quotationTemplate.body.id },
        "Kies een mailtemplate van het soort 'E-mail vanuit een dossier'.",
      ],
      [{ sendflowemail: foreign.body.id }, 'Deze mailtemplate bestaat niet.'],
    ] as const) {
      const refused = await t.api('PATCH', `/api/flowprofile/${profile.body.id}`, {
        token: a.token,
        body: { name: 'Zakelijk', mailtemplate_ids: ids },
      });
      expect(refused.status).toBe(422);
      expect(refused.body.errors['mailtemplate_ids.sendflowemail']).toEqual([message]);
    }

    const rel = await createTestRelation(t, a.token, { createnewflow: true, email: 'zakelijk@voorbeeld.nl' });
    expect(
      (
        await t.api('PATCH', `/api/flow/${rel.flow_id}`, {
          token: a.token,
          body: { flowprofile_id: profile.body.id },
        })
      ).status,
    ).toBe(200);
    const draft = await t.api('GET', `/api/flow/${rel.flow_id}/getforsendingemail`, { token: a.token });
    expect(draft.body.mailtemplate_id).toBe(own.body.id);
    expect(draft.body.subject).toMatch(/^Zakelijk: dossier \d+$/);
    // Another flow (standard profile) still starts from the company's first flow e-mail template.
    const standard = await t.api('GET', `/api/flow/${flowId}/getforsendingemail`, { token: a.token });
    expect(standard.body.mailtemplate_id).not.toBe(own.body.id);

    // Clearing the choice falls back to the company's template.
    const cleared = await t.api('PATCH', `/api/flowprofile/${profile.body.id}`, {
      token: a.token,
      body: { name: 'Zakelijk', mailtemplate_ids: { sendflowemail: null } },
    });
    expect(cleared.body.mailtemplate_ids).toEqual({});
    const fallback = await t.api('GET', `/api/flow/${rel.flow_id}/getforsendingemail`, { token: a.token });
    expect(fallback.body.mailtemplate_id).toBe(standard.body.mailtemplate_id);
  });

  it('refuses bad input with the Dutch message and stores nothing', async () => {
    const noTo = await t.api('POST', `/api/flow/${flowId}/sendemail`, {
      token: a.token,
      body: mailForm({ to: 'geen-adres', subject: 'x', message: '<p>x</p>' }),
    });
    expect(noTo.status).toBe(422);
    expect(noTo.body.message).toBe(MAIL_TEXTS.noRecipient);
    const empty = await t.api('POST', `/api/flow/${flowId}/sendemail`, {
      token: a.token,
      body: mailForm({ to: 'klant@voorbeeld.nl', subject: 'x', message: '<p> </p>' }),
    });
    expect(empty.body.errors.message).toEqual([MAIL_TEXTS.noMessage]);
    const four = await t.api('POST', `/api/flow/${flowId}/sendemail`, {
      token: a.token,
      body: mailForm(
        { to: 'klant@voorbeeld.nl', subject: 'x', message: '<p>x</p>' },
        [1, 2, 3, 4].map((n) => ({ content: PNG, name: `${n}.png`, type: 'image/png' })),
      ),
    });
    expect(four.status).toBe(422);
    expect(four.body.message).toBe(MAIL_TEXTS.tooManyFiles);
    const unknownTag = await t.api('POST', `/api/flow/${flowId}/sendemail`, {
      token: a.token,
      body: mailForm({ to: 'klant@voorbeeld.nl', subject: 'x', message: '<p>{{ klant.naam }}</p>' }),
    });
    expect(unknownTag.status).toBe(422);
    expect((await t.api('GET', `/api/flow/${flowId}/mails`, { token: a.token })).body).toHaveLength(2);
  });

  it('another company gets 404 for every id', async () => {
    const settings = await t.api('GET', '/api/company/getcurrentemailsettings', { token: a.token });
    const mt = settings.body.mailtemplates[0];
    for (const [method, path] of [
      ['GET', `/api/mailtemplate/${mt.id}`],
      ['PATCH', `/api/mailtemplate/${mt.id}`],
      ['DELETE', `/api/mailtemplate/${mt.id}`],
      ['POST', `/api/mailtemplate/${mt.id}/duplicate`],
      ['GET', `/api/attachedfile/${mt.attachedfiles[0].id}`],
      ['GET', `/api/flow/${flowId}/getforsendingemail`],
      ['GET', `/api/flow/${flowId}/mails`],
    ] as const) {
      const res = await t.api(method, path, {
        token: b.token,
        body: method === 'PATCH' ? { description: 'x' } : undefined,
      });
      expect(res.status, `${method} ${path}`).toBe(404);
    }
    const foreign = await t.api('POST', `/api/flow/${flowId}/sendemail`, {
      token: b.token,
      body: mailForm({ to: 'klant@voorbeeld.nl', subject: 'x', message: '<p>x</p>' }),
    });
    expect(foreign.status).toBe(404);
  });
});

describe('a mail about a task (sendable_task_id)', () => {
  it("fills the task's merge tags in the draft; another flow's task is 404", async () => {
    const template = await t.api('POST', '/api/mailtemplate', {
      token: a.token,
      body: {
        template_type: 'sendflowemail',
        description: 'Afspraakbevestiging',
        subject: 'Afspraak {{ taak.omschrijving }} op {{ taak.datum }}',
        message: '<p>Wij komen om {{ taak.tijd }} uur ({{ taak.uitvoerder }}).</p>',
      },
    });
    expect(template.status).toBe(201);
    const task = await t.api('POST', '/api/task', {
      token: a.token,
      body: {
        description: 'Montage zonnepanelen',
        type: 'uitvoering',
        flow_id: flowId,
        user_id: a.userId,
        start_date: '2026-12-01T08:00:00+01:00',
        end_date: '2026-12-01T14:00:00+01:00',
      },
    });
    expect(task.status, JSON.stringify(task.body)).toBe(201);
    const draft = await t.api(
      'GET',
      `/api/flow/${flowId}/getforsendingemail?mailtemplate_id=${template.body.id}&sendable_task_id=${task.body.id}`,
      { token: a.token },
    );
    expect(draft.status).toBe(200);
    expect(draft.body.subject).toBe('Afspraak Montage zonnepanelen op 1 december 2026');
    expect(draft.body.message).toContain('Wij komen om 08:00 uur');
    // Without a task the same template renders with empty task tags, never an error.
    const plain = await t.api(
      'GET',
      `/api/flow/${flowId}/getforsendingemail?mailtemplate_id=${template.body.id}`,
      {
        token: a.token,
      },
    );
    expect(plain.body.subject).toBe('Afspraak  op ');
    const other = await createTestRelation(t, a.token, { createnewflow: true });
    expect(
      (
        await t.api('GET', `/api/flow/${other.flow_id}/getforsendingemail?sendable_task_id=${task.body.id}`, {
          token: a.token,
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await t.api('GET', `/api/flow/${flowId}/getforsendingemail?sendable_task_id=${task.body.id}`, {
          token: b.token,
        })
      ).status,
    ).toBe(404);
  });
});
