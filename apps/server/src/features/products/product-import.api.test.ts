import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { moduleIdsByTag } from '../../../test/admin-factories';
import { createSalesCompany, createTestProduct, waitForBatch } from '../../../test/crm-factories';
import { ADMIN, startTestServer, type TestServer } from '../../../test/test-server';

let t: TestServer;
let a: { companyId: number; token: string };
let b: { companyId: number; token: string };

beforeAll(async () => {
  t = await startTestServer();
  a = await createSalesCompany(t, { name: 'Import A' });
  b = await createSalesCompany(t, { name: 'Import B' });
});
afterAll(async () => t?.close());

/** A multipart upload of one file named `file`, as the browser sends it. */
async function upload(path: string, token: string, content: Buffer | string, name: string) {
  const form = new FormData();
  form.append('file', new Blob([content]), name);
  const res = await fetch(`${t.baseUrl}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  // biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary JSON answers
  return { status: res.status, body: (await res.json()) as any };
}

async function download(path: string, token: string) {
  const res = await fetch(`${t.baseUrl}${path}`, { headers: { authorization: `Bearer ${token}` } });
  return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
}

async function sheetRows(bytes: Buffer): Promise<string[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  const rows: string[][] = [];
  workbook.worksheets[0]!.eachRow((row) =>
    rows.push((row.values as unknown[]).slice(1).map((v) => String(v ?? ''))),
  );
  return rows;
}

const productNames = async (token: string, query: string) =>
  (await t.api('GET', `/api/product?query=${encodeURIComponent(query)}&limit=100`, { token })).body.data.map(
    (p: { item_name: string }) => p.item_name,
  );

describe('product import and export', () => {
  it('exports the catalogue and reads it back unchanged', async () => {
    await createTestProduct(t, a.token, { item_name: 'Exportpaneel', external_reference: 'EXP-1' }, [
      [0, 179],
      [10, 165],
    ]);
    const file = await download(`/api/company/${a.companyId}/exportproducts`, a.token);
    expect(file.status).toBe(200);
    expect(file.headers.get('x-filename')).toMatch(/^producten-\d+-\d{4}-\d{2}-\d{2}\.xlsx$/);
    const rows = await sheetRows(file.bytes);
    expect(rows[0]).toContain('tiers');
    const line = rows.find((r) => r.includes('Exportpaneel'))!;
    expect(line[rows[0]!.indexOf('tiers')]).toBe('0:179;10:165');
    const preview = await upload(
      `/api/company/${a.companyId}/importproducts?preview=1`,
      a.token,
      file.bytes,
      'producten.xlsx',
    );
    expect(preview).toEqual({
      status: 200,
      body: { rows: rows.length - 1, create: 0, update: rows.length - 1, errors: [] },
    });
    const before = (await t.api('GET', '/api/product?query=exportpaneel', { token: a.token })).body.data[0];
    const run = await upload(
      `/api/company/${a.companyId}/importproducts`,
      a.token,
      file.bytes,
      'producten.xlsx',
    );
    expect(run.status).toBe(200);
    expect((await waitForBatch(t, a.token, run.body.batchId)).cancelledAt).toBeNull();
    const after = (await t.api('GET', `/api/product/${before.id}`, { token: a.token })).body;
    expect(
      after.producttablerows.map((r: { unit_amount: number; unit_rate_exc: number }) => [
        r.unit_amount,
        r.unit_rate_exc,
      ]),
    ).toEqual([
      [0, 179],
      [10, 165],
    ]);
    expect(after.external_reference).toBe('EXP-1');
  });

  it('reads a csv with ; and a Dutch decimal comma: creates new products, updates by external reference', async () => {
    const csv = [
      'item_name;external_reference;percentage_vat_9;percentage_vat_21;unit_of_measurement;tiers',
      'Spouwmuurisolatie;ISO-1;100;0;m2;0:24,50',
      'Vloerisolatie;ISO-2;100;0;m2;"0:32;40:29,5"',
      '',
      'Exportpaneel nieuw;EXP-1;0;100;stuks;0:200',
    ].join('\n');
    const preview = await upload(
      `/api/company/${a.companyId}/importproducts?preview=1`,
      a.token,
      csv,
      'isolatie.csv',
    );
    expect(preview.body).toEqual({ rows: 3, create: 2, update: 1, errors: [] });
    const run = await upload(`/api/company/${a.companyId}/importproducts`, a.token, csv, 'isolatie.csv');
    await waitForBatch(t, a.token, run.body.batchId);
    expect(await productNames(a.token, 'isolatie')).toEqual(['Spouwmuurisolatie', 'Vloerisolatie']);
    const floor = (await t.api('GET', '/api/product?query=vloerisolatie', { token: a.token })).body.data[0];
    expect(floor).toMatchObject({ vat_percentage: 9, unit_rate_exc: 32, unit_rate_inc: 34.88, tiers: 2 });
    expect(await productNames(a.token, 'exportpaneel')).toEqual(['Exportpaneel nieuw']);
  });

  it('names every bad row by its number and writes nothing of the file', async () => {
    const csv = [
      'item_name,percentage_vat_21,tiers',
      'Goed product,100,0:10',
      ',100,0:10',
      'Verkeerde btw,50,0:10',
      'Verkeerde staffel,100,tien',
      'Negatief,100,0:-5',
    ].join('\n');
    const preview = await upload(
      `/api/company/${a.companyId}/importproducts?preview=1`,
      a.token,
      csv,
      'fout.csv',
    );
    expect(preview.body.errors.map((e: { row: number }) => e.row)).toEqual([3, 4, 5, 6]);
    expect(preview.body.errors[0].message).toBe('Rij 3: item_name: Vul een productnaam in.');
    const run = await upload(`/api/company/${a.companyId}/importproducts`, a.token, csv, 'fout.csv');
    expect(run.status).toBe(422);
    expect(run.body.errors.file).toHaveLength(4);
    expect(await productNames(a.token, 'goed product')).toEqual([]);
  });

  it('refuses a new product at 6 % VAT (gone since 2019) by its row', async () => {
    const csv = ['item_name;percentage_vat_6;percentage_vat_21', 'Verf;100;0', 'Kwast;0;100'].join('\n');
    const preview = await upload(
      `/api/company/${a.companyId}/importproducts?preview=1`,
      a.token,
      csv,
      'btw.csv',
    );
    expect(preview.body.errors).toEqual([
      { row: 2, message: 'Rij 2: Het btw-tarief van 6% bestaat sinds 2019 niet meer; kies 9% of 21%.' },
    ]);
    expect((await upload(`/api/company/${a.companyId}/importproducts`, a.token, csv, 'btw.csv')).status).toBe(
      422,
    );
    expect(await productNames(a.token, 'verf')).toEqual([]);
  });

  it('refuses files that are no spreadsheet (415) and a header without item_name (422)', async () => {
    const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
    expect(
      (await upload(`/api/company/${a.companyId}/importproducts?preview=1`, a.token, png, 'foto.csv')).status,
    ).toBe(415);
    expect(
      (await upload(`/api/company/${a.companyId}/importproducts?preview=1`, a.token, 'naam\nx', 'x.csv'))
        .status,
    ).toBe(422);
  });

  it('replaces a product’s price rows and reads a price matrix from a grid', async () => {
    const p = await createTestProduct(t, a.token, { item_name: 'Rolluik', calc_base: 'inc' }, [[0, 1]]);
    const rows = 'vanaf;prijs incl\n0;289\n5;269\n';
    const preview = await upload(
      `/api/product/${p.id}/importproducttablerows?preview=1`,
      a.token,
      rows,
      'staffel.csv',
    );
    expect(preview.body).toEqual({ rows: 2, errors: [] });
    const done = await upload(`/api/product/${p.id}/importproducttablerows`, a.token, rows, 'staffel.csv');
    expect(done.body.producttablerows.map((r: { unit_rate_inc: number }) => r.unit_rate_inc)).toEqual([
      289, 269,
    ]);
    const bad = await upload(
      `/api/product/${p.id}/importproducttablerows`,
      a.token,
      'vanaf;prijs incl\n0;duur\n',
      's.csv',
    );
    expect(bad.status).toBe(422);
    const grid = 'hoogte\\breedte;1000;1500\n1000;289;339\n1500;329;\n';
    const matrix = await upload(`/api/product/${p.id}/importmatrix`, a.token, grid, 'matrix.csv');
    expect(matrix.body.matrix).toEqual({
      x_label: 'breedte',
      y_label: 'hoogte',
      x: [1000, 1500],
      y: [1000, 1500],
      rates: [
        [289, 339],
        [329, null],
      ],
    });
  });

  it('another company gets 404 for every id; only a platform administrator reaches other companies', async () => {
    const p = await createTestProduct(t, a.token, { item_name: 'Van A' }, [[0, 1]]);
    const csv = 'unit_amount;unit_rate_exc\n0;1\n';
    expect((await upload(`/api/product/${p.id}/importproducttablerows`, b.token, csv, 'x.csv')).status).toBe(
      404,
    );
    expect((await upload(`/api/product/${p.id}/importmatrix`, b.token, '0;1\n1;1\n', 'x.csv')).status).toBe(
      404,
    );
    expect(
      (
        await upload(
          `/api/company/${a.companyId}/importproducts?preview=1`,
          b.token,
          'item_name\nx\n',
          'x.csv',
        )
      ).status,
    ).toBe(404);
    expect((await download(`/api/company/${a.companyId}/exportproducts`, b.token)).status).toBe(404);
    expect(
      (await t.api('POST', `/api/company/${a.companyId}/deleteproducts`, { token: b.token })).status,
    ).toBe(403);
  });

  it('a platform administrator copies a catalogue to another company and deletes it again', async () => {
    const admin = await t.login(ADMIN.email, ADMIN.password);
    await moduleIdsByTag(t, admin);
    const target = await createSalesCompany(t, { name: 'Import C' });
    const copy = await t.api('POST', `/api/company/${target.companyId}/copyproductsfromothercompany`, {
      token: admin,
      body: { origin_company_id: a.companyId },
    });
    expect(copy.status).toBe(200);
    expect((await waitForBatch(t, admin, copy.body.batchId)).cancelledAt).toBeNull();
    const copied = (await t.api('GET', '/api/product?query=spouwmuurisolatie', { token: target.token })).body
      .data[0];
    expect(copied).toMatchObject({ item_name: 'Spouwmuurisolatie', unit_rate_exc: 24.5 });
    // The origin keeps its own.
    expect(await productNames(a.token, 'spouwmuurisolatie')).toEqual(['Spouwmuurisolatie']);
    const trash = await t.api('POST', `/api/company/${target.companyId}/deleteproducts`, { token: admin });
    await waitForBatch(t, admin, trash.body.batchId);
    expect((await t.api('GET', '/api/product', { token: target.token })).body.pagination.total).toBe(0);
    expect(
      (await t.api('GET', '/api/product?trashed=1', { token: target.token })).body.pagination.total,
    ).toBeGreaterThan(0);
    const gone = await t.api('POST', `/api/company/${target.companyId}/deleteproductspermanently`, {
      token: admin,
    });
    await waitForBatch(t, admin, gone.body.batchId);
    expect(
      (await t.api('GET', '/api/product?trashed=1', { token: target.token })).body.pagination.total,
    ).toBe(0);
    expect((await t.api('POST', '/api/company/999999/deleteproducts', { token: admin })).status).toBe(404);
  });
});
