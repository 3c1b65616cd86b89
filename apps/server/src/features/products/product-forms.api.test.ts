import { FORM_MESSAGES } from '@im/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSalesCompany } from '../../../test/crm-factories';
import { type ApiResponse, startTestServer, type TestServer } from '../../../test/test-server';
import { PRODUCT_FORM_MESSAGES } from './product-forms';

type Company = { companyId: number; token: string };
let t: TestServer;
let a: Company;
let b: Company;
let roof: { id: number; count: number; shape: number; hidden: number };
let room: { id: number; area: number };
let other: { id: number; field: number };

async function ok(res: Promise<ApiResponse>, status = 200): Promise<ApiResponse['body']> {
  const r = await res;
  if (r.status !== status) throw new Error(`expected ${status}, got ${r.status}: ${JSON.stringify(r.body)}`);
  return r.body;
}
const newForm = async (c: Company, name: string) =>
  (await ok(t.api('POST', '/api/vertical', { token: c.token, body: { name, type: 'intake' } }), 201)).id;
const newField = async (c: Company, verticalId: number, body: Record<string, unknown>) =>
  (
    await ok(
      t.api('POST', '/api/verticaldatafield', {
        token: c.token,
        body: { vertical_id: verticalId, field_type: 'number', ...body },
      }),
      201,
    )
  ).id;
const create = (c: Company, body: Record<string, unknown>) =>
  t.api('POST', '/api/product', { token: c.token, body: { item_name: 'Zonnepaneel', ...body } });
const patch = (c: Company, id: number, body: Record<string, unknown>) =>
  t.api('PATCH', `/api/product/${id}`, { token: c.token, body });

beforeAll(async () => {
  t = await startTestServer({ work: false });
  a = await createSalesCompany(t, { name: 'Productformulier A' });
  b = await createSalesCompany(t, { name: 'Productformulier B' });
  const roofId = await newForm(a, 'Dakopname');
  roof = {
    id: roofId,
    count: await newField(a, roofId, { field_label: 'Aantal panelen', selectable_in_products: true }),
    shape: await newField(a, roofId, {
      field_label: 'Dakvorm',
      field_type: 'selectbox',
      options: ['plat', 'schuin'],
    }),
    hidden: await newField(a, roofId, { field_label: 'Intern', selectable_in_products: false }),
  };
  const roomId = await newForm(a, 'Ruimteopname');
  room = { id: roomId, area: await newField(a, roomId, { field_label: 'Oppervlakte' }) };
  const otherId = await newForm(b, 'Dakopname B');
  other = { id: otherId, field: await newField(b, otherId, { field_label: 'Aantal' }) };
});
afterAll(async () => t?.close());

describe('a product links to a form and its fields', () => {
  it('accepts a live form of the company with selectable fields of that form; 0 is no amount field', async () => {
    const res = await create(a, {
      data_origin: 'fromobject',
      vertical_id: roof.id,
      alternativeamount_id: roof.count,
      togglefield_id: roof.shape,
      togglefield_operator: 'isnotsame',
      togglefield_value: 'plat',
      toggle2field_id: roof.count,
      toggle2field_operator: 'isfilledin',
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      data_origin: 'fromobject',
      vertical_id: roof.id,
      alternativeamount_id: roof.count,
      togglefield_id: roof.shape,
      togglefield_operator: 'isnotsame',
      togglefield_value: 'plat',
      toggle2field_id: roof.count,
      toggle2field_operator: 'isfilledin',
      toggle3field_id: null,
    });
    const none = await ok(patch(a, res.body.id, { alternativeamount_id: 0 }));
    expect(none).toMatchObject({
      vertical_id: roof.id,
      alternativeamount_id: null,
      togglefield_id: roof.shape,
    });
    // Saving the product again with its links unchanged is fine, as is clearing them.
    const again = await ok(
      patch(a, res.body.id, { item_name: 'Paneel', vertical_id: roof.id, togglefield_id: roof.shape }),
    );
    expect(again.item_name).toBe('Paneel');
    const cleared = await ok(
      patch(a, res.body.id, { vertical_id: null, togglefield_id: null, toggle2field_id: null }),
    );
    expect(cleared).toMatchObject({ vertical_id: null, togglefield_id: null, toggle2field_id: null });
  });

  it('refuses a form that is unknown, archived or of another company', async () => {
    const archived = await newForm(a, 'Oude opname');
    await ok(t.api('DELETE', `/api/vertical/${archived}`, { token: a.token }));
    for (const [id, message] of [
      [archived, FORM_MESSAGES.verticalArchived],
      [other.id, FORM_MESSAGES.verticalNotFound],
      [999_999_999, FORM_MESSAGES.verticalNotFound],
    ] as const) {
      const res = await create(a, { vertical_id: id });
      expect(res.status, String(id)).toBe(422);
      expect(res.body).toEqual({ message, errors: { vertical_id: [message] } });
    }
    const p = await ok(create(a, { vertical_id: roof.id }), 201);
    const res = await patch(a, p.id, { vertical_id: other.id });
    expect(res.body.errors).toEqual({ vertical_id: [FORM_MESSAGES.verticalNotFound] });
    expect((await ok(t.api('GET', `/api/product/${p.id}`, { token: a.token }))).vertical_id).toBe(roof.id);
  });

  it('refuses a field of another form or company, an unselectable field, and a field without a form', async () => {
    const wrong = await create(a, {
      vertical_id: roof.id,
      alternativeamount_id: room.area,
      togglefield_id: other.field,
      toggle2field_id: roof.hidden,
      toggle3field_id: roof.shape,
    });
    expect(wrong.status).toBe(422);
    expect(wrong.body.message).toBe(PRODUCT_FORM_MESSAGES.fieldNotOfForm);
    expect(wrong.body.errors).toEqual({
      alternativeamount_id: [PRODUCT_FORM_MESSAGES.fieldNotOfForm],
      togglefield_id: [PRODUCT_FORM_MESSAGES.fieldNotOfForm],
      toggle2field_id: ['Dit veld is niet te kiezen in producten.'],
    });

    const p = await ok(create(a, { vertical_id: null }), 201);
    expect(p.vertical_id).toBeNull();
    const loose = await patch(a, p.id, { togglefield_id: roof.shape });
    expect(loose.status).toBe(422);
    expect(loose.body.errors).toEqual({ togglefield_id: [PRODUCT_FORM_MESSAGES.formRequired] });
    const foreign = await patch(a, p.id, { vertical_id: room.id, alternativeamount_id: other.field });
    expect(foreign.body.errors).toEqual({ alternativeamount_id: [PRODUCT_FORM_MESSAGES.fieldNotOfForm] });
    expect((await ok(t.api('GET', `/api/product/${p.id}`, { token: a.token }))).vertical_id).toBeNull();
  });

  it('a field the user already chose stays savable when made unselectable; a new form drops the old fields', async () => {
    const field = await newField(a, room.id, { field_label: 'Ramen' });
    const p = await ok(create(a, { vertical_id: room.id, togglefield_id: field }), 201);
    await ok(
      t.api('PATCH', `/api/verticaldatafield/${field}`, {
        token: a.token,
        body: { selectable_in_products: false },
      }),
    );
    expect((await ok(patch(a, p.id, { item_name: 'Ramen', togglefield_id: field }))).togglefield_id).toBe(
      field,
    );
    const moved = await ok(patch(a, p.id, { vertical_id: roof.id, alternativeamount_id: roof.count }));
    expect(moved).toMatchObject({
      vertical_id: roof.id,
      alternativeamount_id: roof.count,
      togglefield_id: null,
    });
  });

  it('a new product without a form gets the company only live form', async () => {
    const c = await createSalesCompany(t, { name: 'Productformulier C' });
    expect((await ok(create(c, {}), 201)).vertical_id).toBeNull();
    const first = await newForm(c, 'Enige opname');
    const amount = await newField(c, first, { field_label: 'Aantal' });
    expect(
      await ok(create(c, { data_origin: 'fromobject', alternativeamount_id: amount }), 201),
    ).toMatchObject({ vertical_id: first, alternativeamount_id: amount });
    expect((await ok(create(c, { vertical_id: null }), 201)).vertical_id).toBeNull();
    const manual = await ok(create(c, {}), 201);
    expect(manual.vertical_id).toBe(first);
    // An update never picks a form.
    await ok(patch(c, manual.id, { vertical_id: null }));
    expect((await ok(patch(c, manual.id, { item_name: 'Nog steeds geen' }))).vertical_id).toBeNull();
    // With a second live form nothing is picked; an archived one does not count.
    const second = await newForm(c, 'Tweede opname');
    expect((await ok(create(c, {}), 201)).vertical_id).toBeNull();
    await ok(t.api('DELETE', `/api/vertical/${second}`, { token: c.token }));
    expect((await ok(create(c, {}), 201)).vertical_id).toBe(first);
    // Another company's single form is not this company's.
    const d = await createSalesCompany(t, { name: 'Productformulier D' });
    expect((await ok(create(d, {}), 201)).vertical_id).toBeNull();
  });
});
