import { LIBRARY_TEXTS } from '@im/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSalesCompany } from '../../../test/crm-factories';
import { ADMIN, startTestServer, type TestServer } from '../../../test/test-server';

let t: TestServer;
type Company = { companyId: number; token: string; userId: number };
let a: Company;
let b: Company;
let admin: string;

beforeAll(async () => {
  t = await startTestServer();
  a = await createSalesCompany(t, { name: 'Bibliotheek A' });
  b = await createSalesCompany(t, { name: 'Bibliotheek B' });
  admin = await t.login(ADMIN.email, ADMIN.password);
});
afterAll(async () => {
  await t?.close();
});

async function makeSet(name: string, tags: string[] = []) {
  const set = await t.api('POST', '/api/libraryset', {
    token: admin,
    body: { name, description: 'Standaard voor installateurs', tags },
  });
  expect(set.status).toBe(201);
  return set.body;
}
async function addItem(setId: number, kind: string, name: string, data: Record<string, unknown>) {
  const item = await t.api('POST', '/api/libraryitem', {
    token: admin,
    body: { library_set_id: setId, kind, name, data },
  });
  expect(item.status, JSON.stringify(item.body)).toBe(201);
  return item.body;
}

describe('library sets', () => {
  it('the platform administrator curates sets; a company reads, searches and cannot change them', async () => {
    const set = await makeSet('Zonnepanelen basis', ['zon', 'pv']);
    await makeSet('Warmtepompen', ['warmte']);
    await addItem(set.id, 'product', 'Zonnepaneel 410 Wp', {
      item_name: 'Zonnepaneel 410 Wp (bibliotheek)',
      unit_of_measurement: 'stuk',
      kpi_value: '410',
      kpi_unit: 'Wp',
    });
    const list = await t.api('GET', '/api/libraryset?query=zon', { token: a.token });
    expect(list.status).toBe(200);
    expect(list.body.data).toHaveLength(1);
    expect(list.body.data[0]).toMatchObject({
      name: 'Zonnepanelen basis',
      tags: ['zon', 'pv'],
      items_count: 1,
      kinds: [{ kind: 'product', count: 1 }],
    });
    const byTag = await t.api('GET', '/api/libraryset?query=warmte', { token: a.token });
    expect(byTag.body.data.map((s: { name: string }) => s.name)).toEqual(['Warmtepompen']);

    // Companies change nothing in the shared sets.
    for (const [method, path, body] of [
      ['POST', '/api/libraryset', { name: 'Eigen set' }],
      ['PATCH', `/api/libraryset/${set.id}`, { name: 'Overgenomen' }],
      ['DELETE', `/api/libraryset/${set.id}`],
      ['POST', '/api/libraryitem', { library_set_id: set.id, kind: 'product', name: 'x', data: {} }],
    ] as const)
      expect((await t.api(method, path, { token: a.token, body })).status, `${method} ${path}`).toBe(403);

    const patched = await t.api('PATCH', `/api/libraryset/${set.id}`, {
      token: admin,
      body: { name: 'Zonnepanelen standaard', tags: ['zon'] },
    });
    expect(patched.body).toMatchObject({ name: 'Zonnepanelen standaard', tags: ['zon'] });
    const empty = await t.api('PATCH', `/api/libraryset/${set.id}`, { token: admin, body: { name: ' ' } });
    expect(empty.status).toBe(422);
    expect(empty.body.errors.name).toEqual([LIBRARY_TEXTS.nameRequired]);
    expect((await t.api('GET', '/api/libraryset/999999', { token: a.token })).status).toBe(404);
  });

  it('refuses an item whose data does not fit its kind, naming the field; PATCH libraryitem checks again', async () => {
    const set = await makeSet('Controle');
    const bad = await t.api('POST', '/api/libraryitem', {
      token: admin,
      body: { library_set_id: set.id, kind: 'product', name: 'Zonder naam', data: { item_name: '' } },
    });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors)).toEqual(['data.item_name']);
    const kind = await t.api('POST', '/api/libraryitem', {
      token: admin,
      body: { library_set_id: set.id, kind: 'nonsense', name: 'x', data: {} },
    });
    expect(kind.status).toBe(422);
    const item = await addItem(set.id, 'messagetemplate', 'Afspraak bevestigd', {
      description: 'Afspraak bevestigd',
      message: '<p>Tot dan!</p>',
    });
    const renamed = await t.api('PATCH', `/api/libraryitem/${item.id}`, {
      token: admin,
      body: { name: 'Afspraak', data: { description: 'Afspraak', message: '<p>Tot morgen!</p>' } },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ name: 'Afspraak', data: { description: 'Afspraak' } });
    const wrong = await t.api('PATCH', `/api/libraryitem/${item.id}`, {
      token: admin,
      body: { data: { description: '' } },
    });
    expect(wrong.status).toBe(422);
    expect(
      (await t.api('PATCH', '/api/libraryitem/999999', { token: admin, body: { name: 'x' } })).status,
    ).toBe(404);
    const removed = await t.api('DELETE', `/api/libraryitem/${item.id}`, { token: admin });
    expect(removed.body.message).toBe(LIBRARY_TEXTS.itemDeleted);
  });

  it('imports a set into the company: products, a form with fields, templates; twice makes no copies', async () => {
    const set = await makeSet('Warmtepomp compleet');
    await addItem(set.id, 'product', 'Lucht-water warmtepomp', {
      item_name: 'Lucht-water warmtepomp 8 kW',
      unit_of_measurement: 'stuk',
    });
    await addItem(set.id, 'form', 'Intake warmtepomp', {
      name: 'Intake warmtepomp',
      type: 'intake',
      fields: [
        { field_label: 'Bouwjaar woning', field_type: 'number' },
        { field_label: 'Soort afgifte', field_type: 'selectbox', options: ['Vloerverwarming', 'Radiatoren'] },
      ],
    });
    await addItem(set.id, 'mailtemplate', 'Offerte warmtepomp', {
      template_type: 'sendquotation',
      description: 'Offerte warmtepomp',
      subject: 'Uw offerte',
      message: '<p>Beste {{ relatie.naam }},</p>',
    });
    const result = await t.api('POST', `/api/libraryset/${set.id}/import`, { token: a.token, body: {} });
    expect(result.status, JSON.stringify(result.body)).toBe(200);
    expect(result.body.message).toBe('3 onderdelen geïmporteerd.');
    const kinds = result.body.created.map((c: { kind: string }) => c.kind);
    expect(kinds).toEqual(['product', 'form', 'mailtemplate']);

    const formId = result.body.created[1].id;
    const fields = await t.api('GET', `/api/vertical/${formId}`, { token: a.token });
    expect(fields.status).toBe(200);
    const products = await t.api('GET', '/api/product?query=warmtepomp', { token: a.token });
    expect(products.body.data.map((p: { item_name: string }) => p.item_name)).toContain(
      'Lucht-water warmtepomp 8 kW',
    );

    const again = await t.api('POST', `/api/libraryset/${set.id}/import`, { token: a.token, body: {} });
    expect(again.body).toMatchObject({ message: '0 onderdelen geïmporteerd, 3 bestonden al.', created: [] });

    // Company B imports one chosen item; an item of another set is refused.
    const detail = await t.api('GET', `/api/libraryset/${set.id}`, { token: b.token });
    const mailItem = detail.body.library_items.find((i: { kind: string }) => i.kind === 'mailtemplate');
    const one = await t.api('POST', `/api/libraryset/${set.id}/import`, {
      token: b.token,
      body: { item_ids: [mailItem.id] },
    });
    expect(one.body.message).toBe('1 onderdeel geïmporteerd.');
    const other = await makeSet('Andere set');
    const stray = await t.api('POST', `/api/libraryset/${other.id}/import`, {
      token: b.token,
      body: { item_ids: [mailItem.id] },
    });
    expect(stray.status).toBe(422);
    expect(stray.body.message).toBe(LIBRARY_TEXTS.itemNotInSet);
    const none = await t.api('POST', `/api/libraryset/${other.id}/import`, {
      token: b.token,
      body: { item_ids: [] },
    });
    expect(none.status).toBe(422);
    expect(none.body.errors.item_ids).toEqual([LIBRARY_TEXTS.nothingChosen]);
    // What A imported is A's alone.
    expect((await t.api('GET', `/api/vertical/${formId}`, { token: b.token })).status).toBe(404);
    const bProducts = await t.api('GET', '/api/product?query=warmtepomp', { token: b.token });
    expect(bProducts.body.data).toEqual([]);

    const deleted = await t.api('DELETE', `/api/libraryset/${set.id}`, { token: admin });
    expect(deleted.body.message).toBe(LIBRARY_TEXTS.setDeleted);
    expect((await t.api('GET', `/api/libraryset/${set.id}`, { token: a.token })).status).toBe(404);
  });
});
