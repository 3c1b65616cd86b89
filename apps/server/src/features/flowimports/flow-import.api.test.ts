import { FLOW_IMPORT_TEXTS, INVALID_POSTCODE } from '@im/domain';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCrmCompany, createTestRelation, logCount, waitForBatch } from '../../../test/crm-factories';
import { ADMIN, startTestServer, type TestServer } from '../../../test/test-server';

let t: TestServer;
let a: { companyId: number; token: string; userId: number };
let b: { companyId: number; token: string; userId: number };

beforeAll(async () => {
  t = await startTestServer();
  a = await createCrmCompany(t, { name: 'Import A', role: 1000 });
  b = await createCrmCompany(t, { name: 'Import B', role: 1000 });
});
afterAll(async () => t?.close());

async function upload(
  path: string,
  token: string,
  content: Buffer | string,
  name: string,
  field = 'importExcel',
  // biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary JSON answers
): Promise<{ status: number; body: any }> {
  const form = new FormData();
  form.append(field, new Blob([content]), name);
  const res = await fetch(`${t.baseUrl}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const text = await res.text();
  return { status: res.status, body: text.startsWith('{') || text.startsWith('[') ? JSON.parse(text) : text };
}

async function xlsx(rows: unknown[][], edit?: (sheet: ExcelJS.Worksheet) => void): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Blad1');
  for (const row of rows) sheet.addRow(row);
  edit?.(sheet);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

const HEADER = 'Naam;E-mail;Straat;Huisnummer;Postcode;Plaats;Telefoon;Referentie';
const csv = (lines: string[]) => `\uFEFF${[HEADER, ...lines].join('\r\n')}\r\n`;

async function importAndWait(token: string, body: Record<string, unknown>) {
  const started = await t.api('POST', '/api/flow/bulkimport', { token, body });
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  const batch = await waitForBatch(t, token, started.body.batchId, 60_000);
  expect(batch.cancelledAt).toBeNull();
  const summary = await t.api('GET', `/api/flowimport/${started.body.importId}`, { token });
  return {
    importId: started.body.importId as number,
    batchId: started.body.batchId as string,
    summary: summary.body,
    batch,
  };
}

describe('flow import: preview', () => {
  it('reads a csv with a BOM and semicolons and classifies every row, writing nothing', async () => {
    await createTestRelation(t, a.token, { fullname: 'Bestaande Klant', email: 'bestaand@voorbeeld.nl' });
    const before = (await t.api('GET', '/api/flow/querypaginated?offset=0&limit=1', { token: a.token })).body
      .pagination.total;
    const file = csv([
      'Anna de Vries;anna@voorbeeld.nl;Dorpsstraat;12a;1234ab;Zwolle;038-1234567;K-001',
      'Bestaande Klant;bestaand@voorbeeld.nl;Kerkweg;3;8011 AB;Zwolle;;K-002',
      'Anna Dubbel;anna@voorbeeld.nl;Dorpsstraat;12a;1234 AB;Zwolle;;K-003',
      'Piet Fout;geen-mail;Laan;5;12345;Zwolle;abc;K-004',
      ';;Laan;6;1234 AB;Zwolle;;K-005',
    ]);
    const res = await upload('/api/flow/loadimportfile', a.token, file, 'woningen.csv');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.columns).toEqual(HEADER.split(';'));
    expect(res.body.mapping).toMatchObject({
      fullname: 'Naam',
      email: 'E-mail',
      postcode: 'Postcode',
      number: 'Huisnummer',
      reference: 'Referentie',
    });
    expect(res.body.counts).toEqual({ new: 1, existing: 1, duplicate: 1, refused: 2 });
    expect(res.body.importable).toBe(2);
    const [anna, existing, dup, wrong, noName] = res.body.rows;
    expect(anna).toMatchObject({
      row: 2,
      status: 'new',
      choice: 'create',
      fullname: 'Anna de Vries',
      address: 'Dorpsstraat 12a, 1234 AB Zwolle',
    });
    expect(existing).toMatchObject({
      status: 'existing',
      choice: 'existing',
      match: { fullname: 'Bestaande Klant', reason: 'email' },
    });
    expect(dup).toMatchObject({ status: 'duplicate', choice: 'skip', duplicate_of: 2 });
    expect(wrong.status).toBe('refused');
    expect(wrong.errors).toEqual({
      email: FLOW_IMPORT_TEXTS.invalidEmail,
      postcode: INVALID_POSTCODE,
      phone: FLOW_IMPORT_TEXTS.invalidPhone,
    });
    expect(noName.errors.fullname).toBe(FLOW_IMPORT_TEXTS.requiredName);
    const after = (await t.api('GET', '/api/flow/querypaginated?offset=0&limit=1', { token: a.token })).body
      .pagination.total;
    expect(after).toBe(before);
  });

  it('matches an existing relation by postcode and house number, and by name', async () => {
    await createTestRelation(t, a.token, {
      fullname: 'Adres Bewoner',
      location: { address: 'Molenweg', number: '7', postcode: '7411 AA', city: 'Deventer' },
    });
    await createTestRelation(t, a.token, { fullname: 'Naam Alleen' });
    const res = await upload(
      '/api/flow/loadimportfile',
      a.token,
      csv(['Nieuwe Bewoner;;Molenweg;7;7411AA;Deventer;;', 'Naam Alleen;;;;;;;']),
      'a.csv',
    );
    expect(res.body.rows.map((r: { match: { reason: string } | null }) => r.match?.reason)).toEqual([
      'address',
      'name',
    ]);
  });

  it('previews again with another mapping and remembers the mapping of an import for the next file', async () => {
    const file = 'Klant,Mail adres,PC,Nr\nJan Jansen,jan@remember.nl,2345 CD,4\n';
    const first = await upload('/api/flow/loadimportfile', a.token, file, 'eigen.csv');
    expect(first.body.mapping.email).toBeNull();
    expect(first.body.counts.refused).toBe(0);
    const mapping = { ...first.body.mapping, email: 'Mail adres', postcode: 'PC', number: 'Nr' };
    const again = await t.api('POST', '/api/flow/previewimportfile', {
      token: a.token,
      body: { file: first.body.file, mapping },
    });
    expect(again.status).toBe(200);
    expect(again.body.rows[0]).toMatchObject({ email: 'jan@remember.nl', address: '4, 2345 CD' });
    await importAndWait(a.token, { file: first.body.file, mapping, filename: 'eigen.csv' });
    const next = await upload(
      '/api/flow/loadimportfile',
      a.token,
      file.replace('jan@', 'piet@'),
      'eigen2.csv',
    );
    expect(next.body.mapping).toMatchObject({
      email: 'Mail adres',
      postcode: 'PC',
      number: 'Nr',
      fullname: 'Klant',
    });
    const other = await upload('/api/flow/loadimportfile', b.token, file, 'eigen.csv');
    expect(other.body.mapping.email).toBeNull();
  });
});

describe('flow import: bad files get a clear Dutch error', () => {
  it('refuses a file of another type by content, whatever its name', async () => {
    const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
    const res = await upload('/api/flow/loadimportfile', a.token, png, 'woningen.csv');
    expect(res).toMatchObject({ status: 415, body: { message: FLOW_IMPORT_TEXTS.wrongType } });
    const pdf = await upload(
      '/api/flow/loadimportfile',
      a.token,
      '%PDF-1.4\n%\u00e2\u00e3\n1 0 obj\n',
      'woningen.xlsx',
    );
    expect(pdf.status).toBe(415);
  });

  it('refuses a broken xlsx and an old xls with their own message', async () => {
    const good = await xlsx([['Naam'], ['Jan']]);
    const broken = Buffer.concat([good.subarray(0, 2000), Buffer.alloc(2000, 7)]);
    const res = await upload('/api/flow/loadimportfile', a.token, broken, 'kapot.xlsx');
    expect(res).toMatchObject({ status: 422, body: { message: FLOW_IMPORT_TEXTS.brokenXlsx } });
    const cfb = Buffer.concat([Buffer.from('d0cf11e0a1b11ae1', 'hex'), Buffer.alloc(4000)]);
    const xls = await upload('/api/flow/loadimportfile', a.token, cfb, 'oud.xls');
    expect(xls.status).toBe(415);
    expect(xls.body.message).toBe(FLOW_IMPORT_TEXTS.oldXls);
  });

  it('refuses a 50 MB file with 413 without reading it', async () => {
    const big = Buffer.alloc(50 * 1024 * 1024, 65);
    const res = await upload('/api/flow/loadimportfile', a.token, big, 'groot.csv');
    expect(res.status).toBe(413);
    expect(res.body.message).toBe(FLOW_IMPORT_TEXTS.tooLarge('20 MB'));
  });

  it('takes the value Excel saved for a formula, and refuses a formula without one', async () => {
    const saved = await xlsx(
      [
        ['Naam', 'Postcode', 'Huisnummer'],
        ['Jan Formule', '1234 AB', 0],
      ],
      (s) => {
        s.getCell('C2').value = { formula: '1+1', result: 2 };
      },
    );
    const ok = await upload('/api/flow/loadimportfile', a.token, saved, 'formule.xlsx');
    expect(ok.status).toBe(200);
    expect(ok.body.rows[0].address).toBe('2, 1234 AB');
    const unsaved = await xlsx(
      [
        ['Naam', 'Huisnummer'],
        ['Jan', 0],
      ],
      (s) => {
        s.getCell('B2').value = { formula: 'A1+1' } as ExcelJS.CellFormulaValue;
      },
    );
    const refused = await upload('/api/flow/loadimportfile', a.token, unsaved, 'formule.xlsx');
    expect(refused).toMatchObject({ status: 422, body: { message: FLOW_IMPORT_TEXTS.formula('B2') } });
  });

  it('refuses an empty file, a header without rows, and an import without an importable row', async () => {
    expect((await upload('/api/flow/loadimportfile', a.token, '', 'leeg.csv')).body.message).toBe(
      FLOW_IMPORT_TEXTS.empty,
    );
    expect(
      (await upload('/api/flow/loadimportfile', a.token, '\uFEFF\r\n\r\n', 'leeg.csv')).body.message,
    ).toBe(FLOW_IMPORT_TEXTS.empty);
    const header = await upload('/api/flow/loadimportfile', a.token, `${HEADER}\n`, 'kop.csv');
    expect(header).toMatchObject({ status: 422, body: { message: FLOW_IMPORT_TEXTS.noRows } });
    const onlyBad = await upload('/api/flow/loadimportfile', a.token, csv(['Piet;fout;;;;;;']), 'fout.csv');
    expect(onlyBad.body.importable).toBe(0);
    const run = await t.api('POST', '/api/flow/bulkimport', {
      token: a.token,
      body: { file: onlyBad.body.file, mapping: onlyBad.body.mapping },
    });
    expect(run.status).toBe(422);
    expect(run.body.errors.importableFlows).toEqual([FLOW_IMPORT_TEXTS.noImportableFlows]);
  });
});

describe('flow import: import, choices, undo', () => {
  it('imports with the choice per row and the batch links, and undoes the whole import', async () => {
    const kept = await createTestRelation(t, a.token, { fullname: 'Houd Mij', email: 'houd@voorbeeld.nl' });
    const partner = await t.api('POST', '/api/partner', {
      token: a.token,
      body: { name: 'Woningcorporatie Test' },
    });
    const file = csv([
      'Els Eerste;els@import.nl;Kerkstraat;1;3011 AA;Rotterdam;;A1',
      'Houd Mij;houd@voorbeeld.nl;Kerkstraat;2;3011 AA;Rotterdam;;A2',
      'Overslaan Graag;skip@import.nl;Kerkstraat;3;3011 AA;Rotterdam;;A3',
      'Dubbel Toch;els@import.nl;Kerkstraat;4;3011 AA;Rotterdam;;A4',
    ]);
    const preview = await upload('/api/flow/loadimportfile', a.token, file, 'project.csv');
    const { importId, batchId, summary } = await importAndWait(a.token, {
      file: preview.body.file,
      filename: 'project.csv',
      mapping: preview.body.mapping,
      choices: { 4: 'skip', 5: 'create' },
      event_trigger_tag: 'Import isolatie',
      partner_id: partner.status === 201 ? partner.body.id : undefined,
    });
    expect(summary).toMatchObject({
      status: 'done',
      rows: 3,
      flows_created: 3,
      relations_created: 2,
      relations_matched: 1,
    });
    const flows = await t.api(
      'GET',
      '/api/flow/querypaginated?offset=0&limit=50&query=kerkstraat&status=all',
      { token: a.token },
    );
    expect(flows.body.pagination.total).toBe(3);
    const houd = await t.api('GET', `/api/relation/${kept.id}`, { token: a.token });
    expect(houd.body.flows.length).toBe(1);
    const oneFlow = await t.api('GET', `/api/flow/${houd.body.flows[0].id}`, { token: a.token });
    expect(oneFlow.body.tags).toContain('Import isolatie');
    expect(oneFlow.body.description).toBe('A2');

    // Another company sees nothing of it.
    expect((await t.api('GET', `/api/flowimport/${importId}`, { token: b.token })).status).toBe(404);
    expect((await t.api('GET', `/api/batch/${batchId}`, { token: b.token })).status).toBe(404);
    expect((await t.api('POST', `/api/flowimport/${importId}/undo`, { token: b.token })).status).toBe(404);
    expect(
      (
        await t.api('POST', '/api/flow/previewimportfile', {
          token: b.token,
          body: { file: preview.body.file, mapping: {} },
        })
      ).status,
    ).toBe(410);

    // A relation made by the import that got other work since stays.
    const els = (
      await t.api('GET', '/api/relation/querypaginated?offset=0&limit=5&query=els%20eerste', {
        token: a.token,
      })
    ).body.data[0];
    const dubbel = (
      await t.api('GET', '/api/relation/querypaginated?offset=0&limit=5&query=dubbel%20toch', {
        token: a.token,
      })
    ).body.data[0];
    const edit = await t.api('PATCH', `/api/relation/${dubbel.id}`, {
      token: a.token,
      body: { phone: '0612345678' },
    });
    expect(edit.status).toBe(200);

    const undo = await t.api('POST', `/api/flowimport/${importId}/undo`, { token: a.token });
    expect(undo.status).toBe(200);
    await waitForBatch(t, a.token, undo.body.batchId);
    const after = (await t.api('GET', `/api/flowimport/${importId}`, { token: a.token })).body;
    expect(after).toMatchObject({
      status: 'undone',
      flows_removed: 3,
      relations_removed: 1,
      relations_kept: 1,
      flows_kept: 0,
    });
    expect((await t.api('GET', `/api/relation/${els.id}`, { token: a.token })).status).toBe(404);
    expect((await t.api('GET', `/api/relation/${dubbel.id}`, { token: a.token })).status).toBe(200);
    const still = await t.api('GET', `/api/relation/${kept.id}`, { token: a.token });
    expect(still.body.flows.length).toBe(0);
    const left = await t.api(
      'GET',
      '/api/flow/querypaginated?offset=0&limit=50&query=kerkstraat&status=all',
      { token: a.token },
    );
    expect(left.body.pagination.total).toBe(0);
    const twice = await t.api('POST', `/api/flowimport/${importId}/undo`, { token: a.token });
    expect(twice).toMatchObject({ status: 409, body: { message: FLOW_IMPORT_TEXTS.alreadyUndone } });
    const list = await t.api('GET', '/api/flowimport?offset=0&limit=5', { token: a.token });
    expect(list.body.data[0]).toMatchObject({ id: importId, status: 'undone', filename: 'project.csv' });
  });

  it('puts every row on the linked relation as a work address when the import names a relation', async () => {
    const corp = await createTestRelation(t, a.token, { fullname: 'Corporatie Woonwel' });
    const file = 'Straat;Huisnummer;Postcode;Plaats\nBlok;1;5611 AA;Eindhoven\nBlok;2;5611 AA;Eindhoven\n';
    const preview = await upload('/api/flow/loadimportfile', a.token, file, 'blok.csv');
    const { summary } = await importAndWait(a.token, {
      file: preview.body.file,
      mapping: preview.body.mapping,
      relation_id: corp.id,
    });
    expect(summary).toMatchObject({ flows_created: 2, relations_created: 0 });
    const detail = await t.api('GET', `/api/relation/${corp.id}`, { token: a.token });
    expect(detail.body.flows.length).toBe(2);
  });

  it('keeps a flow that was worked on since the import, and says so', async () => {
    const preview = await upload(
      '/api/flow/loadimportfile',
      a.token,
      csv([
        'Werk Aan;werk@import.nl;Werkweg;1;6511 AA;Nijmegen;;W1',
        'Geen Werk;geen@import.nl;Werkweg;2;6511 AA;Nijmegen;;W2',
      ]),
      'werk.csv',
    );
    const { importId } = await importAndWait(a.token, {
      file: preview.body.file,
      mapping: preview.body.mapping,
    });
    const found = await t.api(
      'GET',
      '/api/flow/querypaginated?offset=0&limit=5&query=werkweg%201&status=all',
      { token: a.token },
    );
    const worked = found.body.data.find((f: { description: string }) => f.description === 'W1');
    expect(worked).toBeDefined();
    const edit = await t.api('PATCH', `/api/flow/${worked.id}`, {
      token: a.token,
      body: { description: 'W1 nagebeld' },
    });
    expect(edit.status).toBe(200);
    const undo = await t.api('POST', `/api/flowimport/${importId}/undo`, { token: a.token });
    await waitForBatch(t, a.token, undo.body.batchId);
    const after = (await t.api('GET', `/api/flowimport/${importId}`, { token: a.token })).body;
    expect(after).toMatchObject({
      status: 'undone',
      flows_removed: 1,
      flows_kept: 1,
      relations_removed: 1,
      relations_kept: 1,
    });
    expect((await t.api('GET', `/api/flow/${worked.id}`, { token: a.token })).status).toBe(200);
  });

  it('puts the flows in a partner project, with its partner, and starts the project when asked', async () => {
    const { partnerId, projectId, otherPartnerId } = await t.server.deps.db.tenant(
      { companyId: a.companyId },
      async (tx) => {
        const made = await tx.execute<{ id: number }>(
          "insert into partner (name) values ('Woonstichting Import'), ('Energie Import') returning id" as never,
        );
        const [p1, p2] = made.rows.map((r) => r.id);
        const project = await tx.execute<{ id: number }>(
          `insert into partner_project (partner_id, label) values (${p1}, 'Isolatie 2 woningen') returning id` as never,
        );
        return { partnerId: p1!, otherPartnerId: p2!, projectId: project.rows[0]!.id };
      },
    );
    const preview = await upload(
      '/api/flow/loadimportfile',
      a.token,
      csv([
        'Project Een;project.een@voorbeeld.nl;Dorpsstraat;1;9711 AA;Groningen;;P1',
        'Project Twee;project.twee@voorbeeld.nl;Dorpsstraat;2;9711 AA;Groningen;;P2',
      ]),
      'project.csv',
    );
    // A project of another partner than the one named is refused.
    const wrong = await t.api('POST', '/api/flow/bulkimport', {
      token: a.token,
      body: {
        file: preview.body.file,
        mapping: preview.body.mapping,
        partner_id: otherPartnerId,
        partner_project_id: projectId,
      },
    });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors.partner_project_id).toEqual([FLOW_IMPORT_TEXTS.partnerProjectOfOtherPartner]);
    const { summary } = await importAndWait(a.token, {
      file: preview.body.file,
      mapping: preview.body.mapping,
      partner_project_id: projectId,
      start_project: 1,
    });
    expect(summary.flows_created).toBe(2);
    const flows = await t.server.deps.db.tenant({ companyId: a.companyId }, (tx) =>
      tx.execute<{ partner_id: number; partner_project_id: number; flow_status: string }>(
        `select partner_id, partner_project_id, flow_status from flow where partner_project_id = ${projectId}` as never,
      ),
    );
    expect(flows.rows).toEqual([
      { partner_id: partnerId, partner_project_id: projectId, flow_status: 'project' },
      { partner_id: partnerId, partner_project_id: projectId, flow_status: 'project' },
    ]);
    // Another company's project reads as unknown.
    const theirs = await t.api('POST', '/api/flow/bulkimport', {
      token: b.token,
      body: { file: preview.body.file, mapping: preview.body.mapping, partner_project_id: projectId },
    });
    expect(theirs.status).not.toBe(200);
  });

  it('attaches the external file to every imported flow as one stored file, and undo removes it', async () => {
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
    const external = await upload('/api/flow/loadexternalfile', a.token, pdf, 'brief.pdf', 'file');
    expect(external.status, JSON.stringify(external.body)).toBe(200);
    const preview = await upload(
      '/api/flow/loadimportfile',
      a.token,
      csv([
        'Brief Een;brief.een@voorbeeld.nl;Briefweg;1;7411 AA;Deventer;;B1',
        'Brief Twee;brief.twee@voorbeeld.nl;Briefweg;2;7411 AA;Deventer;;B2',
        'Brief Drie;brief.drie@voorbeeld.nl;Briefweg;3;7411 AA;Deventer;;B3',
      ]),
      'brief.csv',
    );
    // Another company cannot attach this company's upload.
    const theirPreview = await upload('/api/flow/loadimportfile', b.token, csv(['Van B;;;;;;;']), 'b.csv');
    const stolen = await t.api('POST', '/api/flow/bulkimport', {
      token: b.token,
      body: {
        file: theirPreview.body.file,
        mapping: theirPreview.body.mapping,
        externalFilepath: external.body.externalFilepath,
      },
    });
    expect(stolen.status).toBe(422);
    expect(stolen.body.errors.externalFilepath).toEqual([FLOW_IMPORT_TEXTS.externalFileUnknown]);

    const { importId } = await importAndWait(a.token, {
      file: preview.body.file,
      mapping: preview.body.mapping,
      externalFilename: 'Bewonersbrief.pdf',
      externalFilepath: external.body.externalFilepath,
    });
    const counts = () =>
      t.server.deps.db.platform((tx) =>
        tx.execute<{ files: number; refs: number }>(
          `select (select count(*)::int from stored_file where storage_key = '${external.body.externalFilepath}') as files,
             (select count(*)::int from flow_shared_file where flow_import_id = ${importId}) as refs` as never,
        ),
      );
    expect((await counts()).rows[0]).toEqual({ files: 1, refs: 3 });
    const flowIds = (
      await t.server.deps.db.platform((tx) =>
        tx.execute<{ flow_id: number }>(
          `select flow_id from flow_import_row where import_id = ${importId} order by row` as never,
        ),
      )
    ).rows.map((r) => r.flow_id);
    const details = await Promise.all(
      flowIds.map((id) => t.api('GET', `/api/flow/${id}`, { token: a.token })),
    );
    for (const d of details)
      expect(d.body.files.map((f: { filename: string }) => f.filename)).toEqual(['Bewonersbrief.pdf']);
    const fileId = details[0]!.body.files[0].id as number;
    const download = await fetch(`${t.baseUrl}/api/flowfile/${fileId}`, {
      headers: { authorization: `Bearer ${a.token}` },
    });
    expect(Buffer.from(await download.arrayBuffer()).equals(pdf)).toBe(true);
    expect((await t.api('GET', `/api/flowfile/${fileId}`, { token: b.token })).status).toBe(404);

    // Removing it from one flow leaves the others theirs; the bytes stay while a flow refers to them.
    expect((await t.api('DELETE', `/api/flowfile/${fileId}`, { token: a.token })).status).toBe(422);
    const removed = await t.api('DELETE', `/api/flowfile/${fileId}?flow_id=${flowIds[0]}`, {
      token: a.token,
    });
    expect(removed.status).toBe(200);
    expect((await t.api('GET', `/api/flow/${flowIds[0]}`, { token: a.token })).body.files).toEqual([]);
    expect((await t.api('GET', `/api/flow/${flowIds[1]}`, { token: a.token })).body.files).toHaveLength(1);
    expect((await counts()).rows[0]).toEqual({ files: 1, refs: 2 });
    expect(await t.server.deps.storage.exists(external.body.externalFilepath)).toBe(true);
    // A flow deleted for good takes only its own reference.
    expect((await t.api('DELETE', `/api/flow/${flowIds[1]}`, { token: a.token })).status).toBe(200);
    expect((await t.api('POST', `/api/flow/${flowIds[1]}/forcedelete`, { token: a.token })).status).toBe(200);
    expect((await counts()).rows[0]).toEqual({ files: 1, refs: 1 });
    expect(await t.server.deps.storage.exists(external.body.externalFilepath)).toBe(true);

    const undo = await t.api('POST', `/api/flowimport/${importId}/undo`, { token: a.token });
    await waitForBatch(t, a.token, undo.body.batchId);
    expect((await counts()).rows[0]).toEqual({ files: 0, refs: 0 });
    expect(await t.server.deps.storage.exists(external.body.externalFilepath)).toBe(false);
  });

  it('refuses links to records of another company', async () => {
    const other = await createTestRelation(t, b.token, { fullname: 'Van B' });
    const preview = await upload('/api/flow/loadimportfile', a.token, csv(['Link Test;;;;;;;']), 'l.csv');
    const res = await t.api('POST', '/api/flow/bulkimport', {
      token: a.token,
      body: { file: preview.body.file, mapping: preview.body.mapping, relation_id: other.id },
    });
    expect(res.status).toBe(422);
    expect(res.body.errors.relation_id).toBeDefined();
  });
});

describe('flow import: access', () => {
  it('needs role 999', async () => {
    const user = await t.createTestUser({ companyId: a.companyId, role: 300 });
    const token = await t.login(user.email);
    expect((await upload('/api/flow/loadimportfile', token, csv(['X;;;;;;;']), 'x.csv')).status).toBe(403);
    expect((await t.api('GET', '/api/flowimport', { token })).status).toBe(403);
  });
});

describe('platform admin: relation import and export', () => {
  it("exports a company's relations as xlsx or csv and imports them into another company", async () => {
    const admin = await t.login(ADMIN.email, ADMIN.password);
    await createTestRelation(t, a.token, {
      fullname: 'Export Persoon',
      email: 'export@voorbeeld.nl',
      location: { address: 'Exportweg', number: '9', postcode: '9711 AA', city: 'Groningen' },
    });
    const csvFile = await fetch(`${t.baseUrl}/api/company/${a.companyId}/exportrelations?format=csv`, {
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(csvFile.status).toBe(200);
    expect(csvFile.headers.get('x-filename')).toMatch(/^relaties-\d+-.*\.csv$/);
    const text = await csvFile.text();
    expect(text).toContain('export@voorbeeld.nl;');
    const xlsxFile = await fetch(`${t.baseUrl}/api/company/${a.companyId}/exportrelations`, {
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(xlsxFile.headers.get('content-type')).toContain('spreadsheetml');
    const preview = await upload(
      `/api/company/${b.companyId}/importrelations?preview=1`,
      admin,
      text,
      'relaties.csv',
      'file',
    );
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    expect(preview.body.errors).toEqual([]);
    expect(preview.body.create).toBeGreaterThan(0);
    const run = await upload(
      `/api/company/${b.companyId}/importrelations`,
      admin,
      text,
      'relaties.csv',
      'file',
    );
    await waitForBatch(t, admin, run.body.batchId);
    const found = await t.api('GET', '/api/relation/querypaginated?offset=0&limit=5&query=export%20persoon', {
      token: b.token,
    });
    expect(found.body.data[0]).toMatchObject({ email: 'export@voorbeeld.nl' });
    expect(
      (await upload(`/api/company/${b.companyId}/importrelations`, a.token, text, 'r.csv', 'file')).status,
    ).toBe(403);
    expect((await t.api('GET', `/api/company/999999/exportrelations`, { token: admin })).status).toBe(404);
  });

  it('completes all open actions of a company and moves all its relations to the trash', async () => {
    const admin = await t.login(ADMIN.email, ADMIN.password);
    const done = await t.api('POST', `/api/company/${b.companyId}/completeallactions`, { token: admin });
    expect(done.status).toBe(200);
    expect(typeof done.body.count).toBe('number');
    const del = await t.api('POST', `/api/company/${b.companyId}/deleterelations`, { token: admin });
    expect(del.status).toBe(200);
    await waitForBatch(t, admin, del.body.batchId);
    const left = await t.api('GET', '/api/relation/querypaginated?offset=0&limit=5', { token: b.token });
    expect(left.body.pagination.total).toBe(0);
  });

  it('resets every lead of a company to the open lead, leaving flows past the lead stage alone', async () => {
    const c = await createCrmCompany(t, { name: 'Leads resetten', role: 1000 });
    const flows: number[] = [];
    for (let i = 0; i < 4; i++)
      flows.push((await createTestRelation(t, c.token, { createnewflow: true })).flows[0].id);
    const phases = await t.server.deps.db.tenant({ companyId: c.companyId }, async (tx) => {
      const rows = await tx.execute<{ id: number }>(
        `select id from flow_phase where flowstage = 'new' order by "order", id` as never,
      );
      return rows.rows.map((r) => r.id);
    });
    expect(phases.length).toBeGreaterThan(1);
    await t.server.deps.db.tenant({ companyId: c.companyId }, (tx) =>
      tx.execute(
        `update flow set flow_status = case id when ${flows[0]} then 'unread' when ${flows[2]} then 'intake' else 'new' end,
           flow_phase_id = case id when ${flows[1]} then ${phases[1]} else flow_phase_id end
         where id in (${flows.join(',')})` as never,
      ),
    );
    const state = async () =>
      (
        await t.server.deps.db.tenant({ companyId: c.companyId }, (tx) =>
          tx.execute<{ flow_status: string; flow_phase_id: number | null }>(
            `select flow_status, flow_phase_id from flow where id in (${flows.join(',')}) order by id` as never,
          ),
        )
      ).rows;
    const intakeBefore = (await state())[2];
    const admin = await t.login(ADMIN.email, ADMIN.password);
    expect(
      (await t.api('POST', `/api/company/${c.companyId}/resetallleads`, { token: c.token })).status,
    ).toBe(403);
    expect((await t.api('POST', '/api/company/999999/resetallleads', { token: admin })).status).toBe(404);
    const reset = await t.api('POST', `/api/company/${c.companyId}/resetallleads`, { token: admin });
    expect(reset.status).toBe(200);
    // The unread lead and the lead in a later phase; the open one already was, the intake is past the leads.
    expect(reset.body.count).toBe(2);
    const after = await state();
    for (const i of [0, 1, 3]) expect(after[i]).toEqual({ flow_status: 'new', flow_phase_id: phases[0] });
    expect(after[2]).toEqual(intakeBefore);
    expect(await logCount(t, 'flow', flows[0]!, 'update')).toBeGreaterThan(0);
    // Nothing left to reset the second time.
    const again = await t.api('POST', `/api/company/${c.companyId}/resetallleads`, { token: admin });
    expect(again.body.count).toBe(0);
  });
});
