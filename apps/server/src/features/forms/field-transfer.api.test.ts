import { FIELD_TRANSFER_COLUMNS, FIELD_TRANSFER_MESSAGES, MAIN_COMPANY_ID } from '@im/domain';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCrmCompany, waitForBatch } from '../../../test/crm-factories';
import { ADMIN, type ApiResponse, startTestServer, type TestServer } from '../../../test/test-server';

let t: TestServer;
let admin: string;
let a: { companyId: number; token: string };
let b: { companyId: number; token: string };
let form: { id: number };

async function ok(res: Promise<ApiResponse>, status = 200): Promise<ApiResponse['body']> {
  const r = await res;
  if (r.status !== status) throw new Error(`expected ${status}, got ${r.status}: ${JSON.stringify(r.body)}`);
  return r.body;
}

async function newVertical(token: string, body: Record<string, unknown>) {
  return ok(t.api('POST', '/api/vertical', { token, body }), 201);
}
async function newField(token: string, verticalId: number, body: Record<string, unknown>) {
  return ok(
    t.api('POST', '/api/verticaldatafield', { token, body: { vertical_id: verticalId, ...body } }),
    201,
  );
}

/** A multipart upload of one file named `file`, as the browser sends it. */
async function upload(path: string, token: string, content: Buffer | string, name: string) {
  const body = new FormData();
  body.append('file', new Blob([content]), name);
  const res = await fetch(`${t.baseUrl}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body,
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
    rows.push(
      Array.from({ length: FIELD_TRANSFER_COLUMNS.length }, (_, i) =>
        String((row.values as unknown[])[i + 1] ?? ''),
      ),
    ),
  );
  return rows;
}

/** Every form and field of a company as stored, timestamps included: what "nothing changed" compares. */
async function snapshot(companyId: number) {
  return t.server.deps.db.platform(async (tx) => ({
    forms: (
      await tx.execute(
        sql`select id, name, type, archived, updated_at from vertical where company_id = ${companyId} order by id`,
      )
    ).rows,
    fields: (
      await tx.execute(sql`select * from vertical_data_field where company_id = ${companyId} order by id`)
    ).rows,
  }));
}

const path = (companyId: number, action: string) => `/api/company/${companyId}/${action}`;

async function runImport(companyId: number, content: Buffer | string, name: string) {
  const started = await upload(path(companyId, 'importverticaldatafields'), admin, content, name);
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  const done = await waitForBatch(t, admin, started.body.batchId);
  expect(done.cancelledAt).toBeNull();
  return ok(
    t.api('GET', `${path(companyId, 'importverticaldatafields')}/${started.body.batchId}`, { token: admin }),
  );
}

beforeAll(async () => {
  t = await startTestServer();
  admin = await t.login(ADMIN.email, ADMIN.password);
  a = await createCrmCompany(t, { name: 'Formulieren export A' });
  b = await createCrmCompany(t, { name: 'Formulieren bibliotheek B' });
  form = await newVertical(a.token, { name: 'Zonnepanelen opname', type: 'intake' });
  await newField(a.token, form.id, { field_label: 'Lengte', field_name: 'length', field_type: 'number' });
  await newField(a.token, form.id, { field_label: 'Breedte', field_name: 'width', field_type: 'number' });
  await newField(a.token, form.id, {
    field_label: 'Dakbedekking',
    field_type: 'selectbox',
    options: 'pannen, bitumen',
    selectable_in_products: false,
    allow_locations: true,
    showrules: [{ field_name: 'length', operator: 'isbigger', field_value: '2' }],
  });
  await newField(a.token, form.id, {
    field_label: 'Oppervlakte',
    field_type: 'calculated',
    calculationrules: [{ formula: 'length * width', showrules: [] }],
  });
  await newVertical(a.token, { name: 'Service leeg', type: 'aftercare' });
});
afterAll(async () => t?.close());

describe('export of vertical data fields', () => {
  it('writes one row per field in the columns an import reads, and a form without fields by its name', async () => {
    const file = await download(path(a.companyId, 'exportverticaldatafields'), admin);
    expect(file.status).toBe(200);
    expect(file.headers.get('x-filename')).toMatch(/^formulieren-\d+-\d{4}-\d{2}-\d{2}\.xlsx$/);
    const rows = await sheetRows(file.bytes);
    expect(rows[0]).toEqual([...FIELD_TRANSFER_COLUMNS]);
    expect(rows.slice(1)).toEqual([
      ['Service leeg', 'serviceformulier', '', '', '', '', '', '', '', '', '', ''],
      [
        'Zonnepanelen opname',
        'opnameformulier',
        'Lengte',
        'length',
        'Lengte',
        'number',
        '',
        '1',
        '0',
        '1',
        '[]',
        '[]',
      ],
      [
        'Zonnepanelen opname',
        'opnameformulier',
        'Breedte',
        'width',
        'Breedte',
        'number',
        '',
        '1',
        '0',
        '2',
        '[]',
        '[]',
      ],
      [
        'Zonnepanelen opname',
        'opnameformulier',
        'Dakbedekking',
        'dakbedekking',
        'Dakbedekking',
        'selectbox',
        'pannen, bitumen',
        '0',
        '1',
        '3',
        expect.any(String),
        '[]',
      ],
      [
        'Zonnepanelen opname',
        'opnameformulier',
        'Oppervlakte',
        'oppervlakte',
        'Oppervlakte',
        'calculated',
        '',
        '1',
        '0',
        '4',
        '[]',
        expect.any(String),
      ],
    ]);
    expect(JSON.parse(rows[4]![10]!)).toEqual([
      { field_name: 'length', operator: 'isbigger', field_value: '2', pretty_description: '' },
    ]);
    expect(JSON.parse(rows[5]![11]!)).toEqual([{ formula: 'length * width', showrules: [] }]);
  });

  it('writes csv with ; and a byte order mark on ?format=csv', async () => {
    const file = await download(`${path(a.companyId, 'exportverticaldatafields')}?format=csv`, admin);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(file.headers.get('x-filename')).toMatch(/^formulieren-\d+-\d{4}-\d{2}-\d{2}\.csv$/);
    expect([...file.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = file.bytes.toString('utf8').slice(1).trim().split('\r\n');
    expect(lines[0]).toBe(FIELD_TRANSFER_COLUMNS.join(';'));
    expect(lines[2]).toBe('Zonnepanelen opname;opnameformulier;Lengte;length;Lengte;number;;1;0;1;[];[]');
    expect(lines).toHaveLength(6);
  });
});

describe('import of vertical data fields', () => {
  it('changes nothing when the export of the same company is read back (xlsx and csv)', async () => {
    const before = await snapshot(a.companyId);
    for (const format of ['xlsx', 'csv']) {
      const file = await download(`${path(a.companyId, 'exportverticaldatafields')}?format=${format}`, admin);
      const preview = await upload(
        `${path(a.companyId, 'importverticaldatafields')}?preview=1`,
        admin,
        file.bytes,
        `formulieren.${format}`,
      );
      expect(preview).toEqual({
        status: 200,
        body: { rows: 5, forms_create: 0, create: 0, update: 0, unchanged: 4, errors: [] },
      });
      const result = await runImport(a.companyId, file.bytes, `formulieren.${format}`);
      expect(result).toEqual({
        finished: true,
        forms_created: 0,
        created: 0,
        updated: 0,
        unchanged: 4,
        skipped: [],
      });
    }
    expect(await snapshot(a.companyId)).toEqual(before);
  });

  it('previews every bad row with its number and a Dutch message', async () => {
    const csv = [
      'formulier;formuliertype;label;veldnaam;veldtype;opties;selecteerbaar_in_producten;toonregels;formules',
      'Warmtepomp;opname;Vermogen;vermogen;number;;1;;',
      'Warmtepomp;opname;Merk;merk;tekstveld;;;;',
      'Warmtepomp;opname;Vermogen nogmaals;vermogen;number;;;;',
      'Warmtepomp;opname;Totaal;totaal;calculated;;;;"[{""formula"":""vermogen * onbekend""}]"',
      'Warmtepomp;opname;Type;type;selectbox;;;;',
      'Warmtepomp;opname;Zichtbaar;zichtbaar;text;;ja;"[{""field_name"":""nergens"",""operator"":""isfilledin""}]";',
      'Warmtepomp;keuken;Iets;iets;text;;;;',
      'Warmtepomp;opname;Vlag;vlag;text;;misschien;;',
      ';opname;Zonder formulier;zonder;text;;;;',
      'Warmtepomp;opname;Fout JSON;fout_json;text;;;{kapot;',
      'Warmtepomp;opname;Hoofdletters;Hoofd;text;;;;',
    ].join('\n');
    const preview = await upload(
      `${path(a.companyId, 'importverticaldatafields')}?preview=1`,
      admin,
      csv,
      'fouten.csv',
    );
    expect(preview.status).toBe(200);
    expect(preview.body).toMatchObject({ rows: 11, forms_create: 1, create: 1, update: 0, unchanged: 0 });
    expect(preview.body.errors).toEqual([
      { row: 3, message: 'Rij 3: Onbekend veldtype: tekstveld.' },
      { row: 4, message: 'Rij 4: Veldnaam bestaat al in dit formulier (vermogen, rij 2).' },
      { row: 5, message: 'Rij 5: formules: Onbekend veld in formule: onbekend' },
      { row: 6, message: 'Rij 6: opties: Een keuzelijst heeft minstens één optie nodig.' },
      { row: 7, message: 'Rij 7: toonregels: Onbekend veld in toonregel: nergens.' },
      { row: 8, message: 'Rij 8: Onbekend formuliertype: keuken.' },
      { row: 9, message: 'Rij 9: selecteerbaar_in_producten: vul 1 of 0 in.' },
      { row: 10, message: `Rij 10: ${FIELD_TRANSFER_MESSAGES.formNameRequired}` },
      { row: 11, message: 'Rij 11: toonregels: geen geldige JSON-lijst.' },
      {
        row: 12,
        message: 'Rij 12: veldnaam: Een veldnaam bestaat uit kleine letters, cijfers en liggende streepjes.',
      },
    ]);
    // Nothing written by a preview.
    const verticals = await ok(t.api('GET', path(a.companyId, 'verticals'), { token: admin }));
    expect(verticals.map((v: { name: string }) => v.name)).not.toContain('Warmtepomp');
    // A file without the form column is refused as a whole.
    const bare = await upload(
      `${path(a.companyId, 'importverticaldatafields')}?preview=1`,
      admin,
      'label\nx',
      'x.csv',
    );
    expect(bare).toMatchObject({ status: 422, body: { message: FIELD_TRANSFER_MESSAGES.formColumnMissing } });
  });

  it('creates forms and fields in a batch, updates by field name, moves by volgorde and skips bad rows', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Formulieren');
    sheet.addRow([
      'formulier',
      'formuliertype',
      'label',
      'veldnaam',
      'veldtype',
      'opties',
      'volgorde',
      'formules',
    ]);
    sheet.addRow(['Warmtepomp', 'uitvoeringsformulier', 'Vermogen (kW)', '', 'number', '', '', '']);
    sheet.addRow(['Warmtepomp', 'uitvoering', 'Merk', 'merk', 'selectbox', 'Daikin, Vaillant', '', '']);
    sheet.addRow(['Warmtepomp', 'uitvoering', 'Dubbel', 'vermogen_kw', 'number', '', '', '']);
    sheet.addRow([
      'Warmtepomp',
      'project',
      'Vermogen x2',
      'dubbel_vermogen',
      'calculated',
      '',
      1,
      JSON.stringify([{ formula: 'vermogen_kw * 2', showrules: [] }]),
    ]);
    // An existing form: a label changed, a field moved to the front, a new field added.
    sheet.addRow(['Zonnepanelen opname', 'opnameformulier', 'Breedte (m)', 'width', '', '', 1, '']);
    sheet.addRow(['Zonnepanelen opname', 'opnameformulier', 'Hoogte', 'height', 'number', '', '', '']);
    const bytes = Buffer.from(await workbook.xlsx.writeBuffer());

    const preview = await upload(
      `${path(a.companyId, 'importverticaldatafields')}?preview=1`,
      admin,
      bytes,
      'nieuw.xlsx',
    );
    expect(preview.body).toEqual({
      rows: 6,
      forms_create: 1,
      create: 4,
      update: 1,
      unchanged: 0,
      errors: [{ row: 4, message: 'Rij 4: Veldnaam bestaat al in dit formulier (vermogen_kw, rij 2).' }],
    });
    const result = await runImport(a.companyId, bytes, 'nieuw.xlsx');
    expect(result).toEqual({
      finished: true,
      forms_created: 1,
      created: 4,
      updated: 1,
      unchanged: 0,
      skipped: preview.body.errors,
    });

    const verticals = await ok(t.api('GET', path(a.companyId, 'verticals'), { token: admin }));
    const pump = verticals.find((v: { name: string }) => v.name === 'Warmtepomp');
    expect(pump).toMatchObject({ type: 'project', fields_count: 3, archived: false });
    const detail = await ok(t.api('GET', `/api/vertical/${pump.id}`, { token: a.token }));
    expect(
      detail.verticaldatafields.map((f: { field_name: string; order: number }) => [f.field_name, f.order]),
    ).toEqual([
      ['dubbel_vermogen', 1],
      ['vermogen_kw', 2],
      ['merk', 3],
    ]);
    expect(
      detail.verticaldatafields.find((f: { field_name: string }) => f.field_name === 'merk'),
    ).toMatchObject({
      field_label: 'Merk',
      description: 'Merk',
      field_type: 'selectbox',
      options: ['Daikin', 'Vaillant'],
    });
    const solar = await ok(t.api('GET', `/api/vertical/${form.id}`, { token: a.token }));
    expect(
      solar.verticaldatafields.map((f: { field_name: string; order: number; field_label: string }) => [
        f.field_name,
        f.order,
        f.field_label,
      ]),
    ).toEqual([
      ['width', 1, 'Breedte (m)'],
      ['length', 2, 'Lengte'],
      ['dakbedekking', 3, 'Dakbedekking'],
      ['oppervlakte', 4, 'Oppervlakte'],
      ['height', 5, 'Hoogte'],
    ]);
  });

  it('refuses a file with no good row, a non-spreadsheet and a missing company', async () => {
    const bad = await upload(
      path(a.companyId, 'importverticaldatafields'),
      admin,
      'formulier;label;veldtype\nX;Y;onzin',
      'fout.csv',
    );
    expect(bad).toMatchObject({ status: 422, body: { message: FIELD_TRANSFER_MESSAGES.nothingToImport } });
    expect(bad.body.errors.file).toEqual(['Rij 2: Onbekend veldtype: onzin.']);
    const pdf = await upload(path(a.companyId, 'importverticaldatafields'), admin, '%PDF-1.4 x', 'x.xlsx');
    expect(pdf.status).toBe(415);
    const missing = await upload(
      `${path(999_999, 'importverticaldatafields')}?preview=1`,
      admin,
      'formulier;label\nX;Y',
      'x.csv',
    );
    expect(missing.status).toBe(404);
  });
});

describe('forms of the library per company', () => {
  it('adds a library form with its fields, refuses it twice (409) and archives it again', async () => {
    const library = await newVertical(admin, { name: 'Bibliotheek isolatie', type: 'project' });
    await newField(admin, library.id, { field_label: 'Dikte', field_type: 'number' });
    await newField(admin, library.id, {
      field_label: 'Materiaal',
      field_type: 'selectbox',
      options: 'glaswol',
    });
    const libraryList = await ok(t.api('GET', path(MAIN_COMPANY_ID, 'verticals'), { token: admin }));
    expect(libraryList.find((v: { id: number }) => v.id === library.id)).toMatchObject({ fields_count: 2 });

    const added = await ok(
      t.api('PATCH', path(b.companyId, 'addverticaltocompany'), {
        token: admin,
        body: { verticalId: library.id },
      }),
    );
    const copy = added.find((v: { name: string }) => v.name === 'Bibliotheek isolatie');
    expect(copy).toMatchObject({ type: 'project', fields_count: 2, archived: false });
    expect(copy.id).not.toBe(library.id);
    const seen = await ok(t.api('GET', `/api/vertical/${copy.id}`, { token: b.token }));
    expect(seen.verticaldatafields.map((f: { field_name: string }) => f.field_name)).toEqual([
      'dikte',
      'materiaal',
    ]);

    const twice = await t.api('PATCH', path(b.companyId, 'addverticaltocompany'), {
      token: admin,
      body: { verticalId: library.id },
    });
    expect(twice).toMatchObject({
      status: 409,
      body: { message: FIELD_TRANSFER_MESSAGES.companyHasVertical },
    });
    const notLibrary = await t.api('PATCH', path(b.companyId, 'addverticaltocompany'), {
      token: admin,
      body: { verticalId: form.id },
    });
    expect(notLibrary).toMatchObject({ status: 422, body: { message: 'Formulier niet gevonden.' } });

    const removed = await ok(
      t.api('PATCH', path(b.companyId, 'removeverticalfromcompany'), {
        token: admin,
        body: { verticalId: copy.id },
      }),
    );
    expect(removed.find((v: { id: number }) => v.id === copy.id)).toMatchObject({ archived: true });
    expect((await ok(t.api('GET', `/api/vertical/${copy.id}`, { token: b.token }))).archived).toBe(true);
    // Another company's form is not this company's to remove.
    const foreign = await t.api('PATCH', path(b.companyId, 'removeverticalfromcompany'), {
      token: admin,
      body: { verticalId: form.id },
    });
    expect(foreign.status).toBe(404);
    // Archived, it may be added again.
    await ok(
      t.api('PATCH', path(b.companyId, 'addverticaltocompany'), {
        token: admin,
        body: { verticalId: library.id },
      }),
    );
  });

  it('is for platform administrators only, and a missing company answers 404', async () => {
    const calls: [string, string, unknown][] = [
      ['GET', path(a.companyId, 'verticals'), undefined],
      ['GET', path(a.companyId, 'exportverticaldatafields'), undefined],
      ['PATCH', path(a.companyId, 'addverticaltocompany'), { verticalId: form.id }],
      ['PATCH', path(a.companyId, 'removeverticalfromcompany'), { verticalId: form.id }],
    ];
    for (const [method, url, body] of calls)
      expect((await t.api(method, url, { token: a.token, body })).status, url).toBe(403);
    const upload403 = await upload(
      path(a.companyId, 'importverticaldatafields'),
      a.token,
      'formulier\nX',
      'x.csv',
    );
    expect(upload403.status).toBe(403);
    for (const [method, url, body] of calls.map(
      ([m, u, b]) => [m, u.replace(`/${a.companyId}/`, '/999999/'), b] as const,
    ))
      expect((await t.api(method, url, { token: admin, body })).status, url).toBe(404);
  });
});
