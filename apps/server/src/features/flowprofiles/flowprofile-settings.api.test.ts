import {
  FORM_NOT_IN_PROFILE,
  NO_PROFILE_BRANDING,
  STANDARD_PROFILE_BRANDING_BLOCKED,
  UNKNOWN_FORM,
} from '@im/domain';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCrmCompany, createTestRelation } from '../../../test/crm-factories';
import { type SmtpSink, startSmtpSink } from '../../../test/smtp-sink';
import { startTestServer, type TestServer } from '../../../test/test-server';

/** A valid 1x1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

function form(content: Buffer, filename: string, type = 'image/png'): FormData {
  const fd = new FormData();
  fd.append('file', new Blob([new Uint8Array(content)], { type }), filename);
  return fd;
}

let t: TestServer;
let smtp: SmtpSink;
let a: { companyId: number; token: string };
let b: { companyId: number; token: string };
let settingsA: number;
let standardA: number;

beforeAll(async () => {
  smtp = await startSmtpSink();
  t = await startTestServer({
    config: { SMTP_URL: smtp.url, MAIL_FROM: 'Installateur <info@installateur.test>' },
  });
  a = await createCrmCompany(t, { name: 'Instellingen A' });
  b = await createCrmCompany(t, { name: 'Instellingen B' });
  const current = (await t.api('GET', '/api/company/getcurrentflowsettings', { token: a.token })).body;
  settingsA = current.company_settings_id;
  standardA = current.standard_flowprofile_id;
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

describe('company settings (GET and PATCH companysettings)', () => {
  it('reads and changes the info box, signature and app name; 404 for another company, Dutch 422 for bad input', async () => {
    const read = await t.api('GET', `/api/companysettings/${settingsA}`, { token: a.token });
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ custom_lead_infobox: '', email_signature: '', has_logo: false });

    const saved = await t.api('PATCH', `/api/companysettings/${settingsA}`, {
      token: a.token,
      body: {
        custom_lead_infobox: ' Bel binnen een dag terug. ',
        email_signature: 'Met vriendelijke groet,\nInstellingen A',
        appname: 'Zon & Co',
        brand_button_color: '#116644',
      },
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({
      custom_lead_infobox: 'Bel binnen een dag terug.',
      email_signature: 'Met vriendelijke groet,\nInstellingen A',
      appname: 'Zon & Co',
      brand_button_color: '#116644',
    });
    const crm = await t.api('GET', '/api/company/getcurrentflowsettings', { token: a.token });
    expect(crm.body.custom_lead_infobox).toBe('Bel binnen een dag terug.');

    expect((await t.api('GET', `/api/companysettings/${settingsA}`, { token: b.token })).status).toBe(404);
    const other = await t.api('PATCH', `/api/companysettings/${settingsA}`, {
      token: b.token,
      body: { email_signature: 'Overgenomen' },
    });
    expect(other.status).toBe(404);

    const bad = await t.api('PATCH', `/api/companysettings/${settingsA}`, {
      token: a.token,
      body: { brand_button_color: 'groen' },
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.brand_button_color).toEqual(['Een kleur als #1a2b3c.']);
    const long = await t.api('PATCH', `/api/companysettings/${settingsA}`, {
      token: a.token,
      body: { email_signature: 'x'.repeat(5001) },
    });
    expect(long.status).toBe(422);
    expect(long.body.errors.email_signature).toEqual(['Maximaal 5000 tekens.']);
    const after = await t.api('GET', `/api/companysettings/${settingsA}`, { token: a.token });
    expect(after.body.email_signature).toBe('Met vriendelijke groet,\nInstellingen A');
  });
});

describe('request profile settings', () => {
  let profileId: number;

  it('refuses own branding for the standard profile with the spec message', async () => {
    const res = await t.api('POST', `/api/flowprofile/${standardA}/createsettingsforflowprofile`, {
      token: a.token,
    });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(STANDARD_PROFILE_BRANDING_BLOCKED);
    const detail = await t.api('GET', `/api/flowprofile/${standardA}`, { token: a.token });
    expect(detail.body).toMatchObject({ is_standard: true, branding: null });
  });

  it('creates own branding, sets sender name, colour and logo; another company gets 404', async () => {
    profileId = (await t.api('POST', '/api/flowprofile', { token: a.token, body: { name: 'Warmte' } })).body
      .id;
    const noBranding = await t.api('PATCH', `/api/flowprofile/${profileId}/settings`, {
      token: a.token,
      body: { branding: { sender_name: 'Warmte Team' } },
    });
    expect(noBranding.status).toBe(409);
    expect(noBranding.body.message).toBe(NO_PROFILE_BRANDING);

    const created = await t.api('POST', `/api/flowprofile/${profileId}/createsettingsforflowprofile`, {
      token: a.token,
    });
    expect(created.status).toBe(200);
    expect(created.body.branding).toEqual({
      sender_name: '',
      brand_button_color: '#116644',
      has_logo: false,
    });

    const named = await t.api('PATCH', `/api/flowprofile/${profileId}/settings`, {
      token: a.token,
      body: { branding: { sender_name: 'Warmte Team', brand_button_color: '#aa3300' } },
    });
    expect(named.status).toBe(200);
    expect(named.body.branding).toEqual({
      sender_name: 'Warmte Team',
      brand_button_color: '#aa3300',
      has_logo: false,
    });

    const notImage = await t.api('POST', `/api/flowprofile/${profileId}/updatelogo`, {
      token: a.token,
      body: form(Buffer.from('geen afbeelding\n'.repeat(30)), 'logo.png'),
    });
    expect(notImage.status).toBe(415);
    const logo = await t.api('POST', `/api/flowprofile/${profileId}/updatelogo`, {
      token: a.token,
      body: form(PNG, 'warmte.png'),
    });
    expect(logo.status).toBe(200);
    expect(logo.body.branding.has_logo).toBe(true);
    const image = await t.api('GET', `/api/flowprofile/${profileId}/getlogo`, { token: a.token });
    expect(image.status).toBe(200);
    expect(image.headers.get('x-imagestatus')).toBeNull();
    expect(image.headers.get('content-type')).toBe('image/png');

    for (const [method, path] of [
      ['GET', `/api/flowprofile/${profileId}`],
      ['GET', `/api/flowprofile/${profileId}/getlogo`],
      ['POST', `/api/flowprofile/${profileId}/duplicate`],
      ['POST', `/api/flowprofile/${profileId}/createsettingsforflowprofile`],
      ['POST', `/api/flowprofile/${profileId}/removesettingsforflowprofile`],
    ] as const)
      expect((await t.api(method, path, { token: b.token })).status, path).toBe(404);
    const otherLogo = await t.api('POST', `/api/flowprofile/${profileId}/updatelogo`, {
      token: b.token,
      body: form(PNG, 'x.png'),
    });
    expect(otherLogo.status).toBe(404);
    const otherPatch = await t.api('PATCH', `/api/flowprofile/${profileId}/settings`, {
      token: b.token,
      body: { vertical_whitelist: [] },
    });
    expect(otherPatch.status).toBe(404);
  });

  it('refuses an unknown form in the whitelist and an unknown field', async () => {
    const res = await t.api('PATCH', `/api/flowprofile/${profileId}/settings`, {
      token: a.token,
      body: { vertical_whitelist: [999999] },
    });
    expect(res.status).toBe(422);
    expect(res.body.errors.vertical_whitelist).toEqual([UNKNOWN_FORM]);
    const unknown = await t.api('PATCH', `/api/flowprofile/${profileId}/settings`, {
      token: a.token,
      body: { kleur: 'rood' },
    });
    expect(unknown.status).toBe(422);
    expect(unknown.body.message).toBe('Onbekend veld: kleur.');
  });

  it("shows the profile's sender name and logo on the customer page and in its mails, with the signature", async () => {
    const rel = await createTestRelation(t, a.token, { createnewflow: true, email: 'klant@voorbeeld.nl' });
    const patched = await t.api('PATCH', `/api/flow/${rel.flow_id}`, {
      token: a.token,
      body: { flowprofile_id: profileId },
    });
    expect(patched.status).toBe(200);
    const hash = (await t.api('GET', `/api/flow/${rel.flow_id}`, { token: a.token })).body.hash;
    const page = await t.api('GET', `/api/flow/${hash}/getbycustomer`);
    expect(page.status).toBe(200);
    expect(page.body.company).toMatchObject({
      name: 'Warmte Team',
      brand_button_color: '#aa3300',
      logo_url: `/api/flow/${hash}/getflowlogobycustomer`,
    });
    const logo = await t.api('GET', `/api/flow/${hash}/getflowlogobycustomer`);
    expect(logo.status).toBe(200);
    expect(logo.headers.get('content-type')).toBe('image/png');
    expect(logo.headers.get('x-imagestatus')).toBeNull();

    const fd = new FormData();
    fd.append('to', 'klant@voorbeeld.nl');
    fd.append('subject', 'Uw aanvraag');
    fd.append('message', '<p>Beste klant,</p>');
    const sent = await t.api('POST', `/api/flow/${rel.flow_id}/sendemail`, { token: a.token, body: fd });
    expect(sent.status).toBe(201);
    const [mail] = await smtp.waitFor(1, 15_000);
    const parsed = await simpleParser(mail!.raw, { keepCidLinks: true });
    expect(parsed.from?.value[0]?.name).toBe('Warmte Team');
    expect(parsed.html).toContain('cid:profilelogo@installatiemanager');
    expect(parsed.html).toContain('Met vriendelijke groet,<br>Instellingen A');
    expect(parsed.text).toContain('Met vriendelijke groet');
    expect(parsed.attachments.some((x) => x.content.equals(PNG))).toBe(true);
  });

  it("keeps a form off a flow when the flow's profile has a whitelist without it", async () => {
    const form = async (name: string) =>
      (await t.api('POST', '/api/vertical', { token: a.token, body: { name, type: 'intake' } })).body.id;
    const allowed = await form('Warmtepomp opname');
    const other = await form('Zonnepanelen opname');
    const set = await t.api('PATCH', `/api/flowprofile/${profileId}/settings`, {
      token: a.token,
      body: { vertical_whitelist: [allowed, allowed] },
    });
    expect(set.status).toBe(200);
    expect(set.body.vertical_whitelist).toEqual([allowed]);
    const rel = await createTestRelation(t, a.token, { createnewflow: true });
    await t.api('PATCH', `/api/flow/${rel.flow_id}`, { token: a.token, body: { flowprofile_id: profileId } });
    const refused = await t.api('POST', '/api/flowdataitem', {
      token: a.token,
      body: { flow_id: rel.flow_id, vertical_id: other },
    });
    expect(refused.status).toBe(422);
    expect(refused.body.errors.vertical_id).toEqual([FORM_NOT_IN_PROFILE]);
    const added = await t.api('POST', '/api/flowdataitem', {
      token: a.token,
      body: { flow_id: rel.flow_id, vertical_id: allowed },
    });
    expect(added.status).toBe(201);
    // The form picker of that flow offers only the allowed form; without a flow, every form.
    const offered = await t.api('GET', `/api/vertical?type=intake&flow_id=${rel.flow_id}`, {
      token: a.token,
    });
    expect(offered.body.map((v: { id: number }) => v.id)).toEqual([allowed]);
    const every = await t.api('GET', '/api/vertical?type=intake', { token: a.token });
    expect(every.body.map((v: { id: number }) => v.id)).toEqual(expect.arrayContaining([allowed, other]));
    const free = await createTestRelation(t, a.token, { createnewflow: true });
    const unlimited = await t.api('GET', `/api/vertical?type=intake&flow_id=${free.flow_id}`, {
      token: a.token,
    });
    expect(unlimited.body.length).toBe(every.body.length);
    // Another company's form is not a form of this company.
    const formB = (
      await t.api('POST', '/api/vertical', { token: b.token, body: { name: 'B', type: 'intake' } })
    ).body.id;
    const foreign = await t.api('PATCH', `/api/flowprofile/${profileId}/settings`, {
      token: a.token,
      body: { vertical_whitelist: [formB] },
    });
    expect(foreign.status).toBe(422);
  });

  it('duplicates without the logo and removes own branding again', async () => {
    const copy = await t.api('POST', `/api/flowprofile/${profileId}/duplicate`, { token: a.token });
    expect(copy.status).toBe(201);
    expect(copy.body.name).toBe('Warmte (kopie)');
    const copyDetail = await t.api('GET', `/api/flowprofile/${copy.body.id}`, { token: a.token });
    expect(copyDetail.body.branding).toEqual({
      sender_name: 'Warmte Team',
      brand_button_color: '#aa3300',
      has_logo: false,
    });

    const removed = await t.api('POST', `/api/flowprofile/${profileId}/removesettingsforflowprofile`, {
      token: a.token,
    });
    expect(removed.status).toBe(200);
    expect(removed.body.branding).toBeNull();
    const image = await t.api('GET', `/api/flowprofile/${profileId}/getlogo`, { token: a.token });
    expect(image.headers.get('x-imagestatus')).toBe('unavailable');
  });
});
