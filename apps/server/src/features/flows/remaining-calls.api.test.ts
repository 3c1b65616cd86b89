// The spec's remaining single calls (decision 043): renames of stored files, showSignature, flowdata,
// flow getWithRelatedTasks and getflowlogo, documentwidget persist and company getAdminUserChangeList.
// Each: the happy path, another company's id 404, bad input 422 in Dutch, and 403 where restricted.
import { DOCUMENT_TEXTS, FILE_TEXTS, FORM_MESSAGES } from '@im/domain';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSalesCompany, createTestRelation } from '../../../test/crm-factories';
import { ADMIN, type ApiResponse, startTestServer, type TestServer } from '../../../test/test-server';

let t: TestServer;
let a: { companyId: number; token: string; userId: number };
let b: { companyId: number; token: string; userId: number };
let flowId: number;

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

async function ok(res: Promise<ApiResponse>, status = 200): Promise<ApiResponse['body']> {
  const r = await res;
  if (r.status !== status) throw new Error(`expected ${status}, got ${r.status}: ${JSON.stringify(r.body)}`);
  return r.body;
}

const png = () =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: '#336699' } })
    .png()
    .toBuffer();

function upload(fields: Record<string, string | number>, content: Buffer, name: string, type: string) {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) fd.append(k, String(v));
  fd.append('file', new Blob([content], { type }), name);
  return fd;
}

/** The rules every rename shares: new name with the old extension, 404 for company B, 422 in Dutch. */
async function checkRename(path: string, read: (body: ApiResponse['body']) => string, expected: string) {
  const renamed = await ok(t.api('PATCH', path, { token: a.token, body: { filename: ' Meterkast ' } }));
  expect(read(renamed)).toBe(expected);
  const other = await t.api('PATCH', path, { token: b.token, body: { filename: 'Van B' } });
  expect(other.status).toBe(404);
  const empty = await t.api('PATCH', path, { token: a.token, body: { filename: '  ' } });
  expect(empty.status).toBe(422);
  expect(empty.body.errors.filename).toEqual([FILE_TEXTS.filenameRequired]);
  const slash = await t.api('PATCH', path, { token: a.token, body: { filename: '../etc/passwd' } });
  expect(slash.status).toBe(422);
  expect(slash.body.errors.filename).toEqual([FILE_TEXTS.filenameInvalid]);
  const missing = await t.api('PATCH', path, { token: a.token, body: {} });
  expect(missing.status).toBe(422);
}

beforeAll(async () => {
  t = await startTestServer({ work: false });
  a = await createSalesCompany(t, { name: 'Losse aanroepen A' });
  b = await createSalesCompany(t, { name: 'Losse aanroepen B' });
  flowId = (await createTestRelation(t, a.token, { createnewflow: true })).flow_id;
}, 60_000);
afterAll(async () => t?.close());

describe('renaming stored files (PATCH)', () => {
  it('flowfile and assistfile: the download keeps its extension and answers with the new name', async () => {
    for (const purpose of ['flowfile', 'assistfile']) {
      const file = await ok(
        t.api('POST', `/api/${purpose}`, {
          token: a.token,
          body: upload({ flow_id: flowId }, PDF, 'scan 0042.pdf', 'application/pdf'),
        }),
        201,
      );
      await checkRename(`/api/${purpose}/${file.id}`, (body) => body.filename, 'Meterkast.pdf');
      const res = await fetch(`${t.baseUrl}/api/${purpose}/${file.id}`, {
        headers: { authorization: `Bearer ${a.token}` },
      });
      expect(decodeURIComponent(res.headers.get('x-filename') ?? '')).toBe('Meterkast.pdf');
      expect(Buffer.from(await res.arrayBuffer()).equals(PDF)).toBe(true);
    }
    const detail = await ok(t.api('GET', `/api/flow/${flowId}`, { token: a.token }));
    expect(detail.files.map((f: { filename: string }) => f.filename)).toContain('Meterkast.pdf');
  });

  it('attachedfile: a mail template attachment; needs the SETTINGS module', async () => {
    const template = await ok(
      t.api('POST', '/api/mailtemplate', {
        token: a.token,
        body: {
          template_type: 'sendflowemail',
          description: 'Met bijlage',
          subject: 'x',
          message: '<p>x</p>',
        },
      }),
      201,
    );
    const file = await ok(
      t.api('POST', '/api/attachedfile', {
        token: a.token,
        body: upload({ attachedfileable_id: template.id }, PDF, 'voorwaarden.pdf', 'application/pdf'),
      }),
      201,
    );
    await checkRename(`/api/attachedfile/${file.id}`, (body) => body.filename, 'Meterkast.pdf');
    const crmOnly = await t.createTestCompany({ modules: ['BASIS', 'CRM'] });
    const token = await t.login((await t.createTestUser({ companyId: crmOnly })).email);
    const denied = await t.api('PATCH', `/api/attachedfile/${file.id}`, { token, body: { filename: 'x' } });
    expect(denied.status).toBe(403);
  });

  it('attachment and widgetpicture on a quotation', async () => {
    const quotation = await ok(
      t.api('POST', '/api/quotation', { token: a.token, body: { flow_id: flowId } }),
      201,
    );
    const attachment = await ok(
      t.api('POST', '/api/attachment', {
        token: a.token,
        body: upload({ quotation_id: quotation.id }, PDF, 'datasheet.pdf', 'application/pdf'),
      }),
      201,
    );
    await checkRename(`/api/attachment/${attachment.id}`, (body) => body.filename, 'Meterkast.pdf');

    const types = await ok(t.api('GET', '/api/documentwidgettype', { token: a.token }));
    const pictureType = types.find((x: { tag: string }) => x.tag === 'WIDGETPICTURE');
    const widget = await ok(
      t.api('POST', '/api/documentwidget', {
        token: a.token,
        body: { document_id: quotation.id, document_widget_type_id: pictureType.id },
      }),
      201,
    );
    const none = await t.api('PATCH', `/api/widgetpicture/${widget.id}`, {
      token: a.token,
      body: { filename: 'Logo' },
    });
    expect(none.status).toBe(404);
    await ok(
      t.api('POST', '/api/widgetpicture', {
        token: a.token,
        body: upload({ document_widget_id: widget.id }, await png(), 'IMG_2041.png', 'image/png'),
      }),
      201,
    );
    await checkRename(
      `/api/widgetpicture/${widget.id}`,
      (body) => body.widgetpicture.filename,
      'Meterkast.png',
    );
  });

  it('picture: the photo keeps its bytes and thumbnail, only its name changes', async () => {
    const photo = await ok(
      t.api('POST', '/api/picture', {
        token: a.token,
        body: upload({ flow_id: flowId }, await png(), 'IMG_2041.png', 'image/png'),
      }),
      201,
    );
    await checkRename(`/api/picture/${photo.id}`, (body) => body.filename, 'Meterkast.png');
    const list = await ok(t.api('GET', `/api/picture?flow_id=${flowId}`, { token: a.token }));
    expect(list.find((p: { id: number }) => p.id === photo.id)).toMatchObject({
      filename: 'Meterkast.png',
      size: photo.size,
    });
  });
});

describe('signature', () => {
  it('showSignature answers the drawn signature and its type; PATCH renames only its file', async () => {
    const q = await ok(t.api('POST', '/api/quotation', { token: a.token, body: { flow_id: flowId } }), 201);
    await ok(
      t.api('POST', `/api/quotation/${q.id}/sendemail`, { token: a.token, body: { dontsentbutmarksent: 1 } }),
    );
    const drawn = await sharp(
      Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg" width="400" height="150"><path d="M20 100 C 80 10, 140 140, 200 60 S 320 20, 380 110" stroke="#111" stroke-width="5" fill="none"/></svg>',
      ),
    )
      .png()
      .toBuffer();
    await ok(
      t.api('POST', `/api/quotation/${q.hash}/approvebycustomer`, {
        body: {
          signername: 'P. de Vries',
          location: 'Amersfoort',
          signature: `data:image/png;base64,${drawn.toString('base64')}`,
          signature_type: 'drawn',
        },
      }),
    );
    const activity = await ok(t.api('GET', `/api/quotation/${q.id}/customeractivity`, { token: a.token }));
    const responseId = activity.responses[0].id as number;

    const shown = await ok(t.api('GET', `/api/signature/${responseId}`, { token: a.token }));
    expect(shown).toMatchObject({
      id: responseId,
      document_id: q.id,
      document_kind: 'quotation',
      action: 'approved',
      signername: 'P. de Vries',
      location: 'Amersfoort',
      signature_type: 'drawn',
    });
    expect(shown.signature).toBe(`data:image/png;base64,${drawn.toString('base64')}`);
    expect((await t.api('GET', `/api/signature/${responseId}`, { token: b.token })).status).toBe(404);
    expect((await t.api('GET', '/api/signature/abc', { token: a.token })).status).toBe(422);

    await checkRename(`/api/signature/${responseId}`, (body) => body.filename, 'Meterkast.png');
    const after = await ok(t.api('GET', `/api/signature/${responseId}`, { token: a.token }));
    expect(after).toMatchObject({ signername: 'P. de Vries', signature: shown.signature });
    // Who signed is evidence: not a field of the call.
    const signer = await t.api('PATCH', `/api/signature/${responseId}`, {
      token: a.token,
      body: { signername: 'Iemand anders' },
    });
    expect(signer.status).toBe(422);
    expect((await ok(t.api('GET', `/api/signature/${responseId}`, { token: a.token }))).signername).toBe(
      'P. de Vries',
    );
  });
});

describe('flowdata', () => {
  it('get, update (the note) and getLocations over the flow’s filled-in copies', async () => {
    const v = await ok(t.api('POST', '/api/vertical', { token: a.token, body: { name: 'Ruimtes' } }), 201);
    await ok(
      t.api('POST', '/api/verticaldatafield', {
        token: a.token,
        body: { vertical_id: v.id, field_label: 'Radiator', field_name: 'radiator', allow_locations: 1 },
      }),
      201,
    );
    const item = await ok(
      t.api('POST', '/api/flowdataitem', {
        token: a.token,
        body: { vertical_id: v.id, flow_data_id: flowId },
      }),
      201,
    );
    await ok(
      t.api('POST', `/api/flowdataitem/${item.id}/addlocation`, { token: a.token, body: { name: 'Zolder' } }),
    );
    await ok(
      t.api('POST', `/api/flowdataitem/${item.id}/addlocation`, { token: a.token, body: { name: 'Keuken' } }),
    );

    const before = await ok(t.api('GET', `/api/flowdata/${flowId}`, { token: a.token }));
    expect(before).toMatchObject({ id: flowId, flow_id: flowId, description: '', updated_at: null });
    expect(before.flowdataitems).toEqual([
      {
        id: item.id,
        vertical_id: v.id,
        vertical_name: 'Ruimtes',
        item_type: 'form',
        status: 'open',
        locations_count: 2,
      },
    ]);
    const updated = await ok(
      t.api('PATCH', `/api/flowdata/${flowId}`, {
        token: a.token,
        body: { description: 'Meterkast zit achter de trapkast.' },
      }),
    );
    expect(updated.description).toBe('Meterkast zit achter de trapkast.');
    expect(updated.updated_at).not.toBeNull();
    expect((await ok(t.api('GET', `/api/flowdata/${flowId}`, { token: a.token }))).description).toBe(
      'Meterkast zit achter de trapkast.',
    );

    const locations = await ok(t.api('GET', `/api/flowdata/${flowId}/getlocations`, { token: a.token }));
    expect(locations.map((l: { name: string }) => l.name)).toEqual(['Zolder', 'Keuken']);
    expect(locations[0]).toMatchObject({
      flow_data_item_id: item.id,
      vertical_id: v.id,
      vertical_name: 'Ruimtes',
    });

    for (const [method, path, body] of [
      ['GET', `/api/flowdata/${flowId}`, undefined],
      ['PATCH', `/api/flowdata/${flowId}`, { description: 'Van B' }],
      ['GET', `/api/flowdata/${flowId}/getlocations`, undefined],
    ] as const) {
      const res = await t.api(method, path, { token: b.token, body });
      expect(res.status).toBe(404);
      expect(res.body.message).toBe(FORM_MESSAGES.flowDataNotFound);
    }
    const bad = await t.api('PATCH', `/api/flowdata/${flowId}`, {
      token: a.token,
      body: { description: 12 },
    });
    expect(bad.status).toBe(422);
    const tooLong = await t.api('PATCH', `/api/flowdata/${flowId}`, {
      token: a.token,
      body: { description: 'x'.repeat(5001) },
    });
    expect(tooLong.status).toBe(422);
  });
});

describe('flow getWithRelatedTasks and getflowlogo', () => {
  it('answers the flow with its tasks, planned ones first', async () => {
    const later = await ok(
      t.api('POST', '/api/task', {
        token: a.token,
        body: { flow_id: flowId, description: 'Panelen leggen', start_date: '2026-12-10T08:00:00+01:00' },
      }),
      201,
    );
    const unplanned = await ok(
      t.api('POST', '/api/task', { token: a.token, body: { flow_id: flowId, description: 'Schouwen' } }),
      201,
    );
    const sooner = await ok(
      t.api('POST', '/api/task', {
        token: a.token,
        body: { flow_id: flowId, description: 'Steiger', start_date: '2026-12-08T08:00:00+01:00' },
      }),
      201,
    );
    const res = await ok(t.api('GET', `/api/flow/${flowId}/getwithrelatedtasks`, { token: a.token }));
    expect(res).toMatchObject({ id: flowId, relation: { id: expect.any(Number) } });
    expect(res.tasks.map((x: { id: number }) => x.id)).toEqual([sooner.id, later.id, unplanned.id]);
    expect((await t.api('GET', `/api/flow/${flowId}/getwithrelatedtasks`, { token: b.token })).status).toBe(
      404,
    );
    expect((await t.api('GET', '/api/flow/0/getwithrelatedtasks', { token: a.token })).status).toBe(422);
  });

  it('getflowlogo: the company logo, or x-imagestatus unavailable', async () => {
    const none = await fetch(`${t.baseUrl}/api/flow/${flowId}/getflowlogo`, {
      headers: { authorization: `Bearer ${a.token}` },
    });
    expect(none.status).toBe(200);
    expect(none.headers.get('x-imagestatus')).toBe('unavailable');
    const me = await ok(t.api('GET', '/api/company/getcurrentcompany', { token: a.token }));
    const settingsId = me.companysettings?.id ?? me.company_settings_id;
    const logo = await png();
    await ok(
      t.api('POST', `/api/companysettings/${settingsId}/updatelogo`, {
        token: a.token,
        body: upload({}, logo, 'logo.png', 'image/png'),
      }),
    );
    const res = await fetch(`${t.baseUrl}/api/flow/${flowId}/getflowlogo`, {
      headers: { authorization: `Bearer ${a.token}` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-imagestatus')).not.toBe('unavailable');
    expect(res.headers.get('content-type')).toContain('image/');
    expect((await t.api('GET', `/api/flow/${flowId}/getflowlogo`, { token: b.token })).status).toBe(404);
  });
});

describe('documentwidget persist', () => {
  it('turns a recurring widget into one text widget per filled-in copy at its place', async () => {
    const flow = (await createTestRelation(t, a.token, { createnewflow: true })).flow_id;
    const rooms = await ok(t.api('POST', '/api/vertical', { token: a.token, body: { name: 'Kamers' } }), 201);
    await ok(
      t.api('POST', '/api/verticaldatafield', {
        token: a.token,
        body: { vertical_id: rooms.id, field_label: 'Ruimte', field_name: 'ruimte' },
      }),
      201,
    );
    for (const ruimte of ['Woonkamer', 'Keuken & bijkeuken']) {
      const item = await ok(
        t.api('POST', '/api/flowdataitem', {
          token: a.token,
          body: { vertical_id: rooms.id, flow_id: flow },
        }),
        201,
      );
      await ok(
        t.api('PATCH', `/api/flowdataitem/${item.id}`, { token: a.token, body: { values: { ruimte } } }),
      );
    }
    const quotation = await ok(
      t.api('POST', '/api/quotation', { token: a.token, body: { flow_id: flow } }),
      201,
    );
    const types = await ok(t.api('GET', '/api/documentwidgettype', { token: a.token }));
    const typeOf = (tag: string) => types.find((x: { tag: string }) => x.tag === tag).id as number;
    const add = (tag: string) =>
      ok(
        t.api('POST', '/api/documentwidget', {
          token: a.token,
          body: { document_id: quotation.id, document_widget_type_id: typeOf(tag) },
        }),
        201,
      );
    const first = await add('HEADER1');
    const recurring = await add('RECURRING');
    const last = await add('TEXT');
    await ok(
      t.api('PATCH', `/api/documentwidget/${recurring.id}`, {
        token: a.token,
        body: {
          description: 'Ruimte',
          textcontent: '<p>{{ formulier.ruimte }} voor {{ relatie.naam }}</p>',
          recurringvertical_id: rooms.id,
        },
      }),
    );

    expect(
      (await t.api('POST', `/api/documentwidget/${recurring.id}/persist`, { token: b.token })).status,
    ).toBe(404);
    const notRecurring = await t.api('POST', `/api/documentwidget/${first.id}/persist`, { token: a.token });
    expect(notRecurring.status).toBe(409);
    expect(notRecurring.body.message).toBe(DOCUMENT_TEXTS.persistOnlyRecurring);
    expect((await t.api('POST', '/api/documentwidget/x/persist', { token: a.token })).status).toBe(422);

    const res = await ok(t.api('POST', `/api/documentwidget/${recurring.id}/persist`, { token: a.token }));
    expect(res.message).toBe(DOCUMENT_TEXTS.persisted(2));
    expect(res.documentwidgets.map((w: { textcontent: string }) => w.textcontent)).toEqual([
      '<p>Woonkamer voor {{ relatie.naam }}</p>',
      '<p>Keuken &amp; bijkeuken voor {{ relatie.naam }}</p>',
    ]);
    expect(res.documentwidgets.map((w: { description: string }) => w.description)).toEqual([
      'Ruimte 1',
      'Ruimte 2',
    ]);
    const doc = await ok(t.api('GET', `/api/quotation/${quotation.id}`, { token: a.token }));
    const mine = [first.id, res.documentwidgets[0].id, res.documentwidgets[1].id, last.id];
    const widgets = doc.documentwidgets as {
      id: number;
      order: number;
      documentwidgettype: { tag: string };
    }[];
    expect(widgets.map((w) => w.order)).toEqual(widgets.map((_, i) => i + 1));
    expect(widgets.map((w) => w.id).filter((id) => mine.includes(id))).toEqual(mine);
    const at = widgets.findIndex((w) => w.id === first.id);
    expect(widgets.slice(at, at + 4).map((w) => w.id)).toEqual(mine);
    expect(widgets[at + 1]!.documentwidgettype.tag).toBe('TEXT');
    // The recurring widget is gone: persisting it again finds nothing.
    expect(
      (await t.api('POST', `/api/documentwidget/${recurring.id}/persist`, { token: a.token })).status,
    ).toBe(404);
    const { html } = await ok(t.api('GET', `/api/quotation/${quotation.id}/preview`, { token: a.token }));
    expect(html).toContain('Keuken &amp; bijkeuken voor');
    expect(html).not.toContain('{{ relatie.naam }}');

    // A template has no flow, so no filled-in forms.
    const template = await ok(
      t.api('POST', '/api/quotation', { token: a.token, body: { is_template: 1, title: 'Sjabloon' } }),
      201,
    ).catch(() => null);
    if (template) {
      const w = await ok(
        t.api('POST', '/api/documentwidget', {
          token: a.token,
          body: { document_id: template.id, document_widget_type_id: typeOf('RECURRING') },
        }),
        201,
      );
      await ok(
        t.api('PATCH', `/api/documentwidget/${w.id}`, {
          token: a.token,
          body: { recurringvertical_id: rooms.id },
        }),
      );
      const res2 = await t.api('POST', `/api/documentwidget/${w.id}/persist`, { token: a.token });
      expect(res2.status).toBe(409);
      expect(res2.body.message).toBe(DOCUMENT_TEXTS.persistNeedsFlow);
    }
  });
});

describe('company getAdminUserChangeList', () => {
  it('lists what a platform administrator changed while logged in as a company user; admin only', async () => {
    const adminToken = await t.login(ADMIN.email, ADMIN.password);
    const target = await t.createTestUser({ companyId: b.companyId, role: 1000 });
    const as = await ok(t.api('POST', `/api/user/${target.id}/adminlogin`, { token: adminToken }));
    await ok(t.api('PATCH', `/api/user/${target.id}`, { token: as.token, body: { simplemode: 1 } }));
    // A change by the user themselves is not in the list.
    await ok(
      t.api('PATCH', `/api/flow/${flowId}`, { token: a.token, body: { description: 'Eigen wijziging' } }),
    );

    const page = await ok(
      t.api('GET', `/api/company/${b.companyId}/getadminuserchangelist?limit=10`, { token: adminToken }),
    );
    // The login as the user and the change made under it; newest first.
    expect(page.pagination).toMatchObject({ total: 2, offset: 0, limit: 10 });
    expect(page.data.map((x: { action: string }) => x.action)).toEqual(['update', 'adminlogin']);
    expect(page.data[0]).toMatchObject({
      loggable_type: 'user',
      loggable_id: target.id,
      action: 'update',
      admin_user_id: 1,
      user_id: target.id,
    });
    expect(page.data[0].admin_fullname).not.toBe('');
    const own = await ok(
      t.api('GET', `/api/company/${a.companyId}/getadminuserchangelist`, { token: adminToken }),
    );
    expect(own.pagination.total).toBe(0);

    expect(
      (await t.api('GET', `/api/company/${b.companyId}/getadminuserchangelist`, { token: a.token })).status,
    ).toBe(403);
    expect(
      (await t.api('GET', '/api/company/999999/getadminuserchangelist', { token: adminToken })).status,
    ).toBe(404);
    const bad = await t.api('GET', `/api/company/${b.companyId}/getadminuserchangelist?limit=0`, {
      token: adminToken,
    });
    expect(bad.status).toBe(422);
  });
});
