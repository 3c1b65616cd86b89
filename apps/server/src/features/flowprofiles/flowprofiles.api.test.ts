import { DEFAULT_LEAD_SOURCES } from '@im/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCrmCompany, createTestRelation, logCount } from '../../../test/crm-factories';
import { startTestServer, type TestServer } from '../../../test/test-server';
import { STANDARD_PROFILE_DELETE_BLOCKED } from './flowprofiles';

let t: TestServer;
let a: { companyId: number; token: string };
let b: { companyId: number; token: string };

beforeAll(async () => {
  t = await startTestServer({ work: false });
  a = await createCrmCompany(t, { name: 'Profiel A' });
  b = await createCrmCompany(t, { name: 'Profiel B' });
});
afterAll(async () => t?.close());

describe('company lists (getcurrentflowsettings, PATCH companysettings)', () => {
  it('answers the lists, profiles, phases and users of the own company', async () => {
    const res = await t.api('GET', '/api/company/getcurrentflowsettings', { token: a.token });
    expect(res.status).toBe(200);
    expect(res.body.lead_sources).toEqual(DEFAULT_LEAD_SOURCES);
    expect(res.body.lead_sources[0]).toBe('Eigen website');
    expect(res.body.flow_tags.length).toBeGreaterThan(0);
    expect(res.body.cancel_reasons.length).toBeGreaterThan(0);
    expect(res.body.flowprofiles).toEqual([
      {
        id: res.body.standard_flowprofile_id,
        name: 'Standaard',
        standard_calculation_id: null,
        mailtemplate_ids: {},
        template_ids: {},
      },
    ]);
    expect(res.body.flowphases[0]).toMatchObject({ description: 'Ongelezen', flowstage: 'new', order: 0 });
    expect(res.body.flowphases.filter((p: { flowstage: string }) => p.flowstage === 'invoice')).toHaveLength(
      9,
    );
    expect(res.body.users).toEqual([
      {
        id: expect.any(Number),
        fullname: expect.stringMatching(/^Test Gebruiker/),
        user_type: 'standard',
        role: 1000,
      },
    ]);
    expect(res.body.company_settings_id).toEqual(expect.any(Number));
  });

  it('changes the lists (trimmed, each once) and the standard profile with SETTINGS; 404 for another company', async () => {
    const settingsId = (await t.api('GET', '/api/company/getcurrentflowsettings', { token: a.token })).body
      .company_settings_id;
    const profile = (await t.api('POST', '/api/flowprofile', { token: a.token, body: { name: 'Zakelijk' } }))
      .body;
    const res = await t.api('PATCH', `/api/companysettings/${settingsId}`, {
      token: a.token,
      body: {
        lead_sources: ['Eigen website', ' Beurs ', 'Beurs'],
        flow_tags: ['Spoed'],
        cancel_reasons: [],
        standard_flowprofile_id: profile.id,
      },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: settingsId,
      lead_sources: ['Eigen website', 'Beurs'],
      flow_tags: ['Spoed'],
      cancel_reasons: [],
      standard_flowprofile_id: profile.id,
      // The dashboard's statistic boxes (decision 028): the defaults until someone chooses.
      dashboard_settings: null,
    });
    expect(await logCount(t, 'companysettings', settingsId, 'update')).toBe(1);
    // New relations' flows now get the new standard profile.
    const rel = await createTestRelation(t, a.token, { createnewflow: true });
    expect(rel.flows[0].flowprofile_id).toBe(profile.id);

    const otherProfile = (await t.api('GET', '/api/flowprofile', { token: b.token })).body[0].id;
    for (const body of [
      { lead_sources: [''] },
      { flow_tags: 'Spoed' },
      { standard_flowprofile_id: otherProfile },
    ]) {
      const bad = await t.api('PATCH', `/api/companysettings/${settingsId}`, { token: a.token, body });
      expect({ body, status: bad.status }).toEqual({ body, status: 422 });
    }
    const foreign = (await t.api('GET', '/api/company/getcurrentflowsettings', { token: b.token })).body
      .company_settings_id;
    expect(
      (await t.api('PATCH', `/api/companysettings/${foreign}`, { token: a.token, body: { flow_tags: [] } }))
        .status,
    ).toBe(404);
  });

  it('needs SETTINGS to change the lists', async () => {
    const companyId = await t.createTestCompany({ modules: ['BASIS', 'CRM'] });
    const token = await t.login((await t.createTestUser({ companyId, role: 5000 })).email);
    const settingsId = (await t.api('GET', '/api/company/getcurrentflowsettings', { token })).body
      .company_settings_id;
    expect(
      (await t.api('PATCH', `/api/companysettings/${settingsId}`, { token, body: { flow_tags: [] } })).status,
    ).toBe(403);
  });
});

describe('request profiles', () => {
  it('creates, renames and deletes; the standard one cannot be deleted (409, the spec’s text)', async () => {
    const created = await t.api('POST', '/api/flowprofile', {
      token: a.token,
      body: { name: ' Onderhoud ' },
    });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: expect.any(Number),
      name: 'Onderhoud',
      standard_calculation_id: null,
      mailtemplate_ids: {},
      template_ids: {},
    });
    const renamed = await t.api('PATCH', `/api/flowprofile/${created.body.id}`, {
      token: a.token,
      body: { name: 'Service' },
    });
    expect(renamed.body.name).toBe('Service');
    const list = await t.api('GET', '/api/flowprofile', { token: a.token });
    expect(list.body.map((p: { name: string }) => p.name)).toContain('Service');
    expect((await t.api('DELETE', `/api/flowprofile/${created.body.id}`, { token: a.token })).status).toBe(
      200,
    );
    expect(
      (await t.api('GET', '/api/flowprofile', { token: a.token })).body.map((p: { id: number }) => p.id),
    ).not.toContain(created.body.id);
    for (const action of ['create', 'update', 'delete'])
      expect(await logCount(t, 'flowprofile', created.body.id, action)).toBe(1);

    const standard = (await t.api('GET', '/api/company/getcurrentflowsettings', { token: b.token })).body
      .standard_flowprofile_id;
    const blocked = await t.api('DELETE', `/api/flowprofile/${standard}`, { token: b.token });
    expect(blocked.status).toBe(409);
    expect(blocked.body.message).toBe(STANDARD_PROFILE_DELETE_BLOCKED);
    expect(blocked.body.message).toBe(
      'Het is niet mogelijk om het standaard aanvraagprofiel te verwijderen. Kies eerst een ander standaard aanvraagprofiel.',
    );
  });

  it('422 for bad input; 404 for another company’s profile, which never shows in the list', async () => {
    for (const body of [{}, { name: '' }, { name: 'x'.repeat(201) }])
      expect((await t.api('POST', '/api/flowprofile', { token: a.token, body })).status).toBe(422);
    const theirs = (await t.api('POST', '/api/flowprofile', { token: b.token, body: { name: 'Van B' } }))
      .body;
    expect(
      (await t.api('PATCH', `/api/flowprofile/${theirs.id}`, { token: a.token, body: { name: 'X' } })).status,
    ).toBe(404);
    expect((await t.api('DELETE', `/api/flowprofile/${theirs.id}`, { token: a.token })).status).toBe(404);
    expect(
      (await t.api('GET', '/api/flowprofile', { token: a.token })).body.map((p: { id: number }) => p.id),
    ).not.toContain(theirs.id);
  });
});
