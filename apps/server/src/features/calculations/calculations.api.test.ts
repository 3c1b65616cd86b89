import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createSalesCompany,
  createTestProduct,
  createTestRelation,
  logCount,
} from '../../../test/crm-factories';
import { startTestServer, type TestServer } from '../../../test/test-server';

let t: TestServer;
let a: { companyId: number; token: string };
let b: { companyId: number; token: string };
let flowId: number;
let panel: { id: number };

beforeAll(async () => {
  t = await startTestServer({ work: false });
  a = await createSalesCompany(t, { name: 'Calc A' });
  b = await createSalesCompany(t, { name: 'Calc B' });
  flowId = (await createTestRelation(t, a.token, { createnewflow: true })).flows[0].id;
  panel = await createTestProduct(
    t,
    a.token,
    { item_name: 'Zonnepaneel 410 Wp', percentage_vat_0: 100, percentage_vat_21: 0 },
    [
      [0, 179],
      [10, 165],
    ],
  );
});
afterAll(async () => t?.close());

async function newCalculation(token = a.token, body: Record<string, unknown> = { flow_id: flowId }) {
  const res = await t.api('POST', '/api/calculation', { token, body });
  expect(res.status).toBe(201);
  return res.body;
}

const addItem = async (body: Record<string, unknown>, token = a.token) => {
  const res = await t.api('POST', '/api/calculationitem', { token, body });
  if (res.status !== 201) throw new Error(`${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
};

describe('calculations', () => {
  it('builds a calculation with a tiered product, a manual line, a header and a discount, to the cent', async () => {
    const c = await newCalculation();
    expect(c).toMatchObject({ flow_id: flowId, calculationitems: [], amount_inc_vat: 0, colspan: 3 });
    expect(
      c.calculationitemColumns
        .filter((x: { selected: boolean }) => x.selected)
        .map((x: { tag: string }) => x.tag),
    ).toEqual(['description', 'product_amount', 'unit_rate_inc_start', 'total_inc']);
    await addItem({ calculation_id: c.id, item_type: 'header', item_name: 'Zonnestroominstallatie' });
    const line = await addItem({
      calculation_id: c.id,
      item_type: 'product',
      product_id: panel.id,
      product_amount: 12,
    });
    expect(line).toMatchObject({
      item_name: 'Zonnepaneel 410 Wp',
      unit_rate_exc: 165,
      total_exc: 1980,
      vat_percentage: 0,
      pricing: { calc_base: 'exc' },
    });
    await addItem({ calculation_id: c.id, item_name: 'Meterkast aanpassen', unit_rate_exc_manual: '250,00' });
    const patched = await t.api('PATCH', `/api/calculation/${c.id}`, {
      token: a.token,
      body: { discount: 10 },
    });
    expect(patched.status).toBe(200);
    // 0 %: 1980 - 198 = 1782; 21 %: 250 - 25 = 225, VAT 47.25.
    expect(patched.body).toMatchObject({
      amount_exc_vat_0: 1782,
      amount_exc_vat_21: 225,
      amount_vat_21: 47.25,
      amount_exc_vat: 2007,
      amount_inc_vat: 2054.25,
      amount_exc_vat_exc_discount: 2230,
      amount_discount_exc: 223,
    });
    // The stored totals (lists) agree with the computed ones.
    const list = await t.api('GET', `/api/calculation?flow_id=${flowId}`, { token: a.token });
    expect(list.body.find((r: { id: number }) => r.id === c.id)).toMatchObject({
      items: 3,
      amount_inc_vat: 2054.25,
    });
    // Amount below the tier: 8 panels at 179.
    const eight = await t.api('PATCH', `/api/calculationitem/${line.id}`, {
      token: a.token,
      body: { product_amount: 8 },
    });
    expect(eight.body).toMatchObject({ unit_rate_exc: 179, total_exc: 1432 });
    expect(await logCount(t, 'calculationitem', line.id, 'update')).toBe(1);
  });

  it('switches, duplicates after the original, splits per rate, reorders and deletes lines', async () => {
    const c = await newCalculation();
    const first = await addItem({
      calculation_id: c.id,
      item_name: 'Spouwmuurisolatie',
      product_amount: 65,
      unit_rate_exc_manual: 24.5,
      percentage_vat_9: 40,
      percentage_vat_21: 60,
    });
    const second = await addItem({
      calculation_id: c.id,
      item_name: 'Optie: kierdichting',
      unit_rate_exc_manual: 80,
    });
    const off = await t.api('POST', `/api/calculationitem/${second.id}/switchselection`, { token: a.token });
    expect(off.body).toMatchObject({ selected: false, counts: false });
    const copy = await t.api('POST', `/api/calculationitem/${first.id}/duplicate`, { token: a.token });
    expect(copy.status).toBe(201);
    let full = (await t.api('GET', `/api/calculation/${c.id}`, { token: a.token })).body;
    expect(full.calculationitems.map((i: { id: number }) => i.id)).toEqual([
      first.id,
      copy.body.id,
      second.id,
    ]);
    // VAT per rate on the sum of both lines: 1274.00 x 9 % = 114.66; 1911.00 x 21 % = 401.31.
    expect(full.amount_inc_vat).toBe(3700.97);
    const parts = await t.api('POST', `/api/calculationitem/${first.id}/split`, { token: a.token });
    expect(parts.status).toBe(200);
    expect(
      parts.body.map((p: { vat_percentage: number; total_exc: number }) => [p.vat_percentage, p.total_exc]),
    ).toEqual([
      [9, 637],
      [21, 955.5],
    ]);
    full = (await t.api('GET', `/api/calculation/${c.id}`, { token: a.token })).body;
    expect(full.amount_inc_vat).toBe(3700.97);
    expect((await t.api('POST', `/api/calculationitem/${second.id}/split`, { token: a.token })).status).toBe(
      422,
    );
    const order = full.calculationitems.map((i: { id: number }) => i.id).reverse();
    const reordered = await t.api('POST', `/api/calculation/${c.id}/updateorder`, {
      token: a.token,
      body: { items: order.map((id: number, i: number) => ({ id, order: i })) },
    });
    expect(reordered.body.calculationitems.map((i: { id: number }) => i.id)).toEqual(order);
    // A line under another, and refused: a line under itself.
    const nested = await t.api('POST', `/api/calculation/${c.id}/updateorder`, {
      token: a.token,
      body: { items: [{ id: second.id, order: 0, calculationitem_id: copy.body.id }] },
    });
    expect(nested.body.calculationitems.find((i: { id: number }) => i.id === second.id)).toMatchObject({
      depth: 1,
      calculationitem_id: copy.body.id,
    });
    const loop = await t.api('POST', `/api/calculation/${c.id}/updateorder`, {
      token: a.token,
      body: { items: [{ id: copy.body.id, order: 0, calculationitem_id: second.id }] },
    });
    expect(loop.status).toBe(422);
    expect((await t.api('DELETE', `/api/calculationitem/${copy.body.id}`, { token: a.token })).status).toBe(
      200,
    );
    full = (await t.api('GET', `/api/calculation/${c.id}`, { token: a.token })).body;
    // The sub-line went with its parent.
    expect(full.calculationitems.map((i: { id: number }) => i.id)).not.toContain(second.id);
    expect(
      (await t.api('POST', `/api/calculation/${c.id}/empty`, { token: a.token })).body.calculationitems,
    ).toEqual([]);
  });

  it('adds sub-lines per unit of their parent, lines under a header, and additional work', async () => {
    const c = await newCalculation();
    const set = await addItem({
      calculation_id: c.id,
      item_name: 'Montageset',
      product_amount: 12,
      unit_rate_exc_manual: 0,
    });
    const sub = await addItem({
      calculation_id: c.id,
      item_name: 'Dakhaak',
      product_amount: 4,
      unit_rate_exc_manual: 2.5,
      calculationitem_id: set.id,
    });
    expect(sub).toMatchObject({ depth: 1, calculationitem_id: set.id, quantity: 48, total_exc: 120 });
    const header = await addItem({ calculation_id: c.id, item_type: 'header', item_name: 'Meerwerk' });
    const extra = await addItem({
      calculation_id: c.id,
      item_name: 'Extra groep',
      unit_rate_exc_manual: 150,
      calculationitem_id: header.id,
      additionalwork: 1,
    });
    expect(extra).toMatchObject({ depth: 1, quantity: 1, additionalwork: true, counts: true });
    const full = (await t.api('GET', `/api/calculation/${c.id}`, { token: a.token })).body;
    expect(full.calculationitems.map((i: { id: number }) => i.id)).toEqual([
      set.id,
      sub.id,
      header.id,
      extra.id,
    ]);
    expect(full.calculationitems[0].subitems).toEqual([sub.id]);
    expect(full.amount_exc_vat).toBe(270);
    // A parent from another calculation is refused.
    const other = await newCalculation();
    expect(
      (
        await t.api('POST', '/api/calculationitem', {
          token: a.token,
          body: { calculation_id: other.id, item_name: 'x', calculationitem_id: set.id },
        })
      ).status,
    ).toBe(404);
  });

  it('prices a matrix product from the line width and height', async () => {
    const p = await createTestProduct(
      t,
      a.token,
      {
        item_name: 'Rolluik',
        matrix: {
          x_label: 'breedte',
          y_label: 'hoogte',
          x: [1000, 1500],
          y: [1000, 1500],
          rates: [
            [289, 339],
            [329, 389],
          ],
        },
      },
      [[0, 289]],
    );
    const c = await newCalculation();
    const line = await addItem({
      calculation_id: c.id,
      item_type: 'product',
      product_id: p.id,
      matrix_x: 1200,
      matrix_y: 1400,
    });
    expect(line).toMatchObject({
      matrix_x: 1200,
      matrix_y: 1400,
      unit_rate_exc: 389,
      total_exc: 389,
      matrix_missing: false,
    });
    const beyond = await t.api('PATCH', `/api/calculationitem/${line.id}`, {
      token: a.token,
      body: { matrix_x: 2000 },
    });
    expect(beyond.body).toMatchObject({ total_exc: 0, matrix_missing: true });
    expect(
      (await t.api('PATCH', `/api/calculationitem/${line.id}`, { token: a.token, body: { matrix_y: -1 } }))
        .status,
    ).toBe(422);
  });

  it('saves as a standard calculation, starts new ones from it, resets to it and lists it', async () => {
    const c = await newCalculation();
    await addItem({ calculation_id: c.id, item_type: 'product', product_id: panel.id, product_amount: 10 });
    await t.api('POST', `/api/calculation/${c.id}/updaterowcolumnarray`, {
      token: a.token,
      body: {
        calculationitemColumns: [
          { tag: 'description', description: 'Omschrijving', selected: true },
          { tag: 'total_exc', description: 'Totaal', selected: true },
        ],
      },
    });
    const template = await t.api('POST', `/api/calculation/${c.id}/saveastemplate`, {
      token: a.token,
      body: { name: 'Zon 10 panelen' },
    });
    expect(template.status).toBe(201);
    expect(template.body).toMatchObject({
      calculationtemplate: true,
      flow_id: null,
      amount_exc_vat: 1650,
      colspan: 1,
    });
    const names = (await t.api('GET', '/api/calculation/indextemplates', { token: a.token })).body.map(
      (r: { name: string }) => r.name,
    );
    expect(names).toContain('Zon 10 panelen');
    const fromTemplate = await newCalculation(a.token, { flow_id: flowId, template_id: template.body.id });
    expect(fromTemplate).toMatchObject({ template_id: template.body.id, amount_exc_vat: 1650 });
    await t.api('POST', `/api/calculation/${fromTemplate.id}/empty`, { token: a.token });
    const reset = await t.api('POST', `/api/calculation/${fromTemplate.id}/resettotemplate`, {
      token: a.token,
      body: {},
    });
    expect(reset.body.calculationitems).toHaveLength(1);
    expect(
      (await t.api('POST', `/api/calculation/${c.id}/resettotemplate`, { token: a.token, body: {} })).status,
    ).toBe(422);
    expect(
      (
        await t.api('POST', '/api/calculation', {
          token: b.token,
          body: { calculationtemplate: 1, name: 'x' },
        })
      ).status,
    ).toBe(201);
    // Another company's template cannot be used.
    const foreign = await t.api('POST', '/api/calculation', {
      token: b.token,
      body: { calculationtemplate: 1, template_id: template.body.id },
    });
    expect(foreign.status).toBe(422);
  });

  it('reloads product lines from the catalogue and adds all products', async () => {
    const c = await newCalculation();
    const p = await createTestProduct(t, a.token, { item_name: 'Omvormer' }, [[0, 850]]);
    const line = await addItem({
      calculation_id: c.id,
      item_type: 'product',
      product_id: p.id,
      product_amount: 1,
    });
    expect(line.total_exc).toBe(850);
    await t.api(
      'PATCH',
      `/api/producttablerow/${(await t.api('GET', `/api/product/${p.id}`, { token: a.token })).body.producttablerows[0].id}`,
      {
        token: a.token,
        body: { unit_rate_exc: 900 },
      },
    );
    // A sent quotation's copy does not move by itself ...
    expect((await t.api('GET', `/api/calculation/${c.id}`, { token: a.token })).body.amount_exc_vat).toBe(
      850,
    );
    // ... until the lines are reloaded.
    expect(
      (await t.api('POST', `/api/calculation/${c.id}/reloadoriginitems`, { token: a.token })).body
        .amount_exc_vat,
    ).toBe(900);
    const all = await t.api('POST', `/api/calculation/${c.id}/addall`, { token: a.token, body: {} });
    expect(all.status).toBe(200);
    expect(all.body.calculationitems.length).toBeGreaterThan(2);
  });

  it('answers the customer view by hash without internal fields', async () => {
    const c = await newCalculation();
    await addItem({
      calculation_id: c.id,
      item_type: 'product',
      product_id: panel.id,
      product_amount: 2,
      custom_item_name: 'Paneel',
    });
    const res = await t.api('GET', `/api/calculation/${c.hash}/getbycustomer`);
    expect(res.status).toBe(200);
    expect(res.body.calculationitems[0]).toEqual(
      expect.objectContaining({ item_name: 'Paneel', total_inc: 358 }),
    );
    expect(res.body.calculationitems[0].pricing).toBeUndefined();
    expect(res.body.hash).toBeUndefined();
    expect((await t.api('GET', '/api/calculation/onbekendeonbekende12/getbycustomer')).status).toBe(404);
  });

  it('refuses bad numbers and input with 422, never 5xx, and writes nothing', async () => {
    const c = await newCalculation();
    const line = await addItem({ calculation_id: c.id, item_name: 'Regel', unit_rate_exc_manual: 10 });
    for (const body of [
      { product_amount: -1 },
      { product_amount: 1e308 },
      { product_amount: 'NaN' },
      { product_amount: 'tien' },
      { discount_percentage: 101 },
      { percentage_vat_9: 50 },
      { vat_percentage: 19 },
      { unit_rate_exc_manual: '1e308' },
    ]) {
      const res = await t.api('PATCH', `/api/calculationitem/${line.id}`, { token: a.token, body });
      expect({ body, status: res.status }).toEqual({ body, status: 422 });
    }
    expect(
      (await t.api('PATCH', `/api/calculation/${c.id}`, { token: a.token, body: { discount: -5 } })).status,
    ).toBe(422);
    expect(
      (
        await t.api('POST', '/api/calculationitem', {
          token: a.token,
          body: { calculation_id: c.id, item_type: 'product' },
        })
      ).status,
    ).toBe(422);
    const after = (await t.api('GET', `/api/calculation/${c.id}`, { token: a.token })).body;
    expect(after.calculationitems).toHaveLength(1);
    expect(after.amount_exc_vat).toBe(10);
  });

  it('refuses 6 % VAT on new products and lines in Dutch; a product or line that has it keeps computing', async () => {
    const closed = 'Het btw-tarief van 6% bestaat sinds 2019 niet meer; kies 9% of 21%.';
    const newProduct = await t.api('POST', '/api/product', {
      token: a.token,
      body: { item_name: 'Verf', percentage_vat_6: 100, percentage_vat_21: 0 },
    });
    expect(newProduct.status).toBe(422);
    expect(newProduct.body).toEqual({ message: closed, errors: { percentage_vat_6: [closed] } });
    const paint = (await t.api('POST', '/api/product', { token: a.token, body: { item_name: 'Verf' } })).body;
    const raised = await t.api('PATCH', `/api/product/${paint.id}`, {
      token: a.token,
      body: { percentage_vat_6: 50, percentage_vat_21: 50 },
    });
    expect(raised.status).toBe(422);
    expect(raised.body.message).toBe(closed);

    const c = await newCalculation();
    for (const body of [
      { calculation_id: c.id, item_name: 'Schilderwerk', unit_rate_exc_manual: 100, vat_percentage: 6 },
      {
        calculation_id: c.id,
        item_name: 'Schilderwerk',
        unit_rate_exc_manual: 100,
        percentage_vat_6: 100,
        percentage_vat_21: 0,
      },
    ]) {
      const res = await t.api('POST', '/api/calculationitem', { token: a.token, body });
      expect(res.status).toBe(422);
      expect(res.body.message).toBe(closed);
    }
    const line = await addItem({
      calculation_id: c.id,
      item_name: 'Schilderwerk',
      unit_rate_exc_manual: 100,
    });
    const lineTo6 = await t.api('PATCH', `/api/calculationitem/${line.id}`, {
      token: a.token,
      body: { vat_percentage: 6 },
    });
    expect(lineTo6.status).toBe(422);
    expect(lineTo6.body.errors).toEqual({ vat_percentage: [closed] });
    expect((await t.api('GET', `/api/calculation/${c.id}`, { token: a.token })).body.amount_vat_21).toBe(21);

    // Data from before 2019: the product and the line had 6 % already.
    await t.server.deps.db.platform(async (tx) => {
      await tx.execute(
        `update product set percentage_vat_6 = 100, percentage_vat_21 = 0, vat_percentage = 6 where id = ${paint.id}` as never,
      );
      await tx.execute(
        `update calculation_item set percentage_vat_6 = 100, percentage_vat_21 = 0, vat_percentage = 6 where id = ${line.id}` as never,
      );
    });
    const renamed = await t.api('PATCH', `/api/product/${paint.id}`, {
      token: a.token,
      body: { item_name: 'Verf (oud)', percentage_vat_6: 100 },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body.percentage_vat_6).toBe(100);
    const oldLine = await t.api('PATCH', `/api/calculationitem/${line.id}`, {
      token: a.token,
      body: { product_amount: 2, vat_percentage: 6 },
    });
    expect(oldLine.status).toBe(200);
    const computed = (await t.api('GET', `/api/calculation/${c.id}`, { token: a.token })).body;
    expect(computed).toMatchObject({ amount_exc_vat_6: 200, amount_vat_6: 12, amount_inc_vat: 212 });
    // The old product still goes onto a calculation with its own rate.
    const fromOld = await addItem({ calculation_id: c.id, item_type: 'product', product_id: paint.id });
    expect(fromOld.percentage_vat_6).toBe(100);
  });

  it('an update that names nothing answers the calculation as it is', async () => {
    const c = await newCalculation();
    for (const path of [`/api/calculation/${c.id}`, `/api/calculation/${c.id}/updaterowcolumnarray`]) {
      const res = await t.api(path.endsWith('array') ? 'POST' : 'PATCH', path, { token: a.token, body: {} });
      expect(res.status, path).toBe(200);
      expect(res.body.id).toBe(c.id);
      expect(res.body.name).toBe(c.name);
    }
  });

  it('another company gets 404 for every calculation and item id and sees none in its lists', async () => {
    const c = await newCalculation();
    const item = await addItem({ calculation_id: c.id, item_name: 'Geheim', unit_rate_exc_manual: 1 });
    for (const [method, path, body] of [
      ['GET', `/api/calculation/${c.id}`],
      ['PATCH', `/api/calculation/${c.id}`, { discount: 1 }],
      ['DELETE', `/api/calculation/${c.id}`],
      ['POST', `/api/calculation/${c.id}/calculate`],
      ['POST', `/api/calculation/${c.id}/empty`],
      ['POST', `/api/calculation/${c.id}/addall`, {}],
      ['POST', `/api/calculation/${c.id}/split`],
      ['POST', `/api/calculation/${c.id}/reloadoriginitems`],
      ['POST', `/api/calculation/${c.id}/updateorder`, { items: [{ id: item.id, order: 1 }] }],
      ['POST', `/api/calculation/${c.id}/updaterowcolumnarray`, {}],
      ['POST', `/api/calculation/${c.id}/saveastemplate`, { name: 'x' }],
      ['POST', `/api/calculation/${c.id}/resettotemplate`, {}],
      ['GET', `/api/calculationitem/${item.id}`],
      ['PATCH', `/api/calculationitem/${item.id}`, { product_amount: 2 }],
      ['DELETE', `/api/calculationitem/${item.id}`],
      ['POST', `/api/calculationitem/${item.id}/duplicate`],
      ['POST', `/api/calculationitem/${item.id}/split`],
      ['POST', `/api/calculationitem/${item.id}/switchselection`],
      ['POST', '/api/calculationitem', { calculation_id: c.id, item_name: 'x' }],
      ['POST', '/api/calculation', { flow_id: flowId }],
    ] as const) {
      const res = await t.api(method, path, { token: b.token, body });
      expect(res.status, `${method} ${path}`).toBe(404);
    }
    // B's own calculation cannot take A's product.
    const own = await newCalculation(b.token, { calculationtemplate: 1, name: 'B' });
    expect(
      (
        await t.api('POST', '/api/calculationitem', {
          token: b.token,
          body: { calculation_id: own.id, item_type: 'product', product_id: panel.id },
        })
      ).status,
    ).toBe(404);
    expect((await t.api('GET', `/api/calculation?flow_id=${flowId}`, { token: b.token })).body).toEqual([]);
    expect(
      (await t.api('GET', `/api/calculation/${c.id}`, { token: a.token })).body.calculationitems,
    ).toHaveLength(1);
  });
});
