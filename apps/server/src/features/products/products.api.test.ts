import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSalesCompany, createTestProduct, logCount } from '../../../test/crm-factories';
import { startTestServer, type TestServer } from '../../../test/test-server';

let t: TestServer;
let a: { companyId: number; token: string };
let b: { companyId: number; token: string };

beforeAll(async () => {
  t = await startTestServer({ work: false });
  a = await createSalesCompany(t, { name: 'Product A' });
  b = await createSalesCompany(t, { name: 'Product B' });
});
afterAll(async () => t?.close());

describe('products', () => {
  it('creates with the spec defaults and two empty price rows', async () => {
    const res = await t.api('POST', '/api/product', {
      token: a.token,
      body: { item_name: 'Zonnepaneel 410 Wp' },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      item_name: 'Zonnepaneel 410 Wp',
      description: 'Zonnepaneel 410 Wp',
      status: 'approved',
      data_origin: 'manual',
      calc_base: 'exc',
      calc_method: 'fixed',
      type: 'standard',
      unit_of_measurement: 'stuks',
      start_amount_exc: 0,
      percentage_vat_21: 100,
      vat_percentage: 21,
      togglefield_operator: 'issame',
      alternativeamount_id: null,
    });
    expect(res.body.producttablerows).toHaveLength(2);
    expect(res.body.producttablerows[0]).toMatchObject({ unit_amount: null, unit_rate_exc: null });
    expect(await logCount(t, 'product', res.body.id, 'create')).toBe(1);
  });

  it('keeps the description following the name while they were equal; alternative amount 0 is none', async () => {
    const p = (await t.api('POST', '/api/product', { token: a.token, body: { item_name: 'Omvormer' } })).body;
    const renamed = await t.api('PATCH', `/api/product/${p.id}`, {
      token: a.token,
      body: { item_name: 'Omvormer 5 kW', alternativeamount_id: 0 },
    });
    expect(renamed.body).toMatchObject({
      item_name: 'Omvormer 5 kW',
      description: 'Omvormer 5 kW',
      alternativeamount_id: null,
    });
    await t.api('PATCH', `/api/product/${p.id}`, {
      token: a.token,
      body: { description: 'Hybride omvormer' },
    });
    const again = await t.api('PATCH', `/api/product/${p.id}`, {
      token: a.token,
      body: { item_name: 'Omvormer 6 kW' },
    });
    expect(again.body.description).toBe('Hybride omvormer');
  });

  it('derives the other side of every rate from the calc base and re-derives on a new split', async () => {
    const p = await createTestProduct(t, a.token, { item_name: 'Warmtepomp', calc_base: 'inc' }, [[0, 4999]]);
    expect(p.producttablerows).toEqual([
      expect.objectContaining({ unit_amount: 0, unit_rate_inc: 4999, unit_rate_exc: 4131.405 }),
    ]);
    const split = await t.api('PATCH', `/api/product/${p.id}`, {
      token: a.token,
      body: { percentage_vat_9: 40, percentage_vat_21: 60 },
    });
    expect(split.status).toBe(200);
    expect(split.body.vat_percentage).toBe(16.2);
    // 4999 / 1.162 = 4302.0654...
    expect(split.body.producttablerows[0]).toMatchObject({ unit_rate_inc: 4999, unit_rate_exc: 4302.0654 });
    const bad = await t.api('PATCH', `/api/product/${p.id}`, {
      token: a.token,
      body: { percentage_vat_0: 10 },
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.percentage_vat_21[0]).toContain('100%');
  });

  it('vat_percentage sets the split to that one rate, or is refused pointing to percentage_vat_* (decision 041)', async () => {
    const nine = await t.api('POST', '/api/product', {
      token: a.token,
      body: { item_name: 'Isolatieglas', vat_percentage: 9 },
    });
    expect(nine.status).toBe(201);
    expect(nine.body).toMatchObject({ vat_percentage: 9, percentage_vat_9: 100, percentage_vat_21: 0 });
    const zero = await t.api('PATCH', `/api/product/${nine.body.id}`, {
      token: a.token,
      body: { vat_percentage: '0' },
    });
    expect(zero.body).toMatchObject({ vat_percentage: 0, percentage_vat_0: 100, percentage_vat_9: 0 });
    // A mixed rate is a split, not one number.
    const mixed = await t.api('PATCH', `/api/product/${nine.body.id}`, {
      token: a.token,
      body: { vat_percentage: 15 },
    });
    expect(mixed.status).toBe(422);
    expect(mixed.body.errors.vat_percentage[0]).toContain('percentage_vat_9');
    // Next to the split it must be the rate the split gives.
    const agrees = await t.api('PATCH', `/api/product/${nine.body.id}`, {
      token: a.token,
      body: { percentage_vat_9: 40, percentage_vat_21: 60, percentage_vat_0: 0, vat_percentage: 16.2 },
    });
    expect(agrees.status).toBe(200);
    expect(agrees.body.vat_percentage).toBe(16.2);
    const differs = await t.api('PATCH', `/api/product/${nine.body.id}`, {
      token: a.token,
      body: { percentage_vat_9: 100, percentage_vat_21: 0, vat_percentage: 21 },
    });
    expect(differs.status).toBe(422);
    expect(Object.keys(differs.body.errors)).toEqual(['vat_percentage']);
    // 6 % is closed for a new product (decision 038), named on the field that asked for it.
    const six = await t.api('POST', '/api/product', {
      token: a.token,
      body: { item_name: 'Oud tarief', vat_percentage: 6 },
    });
    expect(six.status).toBe(422);
    expect(Object.keys(six.body.errors)).toEqual(['vat_percentage']);
    const after = await t.api('GET', `/api/product/${nine.body.id}`, { token: a.token });
    expect(after.body).toMatchObject({ vat_percentage: 16.2, percentage_vat_9: 40, percentage_vat_21: 60 });
    // A field the product does not take is named, not dropped.
    const unknown = await t.api('POST', '/api/product', {
      token: a.token,
      body: { item_name: 'Paneel', btw: 9 },
    });
    expect(unknown.status).toBe(422);
    expect(unknown.body).toEqual({
      message: 'Onbekend veld: btw.',
      errors: { btw: ['Onbekend veld: btw.'] },
    });
  });

  it('refuses bad numbers with 422 and writes nothing', async () => {
    const p = await createTestProduct(t, a.token, { item_name: 'Isolatie' }, [[0, 24.5]]);
    const row = p.producttablerows[0].id;
    for (const value of [-1, 1e308, 'NaN', 'tien', '', '1.23456']) {
      const res = await t.api('PATCH', `/api/producttablerow/${row}`, {
        token: a.token,
        body: { unit_rate_exc: value },
      });
      expect(res.status, String(value)).toBe(422);
    }
    const nan = await t.api('POST', '/api/product', {
      token: a.token,
      headers: { 'content-type': 'application/json' },
      body: '{"item_name":"x","start_amount_exc":NaN}',
    });
    expect(nan.status).toBe(400);
    expect((await t.api('POST', '/api/product', { token: a.token, body: { item_name: '' } })).status).toBe(
      422,
    );
    const after = await t.api('GET', `/api/product/${p.id}`, { token: a.token });
    expect(after.body.producttablerows[0].unit_rate_exc).toBe(24.5);
  });

  it('pages, searches and sorts the overview; the typeahead lists approved live products', async () => {
    await createTestProduct(t, a.token, { item_name: 'Hoogrendementsglas HR++' }, [[0, 95]]);
    const page = await t.api('GET', '/api/product?query=hoogrendement&limit=5', { token: a.token });
    expect(page.status).toBe(200);
    expect(page.body.pagination.total).toBe(1);
    expect(page.body.data[0]).toMatchObject({
      item_name: 'Hoogrendementsglas HR++',
      unit_rate_exc: 95,
      unit_rate_inc: 114.95,
      tiers: 1,
    });
    const sorted = await t.api('GET', '/api/product?sort=-item_name', { token: a.token });
    const names = sorted.body.data.map((r: { item_name: string }) => r.item_name);
    expect(names).toEqual([...names].sort((x: string, y: string) => y.localeCompare(x, 'nl')));
    expect((await t.api('GET', '/api/product?sort=prijs', { token: a.token })).status).toBe(422);
    const hits = await t.api('GET', '/api/company/getpossibleproducts?query=hoog', { token: a.token });
    expect(hits.body.map((h: { item_name: string }) => h.item_name)).toEqual(['Hoogrendementsglas HR++']);
    expect(
      (await t.api('GET', '/api/company/getpossibleproducts?query=hoog', { token: b.token })).body,
    ).toEqual([]);
  });

  it('approves, trashes and restores; price rows clear', async () => {
    const p = await createTestProduct(t, a.token, { item_name: 'Concept', status: 'concept' }, [[0, 1]]);
    expect(
      (await t.api('GET', '/api/company/getpossibleproducts?query=concept', { token: a.token })).body,
    ).toEqual([]);
    expect((await t.api('POST', `/api/product/${p.id}/approve`, { token: a.token })).body.status).toBe(
      'approved',
    );
    expect(
      (await t.api('POST', `/api/product/${p.id}/clearrows`, { token: a.token })).body.producttablerows,
    ).toEqual([]);
    expect((await t.api('DELETE', `/api/product/${p.id}`, { token: a.token })).status).toBe(200);
    const trash = await t.api('GET', '/api/product?trashed=1&query=concept', { token: a.token });
    expect(trash.body.data.map((r: { id: number }) => r.id)).toEqual([p.id]);
    expect(
      (await t.api('PATCH', `/api/product/${p.id}`, { token: a.token, body: { item_name: 'x' } })).status,
    ).toBe(404);
    expect(
      (await t.api('POST', `/api/product/${p.id}/restore`, { token: a.token })).body.deleted_at,
    ).toBeNull();
  });

  it('another company gets 404 for every product and price row id', async () => {
    const p = await createTestProduct(t, a.token, { item_name: 'Geheim' }, [[0, 5]]);
    const row = p.producttablerows[0].id;
    for (const [method, path, body] of [
      ['GET', `/api/product/${p.id}`],
      ['PATCH', `/api/product/${p.id}`, { item_name: 'Van mij' }],
      ['DELETE', `/api/product/${p.id}`],
      ['POST', `/api/product/${p.id}/approve`],
      ['POST', `/api/product/${p.id}/clearrows`],
      ['GET', `/api/producttablerow/${row}`],
      ['PATCH', `/api/producttablerow/${row}`, { unit_rate_exc: 1 }],
      ['DELETE', `/api/producttablerow/${row}`],
      ['POST', '/api/producttablerow', { product_id: p.id, unit_rate_exc: 1 }],
    ] as const) {
      const res = await t.api(method, path, { token: b.token, body });
      expect(res.status, `${method} ${path}`).toBe(404);
    }
    expect((await t.api('GET', '/api/product?query=geheim', { token: b.token })).body.pagination.total).toBe(
      0,
    );
    expect((await t.api('GET', `/api/product/${p.id}`, { token: a.token })).body.item_name).toBe('Geheim');
  });
});
