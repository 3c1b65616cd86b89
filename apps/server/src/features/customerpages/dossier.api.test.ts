import { Readable } from 'node:stream';
import { CUSTOMER_TEXTS, DOCUMENT_STATUS_LABELS, FORM_MESSAGES, INCIDENT_MESSAGES } from '@im/domain';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCrmCompany, createTestRelation, logCount } from '../../../test/crm-factories';
import { startTestServer, type TestServer } from '../../../test/test-server';
import { companySettings } from '../../platform/db/tables/companies.schema';
import { documentType, salesDocument } from '../../platform/db/tables/documents.schema';
import { storedFile } from '../../platform/db/tables/files.schema';
import { flowDataItem, intake, vertical, verticalDataField } from '../../platform/db/tables/forms.schema';
import { DOSSIER_TEXTS } from './dossier';

let t: TestServer;
type Company = { companyId: number; token: string; userId: number };
let a: Company;
let b: Company;

/** Company A's flow (with documents, forms, files, visits), another flow of A, and B's flow. */
let A: {
  flowId: number;
  hash: string;
  itemId: number;
  sentItemId: number;
  roomItemId: number;
  plannedItemId: number;
  intakeItemId: number;
  serviceItemId: number;
};
let A2: { flowId: number; hash: string; itemId: number };
let B: { flowId: number; hash: string; itemId: number; typeId: number };
let typeA: number;

const NOTE = 'GEHEIM-INTERNE-NOTITIE-7781';
const AGENDA_INTERNAL = 'INTERN-klant-is-lastig-4412';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/**
 * The server trusts x-forwarded-for here, so every group of customer calls comes from its own address:
 * the per-address limits (60 a minute per route, the guess guard's 30 unknown hashes) stay apart.
 */
let addressCounter = 0;
const nextAddress = () => `10.1.${Math.floor(++addressCounter / 250)}.${addressCounter % 250}`;

function customer(ip: string) {
  return (method: string, path: string, body?: unknown) =>
    t.api(method, path, { body, headers: { 'x-forwarded-for': ip } });
}

async function raw(method: string, path: string, ip: string, body?: unknown) {
  const res = await fetch(t.baseUrl + path, {
    method,
    headers: {
      'x-forwarded-for': ip,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
}

function form(bytes: Buffer, filename: string, fields: Record<string, string | number> = {}, before = false) {
  const data = new FormData();
  if (before) for (const [k, v] of Object.entries(fields)) data.append(k, String(v));
  data.append('file', new Blob([new Uint8Array(bytes)]), filename);
  if (!before) for (const [k, v] of Object.entries(fields)) data.append(k, String(v));
  return data;
}

async function flowHash(flowId: number): Promise<string> {
  const r = await t.server.deps.db.platform((tx) =>
    tx.execute<{ hash: string }>(sql`select hash from flow where id = ${flowId}`),
  );
  return r.rows[0]!.hash;
}

async function formOn(c: Company, flowId: number) {
  return t.server.deps.db.tenant({ companyId: c.companyId, userId: c.userId }, async (tx) => {
    const [v] = await tx.insert(vertical).values({ name: 'Vragen vooraf', type: 'intake' }).returning();
    await tx.insert(verticalDataField).values([
      {
        verticalId: v!.id,
        fieldLabel: 'Aantal panelen',
        fieldName: 'panelen',
        fieldType: 'number',
        order: 1,
      },
      { verticalId: v!.id, fieldLabel: 'Opmerking', fieldName: 'opmerking', fieldType: 'text', order: 2 },
      { verticalId: v!.id, fieldLabel: "Foto's", fieldName: 'fotos', fieldType: 'photo', order: 3 },
    ]);
    const [item] = await tx.insert(flowDataItem).values({ flowId, verticalId: v!.id }).returning();
    const [sent] = await tx
      .insert(flowDataItem)
      .values({ flowId, verticalId: v!.id, status: 'sent', sentAt: new Date() })
      .returning();
    const [room] = await tx
      .insert(flowDataItem)
      .values({ flowId, verticalId: v!.id, itemType: 'room' })
      .returning();
    // Before the visit the customer may answer the survey form of a planned intake; once the intake is
    // completed the adviser's values stand, and a service form is the technician's (decision 048).
    const [planned] = await tx
      .insert(intake)
      .values({ flowId, name: 'Opname', status: 'planned' })
      .returning();
    const [plannedItem] = await tx
      .insert(flowDataItem)
      .values({ flowId, verticalId: v!.id, intakeId: planned!.id })
      .returning();
    const [done] = await tx
      .insert(intake)
      .values({ flowId, name: 'Opname', status: 'completed' })
      .returning();
    const [intakeItem] = await tx
      .insert(flowDataItem)
      .values({ flowId, verticalId: v!.id, intakeId: done!.id })
      .returning();
    const [service] = await tx
      .insert(vertical)
      .values({ name: 'Servicebezoek', type: 'aftercare' })
      .returning();
    const [serviceItem] = await tx
      .insert(flowDataItem)
      .values({ flowId, verticalId: service!.id })
      .returning();
    return {
      verticalId: v!.id,
      itemId: item!.id,
      sentItemId: sent!.id,
      roomItemId: room!.id,
      plannedItemId: plannedItem!.id,
      intakeItemId: intakeItem!.id,
      serviceItemId: serviceItem!.id,
    };
  });
}

/** Documents of every visibility straight into the table (the document calls are tested on their own). */
async function documentsOn(c: Company, flowId: number): Promise<Record<string, number>> {
  return t.server.deps.db.tenant({ companyId: c.companyId, userId: c.userId }, async (tx) => {
    const [approvedOnly] = await tx
      .insert(documentType)
      .values({ description: 'Werkbon', onlyShowApproved: true })
      .returning();
    const [plain] = await tx.insert(documentType).values({ description: 'Garantie' }).returning();
    const rows: [string, Partial<typeof salesDocument.$inferInsert>][] = [
      ['quotationSent', { kind: 'quotation', status: 'sent', number: 501, documentdate: '2026-03-01' }],
      ['quotationDraft', { kind: 'quotation', status: 'draft', number: 502, documentdate: '2026-03-05' }],
      ['confirmationCancelled', { kind: 'confirmation', status: 'cancelled', documentdate: '2026-03-06' }],
      [
        'documentSentApprovedOnly',
        { kind: 'document', status: 'sent', documentTypeId: approvedOnly!.id, documentdate: '2026-03-07' },
      ],
      [
        'documentApproved',
        {
          kind: 'document',
          status: 'approved',
          documentTypeId: approvedOnly!.id,
          documentdate: '2026-03-08',
        },
      ],
      [
        'documentSent',
        { kind: 'document', status: 'sent', documentTypeId: plain!.id, documentdate: '2026-02-01' },
      ],
      ['quotationTemplate', { kind: 'quotation', status: 'sent', isTemplate: true }],
      ['quotationDeleted', { kind: 'quotation', status: 'sent', deletedAt: new Date(), number: 503 }],
    ];
    const ids: Record<string, number> = {};
    for (const [name, values] of rows) {
      const [row] = await tx
        .insert(salesDocument)
        .values({
          kind: 'quotation',
          hash: `${name}-${flowId}-${Math.random().toString(36).slice(2)}`.slice(0, 60),
          title: name,
          flowId,
          ...values,
        })
        .returning({ id: salesDocument.id });
      ids[name] = row!.id;
    }
    return ids;
  });
}

beforeAll(async () => {
  t = await startTestServer({ work: false, config: { TRUST_PROXY: 'true' } });
  a = await createCrmCompany(t, { name: 'Dossier Installaties A' });
  b = await createCrmCompany(t, { name: 'Concurrent B Geheim' });
  const rel = await createTestRelation(t, a.token, {
    createnewflow: true,
    surname: 'Klaassen',
    email: 'klant.prive@voorbeeld.nl',
    location: { address: 'Oosterstraat', number: '14', postcode: '9711LM', city: 'Groningen' },
  });
  const flowId = rel.flow_id as number;
  const patched = await t.api('PATCH', `/api/flow/${flowId}`, {
    token: a.token,
    body: { user_id: a.userId, description: 'Belde n.a.v. de buurman, lastige klant' },
  });
  expect(patched.status).toBe(200);
  const forms = await formOn(a, flowId);
  A = { flowId, hash: await flowHash(flowId), ...forms };
  await documentsOn(a, flowId);

  const rel2 = await createTestRelation(t, a.token, { createnewflow: true });
  const f2 = await formOn(a, rel2.flow_id);
  A2 = { flowId: rel2.flow_id, hash: await flowHash(rel2.flow_id), itemId: f2.itemId };

  const relB = await createTestRelation(t, b.token, { createnewflow: true });
  const fB = await formOn(b, relB.flow_id);
  const typeB = await t.api('POST', '/api/incidenttype', { token: b.token, body: { name: 'Lekkage B' } });
  B = { flowId: relB.flow_id, hash: await flowHash(relB.flow_id), itemId: fB.itemId, typeId: typeB.body.id };
  await t.api('POST', '/api/note', { token: b.token, body: { flow_id: B.flowId, content: 'Notitie van B' } });

  typeA = (await t.api('POST', '/api/incidenttype', { token: a.token, body: { name: 'Storing' } })).body.id;
  expect(
    (await t.api('POST', '/api/note', { token: a.token, body: { flow_id: flowId, content: NOTE } })).status,
  ).toBe(201);
  const visit = await t.api('POST', '/api/agendaitem', {
    token: a.token,
    body: {
      flow_id: flowId,
      title: 'Opname bij u thuis',
      description: AGENDA_INTERNAL,
      start_date: '2026-05-04T09:00:00+02:00',
      end_date: '2026-05-04T10:00:00+02:00',
    },
  });
  expect(visit.status, JSON.stringify(visit.body)).toBe(201);
  const lead = await t.api('PATCH', `/api/lead/${flowId}`, {
    token: a.token,
    body: { date_intake: '2026-05-04', date_quotation: '2026-05-10' },
  });
  expect(lead.status, JSON.stringify(lead.body)).toBe(200);
}, 60_000);
afterAll(async () => t?.close());

describe('GET /api/flow/{hash}/getbycustomer', () => {
  it('answers the dossier: branding, timeline, visible documents newest first, forms, visits', async () => {
    const call = customer(nextAddress());
    const res = await call('GET', `/api/flow/${A.hash}/getbycustomer`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const d = res.body;
    expect(d).toMatchObject({
      hash: A.hash,
      // The work's address ('Standaard' request profile), not the office's description (decision 045).
      title: 'Oosterstraat 14, Groningen',
      relation: { fullname: expect.stringContaining('Klaassen') },
      company: {
        name: 'Dossier Installaties A',
        is_default: false,
        logo_url: null,
        background_url: null,
      },
      unread_messages: 0,
    });
    expect(d).not.toHaveProperty('description');
    expect(typeof d.lead_date).toBe('string');
    expect(['unread', 'new']).toContain(d.flow_status);
    // Not drafts, cancelled, templates, deleted, nor sent ones of a type that shows only approved.
    expect(d.documents.map((x: { title: string }) => x.title)).toEqual([
      'documentApproved',
      'quotationSent',
      'documentSent',
    ]);
    expect(d.documents[1]).toEqual({
      kind: 'quotation',
      hash: expect.any(String),
      number: 501,
      title: 'quotationSent',
      status: 'sent',
      status_label: DOCUMENT_STATUS_LABELS.sent,
      date: '2026-03-01',
    });
    // One visible quotation/confirmation/invoice (documents do not count): the page goes there.
    expect(d.redirect).toEqual(d.documents[1]);
    expect(d.timeline.map((s: { stage: string; state: string }) => `${s.stage}:${s.state}`)).toEqual([
      'new:done',
      'intake:done',
      'quotation:current',
      'confirmation:todo',
      'project:todo',
      'invoice:todo',
      'aftercare:todo',
    ]);
    expect(d.timeline[1].date).toMatch(/^2026-05-04T00:00:00\+02:00$/);
    // Only the customer's forms, open and sent: not room items, not a completed intake's survey, not a
    // service form.
    expect(d.forms).toEqual([
      { id: A.itemId, vertical_id: expect.any(Number), name: 'Vragen vooraf', status: 'open' },
      { id: A.sentItemId, vertical_id: expect.any(Number), name: 'Vragen vooraf', status: 'sent' },
      { id: A.plannedItemId, vertical_id: expect.any(Number), name: 'Vragen vooraf', status: 'open' },
    ]);
    expect(d.agendaitems).toEqual([
      {
        start_date: '2026-05-04T09:00:00+02:00',
        end_date: '2026-05-04T10:00:00+02:00',
        description: 'Opname bij u thuis',
      },
    ]);
    expect(d.incident_types).toEqual([{ id: typeA, description: 'Storing' }]);
  });

  it('redirects to nothing when a second quotation, confirmation or invoice is visible', async () => {
    const [inv] = await t.server.deps.db.tenant({ companyId: a.companyId }, (tx) =>
      tx
        .insert(salesDocument)
        .values({ kind: 'invoice', status: 'sent', hash: `inv-${A.flowId}-x`, flowId: A.flowId, title: 'F' })
        .returning({ id: salesDocument.id }),
    );
    try {
      const d = (await customer(nextAddress())('GET', `/api/flow/${A.hash}/getbycustomer`)).body;
      expect(d.documents).toHaveLength(4);
      expect(d.redirect).toBeNull();
    } finally {
      await t.server.deps.db.platform((tx) => tx.delete(salesDocument).where(eq(salesDocument.id, inv!.id)));
    }
  });

  it('records a customer_view per open and turns the company’s unread messages read', async () => {
    const count = async () =>
      (
        await t.server.deps.db.platform((tx) =>
          tx.execute<{ n: number }>(
            sql`select count(*)::int as n from customer_view where flow_id = ${A.flowId} and kind = 'flow' and document_id is null`,
          ),
        )
      ).rows[0]!.n;
    const sent = await t.api('POST', '/api/message', {
      token: a.token,
      body: { flow_id: A.flowId, content: 'De monteur komt dinsdag.' },
    });
    expect(sent.status).toBe(201);
    const before = await count();
    const call = customer(nextAddress());
    const first = await call('GET', `/api/flow/${A.hash}/getbycustomer`);
    expect(first.body.unread_messages).toBe(1);
    expect((await t.api('GET', `/api/message/${sent.body.id}`, { token: a.token })).body.status).toBe('read');
    const second = await call('GET', `/api/flow/${A.hash}/getbycustomer`);
    expect(second.body.unread_messages).toBe(0);
    expect(await count()).toBe(before + 2);
  });

  it('shows nothing staff-only and nothing of another flow or company', async () => {
    const d = (await customer(nextAddress())('GET', `/api/flow/${A.hash}/getbycustomer`)).body;
    const text = JSON.stringify(d);
    for (const secret of [
      NOTE,
      AGENDA_INTERNAL,
      // The flow's description is the office's note (decision 045).
      'Belde n.a.v. de buurman',
      'klant.prive@voorbeeld.nl',
      'Concurrent B Geheim',
      'Notitie van B',
      'Lekkage B',
      'quotationDraft',
      'quotationDeleted',
      'quotationTemplate',
    ])
      expect(text, secret).not.toContain(secret);
    expect(Object.keys(d).sort()).toEqual(
      [
        'hash',
        'number',
        'title',
        'flow_status',
        'lead_date',
        'relation',
        'company',
        'timeline',
        'documents',
        'redirect',
        'forms',
        'flowfiles',
        'incidents',
        'incident_types',
        'agendaitems',
        'unread_messages',
      ].sort(),
    );
    expect(Object.keys(d.relation)).toEqual(['fullname']);
    for (const key of ['user_id', 'relation_id', 'company_id', 'id', 'notes', 'purchase_price', 'tags'])
      expect(d, key).not.toHaveProperty(key);
    // B's link shows B's dossier only.
    const other = (await customer(nextAddress())('GET', `/api/flow/${B.hash}/getbycustomer`)).body;
    expect(other.company.name).toBe('Concurrent B Geheim');
    expect(other.documents).toEqual([]);
    expect(other.incident_types).toEqual([{ id: B.typeId, description: 'Lekkage B' }]);
    expect(JSON.stringify(other)).not.toContain('Dossier Installaties A');
  });

  it('unknown hash 404 and reset hash 404 with the Dutch text, trashed flow 410', async () => {
    const call = customer(nextAddress());
    for (const hash of ['AAAAAAAAAAAAAAAAAAAAAA', 'x', `${A.hash.slice(0, -2)}zz`]) {
      const res = await call('GET', `/api/flow/${hash}/getbycustomer`);
      expect(res.status, hash).toBe(404);
      expect(res.body.message).toBe(CUSTOMER_TEXTS.flowNotFound);
    }
    const rel = await createTestRelation(t, a.token, { createnewflow: true });
    const oldHash = await flowHash(rel.flow_id);
    expect((await call('GET', `/api/flow/${oldHash}/getbycustomer`)).status).toBe(200);
    const reset = await t.api('POST', `/api/flow/${rel.flow_id}/resethash`, { token: a.token });
    expect(reset.status).toBe(200);
    const old = await call('GET', `/api/flow/${oldHash}/getbycustomer`);
    expect(old.status).toBe(404);
    expect(old.body.message).toBe(CUSTOMER_TEXTS.flowNotFound);
    expect((await call('GET', `/api/flow/${reset.body.hash}/getbycustomer`)).status).toBe(200);
    expect((await t.api('DELETE', `/api/flow/${rel.flow_id}`, { token: a.token })).status).toBe(200);
    for (const path of [
      `/api/flow/${reset.body.hash}/getbycustomer`,
      `/api/flow/${reset.body.hash}/getflowlogobycustomer`,
      `/api/message/${reset.body.hash}/getbycustomer`,
    ]) {
      const gone = await call('GET', path);
      expect(gone.status, path).toBe(410);
      expect(gone.body.message, path).toBe(CUSTOMER_TEXTS.flowGone);
    }
  });
});

describe('logo and background by the flow hash', () => {
  it('answers 200 with x-imagestatus unavailable without an image, the bytes with one', async () => {
    const ip = nextAddress();
    for (const path of ['getflowlogobycustomer', 'getflowcustomerbackground']) {
      const none = await raw('GET', `/api/flow/${A.hash}/${path}`, ip);
      expect(none.status).toBe(200);
      expect(none.headers.get('x-imagestatus')).toBe('unavailable');
      expect(none.bytes.length).toBe(0);
    }
    const key = `companies/${a.companyId}/logo/test-logo.png`;
    await t.server.deps.storage.put(key, Readable.from([PNG]));
    await t.server.deps.db.tenant({ companyId: a.companyId, userId: a.userId }, async (tx) => {
      const [file] = await tx
        .insert(storedFile)
        .values({
          storageKey: key,
          filename: 'logo.png',
          mimeType: 'image/png',
          size: PNG.length,
          purpose: 'logo',
        })
        .returning({ id: storedFile.id });
      const updated = await tx
        .update(companySettings)
        .set({ logoFileId: file!.id })
        .where(eq(companySettings.companyId, a.companyId))
        .returning({ id: companySettings.id });
      if (!updated.length) await tx.insert(companySettings).values({ logoFileId: file!.id });
    });
    const logo = await raw('GET', `/api/flow/${A.hash}/getflowlogobycustomer`, ip);
    expect(logo.status).toBe(200);
    expect(logo.headers.get('content-type')).toBe('image/png');
    expect(logo.bytes.equals(PNG)).toBe(true);
    const d = (await customer(ip)('GET', `/api/flow/${A.hash}/getbycustomer`)).body;
    expect(d.company.logo_url).toBe(`/api/flow/${A.hash}/getflowlogobycustomer`);
    // B's link never gives A's logo.
    const other = await raw('GET', `/api/flow/${B.hash}/getflowlogobycustomer`, ip);
    expect(other.headers.get('x-imagestatus')).toBe('unavailable');
    expect((await raw('GET', '/api/flow/AAAAAAAAAAAAAAAAAAAAAA/getflowlogobycustomer', ip)).status).toBe(404);
  });
});

describe('flow files', () => {
  it('stores an image or PDF of the customer on the flow (hash in the form or the query), logged', async () => {
    const call = customer(nextAddress());
    const res = await call(
      'POST',
      '/api/flowfile/storebycustomer',
      form(PDF, 'meterkast.pdf', { hash: A.hash }),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(Number),
      filename: 'meterkast.pdf',
      mime_type: 'application/pdf',
      size: PDF.length,
      created_at: expect.any(String),
      url: `/api/flowfile/${res.body.id}/showbycustomer?hash=${A.hash}`,
    });
    expect(await logCount(t, 'flow', A.flowId, 'upload')).toBeGreaterThanOrEqual(1);
    const byQuery = await call(
      'POST',
      `/api/flowfile/storebycustomer?hash=${A.hash}`,
      form(PNG, 'foto.png', { flow_id: A.flowId }, true),
    );
    expect(byQuery.status, JSON.stringify(byQuery.body)).toBe(201);
    expect(byQuery.body.mime_type).toBe('image/png');
    // Staff see it on the flow; the dossier lists both with the customer's address.
    const staff = await t.api('GET', `/api/flow/${A.flowId}`, { token: a.token });
    expect(staff.body.files.map((f: { id: number }) => f.id)).toEqual(
      expect.arrayContaining([res.body.id, byQuery.body.id]),
    );
    const d = (await call('GET', `/api/flow/${A.hash}/getbycustomer`)).body;
    expect(d.flowfiles.map((f: { url: string }) => f.url)).toEqual(
      expect.arrayContaining([res.body.url, byQuery.body.url]),
    );

    const shown = await raw('GET', res.body.url, nextAddress());
    expect(shown.status).toBe(200);
    expect(shown.headers.get('content-type')).toBe('application/pdf');
    expect(shown.headers.get('x-filename')).toBe('meterkast.pdf');
    expect(shown.bytes.equals(PDF)).toBe(true);
    const posted = await raw('POST', `/api/flowfile/${res.body.id}/showbycustomer`, nextAddress(), {
      hash: A.hash,
    });
    expect(posted.status).toBe(200);
    expect(posted.bytes.equals(PDF)).toBe(true);
  });

  it('refuses other types by content (415), another flow’s flow_id (422), files of other flows (404)', async () => {
    const ip = nextAddress();
    const call = customer(ip);
    const countFiles = async () =>
      (
        await t.server.deps.db.platform((tx) =>
          tx.execute<{ n: number }>(
            sql`select count(*)::int as n from stored_file where purpose = 'flowfile'`,
          ),
        )
      ).rows[0]!.n;
    const before = await countFiles();
    for (const [bytes, name] of [
      [Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'x.pdf'],
      [Buffer.from('MZ\x90\x00 just an executable'), 'foto.jpg'],
      [Buffer.from('gewone tekst'), 'notitie.txt'],
    ] as const) {
      const res = await call('POST', '/api/flowfile/storebycustomer', form(bytes, name, { hash: A.hash }));
      expect(res.status, name).toBe(415);
      expect(res.body.message).toBe(CUSTOMER_TEXTS.uploadOnlyImagesAndPdf);
    }
    const mismatch = await call(
      'POST',
      '/api/flowfile/storebycustomer',
      form(PDF, 'a.pdf', { hash: A.hash, flow_id: A2.flowId }),
    );
    expect(mismatch.status).toBe(422);
    expect(mismatch.body.errors.flow_id).toEqual([DOSSIER_TEXTS.flowMismatch]);
    const unknown = await call(
      'POST',
      '/api/flowfile/storebycustomer',
      form(PDF, 'a.pdf', { hash: 'A'.repeat(22) }),
    );
    expect(unknown.status).toBe(404);
    const noHash = await call('POST', '/api/flowfile/storebycustomer', form(PDF, 'a.pdf'));
    expect(noHash.status).toBe(404);
    expect(await countFiles()).toBe(before);

    // A staff file of A's other flow, an assist file, B's file: 404 by A's hash.
    const other = await t.api('POST', '/api/flowfile', {
      token: a.token,
      body: form(PDF, 'ander.pdf', { flow_id: A2.flowId }, true),
    });
    expect(other.status).toBe(201);
    const assist = await t.api('POST', '/api/assistfile', {
      token: a.token,
      body: form(PDF, 'intern.pdf', { flow_id: A.flowId }, true),
    });
    expect(assist.status).toBe(201);
    for (const id of [other.body.id, assist.body.id, 99999999]) {
      expect(
        (await raw('GET', `/api/flowfile/${id}/showbycustomer?hash=${A.hash}`, ip)).status,
        `${id}`,
      ).toBe(404);
    }
    expect(
      (await raw('GET', `/api/flowfile/${other.body.id}/showbycustomer?hash=${A2.hash}`, ip)).status,
    ).toBe(200);
    expect(
      (await raw('GET', `/api/flowfile/${other.body.id}/showbycustomer?hash=${B.hash}`, ip)).status,
    ).toBe(404);
    expect((await raw('GET', `/api/flowfile/${other.body.id}/showbycustomer`, ip)).status).toBe(404);
    const d = (await call('GET', `/api/flow/${A.hash}/getbycustomer`)).body;
    expect(d.flowfiles.map((f: { filename: string }) => f.filename)).not.toContain('intern.pdf');
  });
});

describe('incidents', () => {
  it('reports an incident on the hash’s flow (the handler is notified) and resolves it by its own hash', async () => {
    const call = customer(nextAddress());
    const res = await call('POST', '/api/incident/savebycustomer', {
      hash: A.hash,
      incident_type_id: typeA,
      content: 'De warmtepomp maakt herrie.',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({
      incident_type_id: typeA,
      incident_type_name: 'Storing',
      content: 'De warmtepomp maakt herrie.',
      status: 'open',
      resolved_at: null,
    });
    const bell = await t.api('GET', '/api/user/getdashboardnotifications', { token: a.token });
    expect(bell.body.items.some((n: { notifiable_type: string }) => n.notifiable_type === 'incident')).toBe(
      true,
    );
    const d = (await call('GET', `/api/flow/${A.hash}/getbycustomer`)).body;
    expect(d.incidents.map((i: { hash: string }) => i.hash)).toContain(res.body.hash);

    const resolved = await call('POST', `/api/incident/${res.body.hash}/resolvebycustomer`);
    expect(resolved.status).toBe(200);
    expect(resolved.body).toMatchObject({ hash: res.body.hash, status: 'resolved' });
    expect(resolved.body.resolved_at).toEqual(expect.any(String));
    const unknown = await call('POST', '/api/incident/AAAAAAAAAAAAAAAAAAAAAA/resolvebycustomer');
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe(INCIDENT_MESSAGES.notFound);
  });

  it('refuses a type of another company (422) and bad bodies (4xx)', async () => {
    const call = customer(nextAddress());
    const foreign = await call('POST', '/api/incident/savebycustomer', {
      hash: A.hash,
      incident_type_id: B.typeId,
      content: 'x',
    });
    expect(foreign.status).toBe(422);
    expect(foreign.body.errors.incident_type_id).toEqual([INCIDENT_MESSAGES.unknownType]);
    for (const body of [
      {},
      { hash: A.hash, incident_type_id: typeA, content: '   ' },
      { hash: A.hash, incident_type_id: 'x', content: 'a' },
      { hash: A.hash, content: 'a' },
      [1, 2],
    ]) {
      const res = await call('POST', '/api/incident/savebycustomer', body);
      expect(res.status, JSON.stringify(body)).toBeGreaterThanOrEqual(400);
      expect(res.status, JSON.stringify(body)).toBeLessThan(500);
    }
  });
});

describe('form copies', () => {
  it('answers a copy with its fields and the customer’s photo addresses', async () => {
    const call = customer(nextAddress());
    const jpg = await sharp({ create: { width: 60, height: 40, channels: 3, background: '#36c' } })
      .jpeg()
      .toBuffer();
    const photo = await call(
      'POST',
      '/api/picture/storebycustomer',
      form(jpg, 'dak.jpg', { hash: A.hash, flow_data_item_id: A.itemId, field_name: 'fotos' }),
    );
    expect(photo.status, JSON.stringify(photo.body)).toBe(201);
    const res = await call('GET', `/api/flowdataitem/${A.itemId}/getbycustomer?hash=${A.hash}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.item).toMatchObject({ id: A.itemId, flow_id: A.flowId, status: 'open' });
    expect(res.body.fields.map((f: { field_name: string }) => f.field_name)).toEqual([
      'panelen',
      'opmerking',
      'fotos',
    ]);
    expect(res.body.item.pictures).toHaveLength(1);
    expect(res.body.item.pictures[0].thumbnail_url).toBe(
      `/api/picture/${photo.body.id}/getbycustomer?hash=${A.hash}&width=400`,
    );
    expect(res.body.item.pictures[0].url).toMatch(/getbycustomer\?hash=.*&width=\d+$/);
  });

  it('updates an open copy, sends it (logged), then refuses changes with itemSent (422)', async () => {
    const call = customer(nextAddress());
    const updated = await call('POST', `/api/flowdataitem/${A.itemId}/updatebycustomer?hash=${A.hash}`, {
      values: { panelen: '12', opmerking: 'Plat dak' },
    });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expect(updated.body.values).toMatchObject({ panelen: '12', opmerking: 'Plat dak' });
    const unknownField = await call('POST', `/api/flowdataitem/${A.itemId}/updatebycustomer?hash=${A.hash}`, {
      values: { bestaatniet: 1 },
    });
    expect(unknownField.status).toBe(422);
    const notNumber = await call('POST', `/api/flowdataitem/${A.itemId}/updatebycustomer?hash=${A.hash}`, {
      values: { panelen: 'veel' },
    });
    expect(notNumber.status).toBe(422);
    expect(await logCount(t, 'flowdataitem', A.itemId, 'update')).toBeGreaterThanOrEqual(1);

    const sent = await call('POST', `/api/flowdataitem/${A.itemId}/sendbycustomer?hash=${A.hash}`);
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body.status).toBe('sent');
    expect(sent.body.sent_at).toEqual(expect.any(String));
    expect(await logCount(t, 'flowdataitem', A.itemId, 'status')).toBe(1);
    for (const [path, body] of [
      [`/api/flowdataitem/${A.itemId}/updatebycustomer?hash=${A.hash}`, { values: { opmerking: 'x' } }],
      [`/api/flowdataitem/${A.itemId}/sendbycustomer?hash=${A.hash}`, undefined],
      [`/api/flowdataitem/${A.sentItemId}/updatebycustomer?hash=${A.hash}`, { values: { opmerking: 'x' } }],
    ] as const) {
      const res = await call('POST', path, body);
      expect(res.status, path).toBe(422);
      expect(res.body.message).toBe(FORM_MESSAGES.itemSent);
    }
    // Staff still see (and may roll back) the submitted copy.
    const staff = await t.api('GET', `/api/flowdataitem/${A.itemId}`, { token: a.token });
    expect(staff.body).toMatchObject({ status: 'sent', values: { opmerking: 'Plat dak' } });
  });

  it('answers 404 to a copy of another flow or company, and to a wrong hash', async () => {
    const call = customer(nextAddress());
    for (const [id, hash] of [
      [A2.itemId, A.hash],
      [B.itemId, A.hash],
      [A.roomItemId, B.hash],
      [A.intakeItemId, A.hash],
      [A.serviceItemId, A.hash],
      [A.itemId, 'A'.repeat(22)],
      [99999999, A.hash],
    ] as const) {
      for (const [method, action, body] of [
        ['GET', 'getbycustomer', undefined],
        ['POST', 'updatebycustomer', { values: { opmerking: 'x' } }],
        ['POST', 'sendbycustomer', undefined],
      ] as const) {
        const res = await call(method, `/api/flowdataitem/${id}/${action}?hash=${hash}`, body);
        expect(res.status, `${action} ${id}`).toBe(404);
      }
    }
    const untouched = await t.api('GET', `/api/flowdataitem/${B.itemId}`, { token: b.token });
    expect(untouched.body).toMatchObject({
      status: 'open',
      values: expect.not.objectContaining({ opmerking: 'x' }),
    });
  });
});

describe('bad input', () => {
  it('answers 4xx, never 5xx, to malformed ids, hashes and bodies on every dossier call', async () => {
    const garbage: unknown[] = [
      undefined,
      {},
      [1, 2, 3],
      'nonsense',
      { hash: { $ne: 1 }, values: 'x', content: 5 },
    ];
    const paths = [
      ['GET', '/api/flow/%ZZ/getbycustomer'],
      ['GET', `/api/flow/${'x'.repeat(300)}/getbycustomer`],
      ['GET', '/api/flow/x/getflowlogobycustomer'],
      ['GET', '/api/flow/x/getflowcustomerbackground'],
      ['POST', '/api/flowfile/storebycustomer'],
      ['GET', '/api/flowfile/x/showbycustomer?hash=x'],
      ['POST', '/api/flowfile/-1/showbycustomer'],
      ['GET', '/api/flowdataitem/x/getbycustomer'],
      ['POST', `/api/flowdataitem/${A.itemId}/updatebycustomer?hash=${A.hash}`],
      ['POST', `/api/flowdataitem/99999999999999999999/sendbycustomer?hash=${A.hash}`],
      ['POST', '/api/incident/savebycustomer'],
      ['POST', '/api/incident/x/resolvebycustomer'],
    ] as const;
    for (const [method, path] of paths) {
      // Each call its own address: the sweep is many unknown hashes, which the guess guard would stop.
      for (const body of method === 'GET' ? [undefined] : garbage) {
        const res = await customer(nextAddress())(method, path, body);
        const label = `${method} ${path} ${JSON.stringify(body)}`;
        expect(res.status, label).toBeGreaterThanOrEqual(400);
        expect(res.status, label).toBeLessThan(500);
        expect(typeof res.body.message, label).toBe('string');
      }
    }
  });
});

describe('the guess guard (its own server and database: the guard counts per address)', () => {
  let g: TestServer;
  beforeAll(async () => {
    g = await startTestServer({ work: false });
  });
  afterAll(async () => g?.close());

  it('refuses every customer call (429) after 30 unknown hashes from one address', async () => {
    const c = await createCrmCompany(g);
    const rel = await createTestRelation(g, c.token, { createnewflow: true });
    const known = (await g.api('GET', `/api/flow/${rel.flow_id}`, { token: c.token })).body.hash;
    expect((await g.api('GET', `/api/flow/${known}/getbycustomer`)).status).toBe(200);
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) {
      const guess = `${i.toString().padStart(4, '0')}AAAAAAAAAAAAAAAAAA`;
      const path =
        i % 3 === 0
          ? `/api/flow/${guess}/getbycustomer`
          : i % 3 === 1
            ? `/api/message/${guess}/getbycustomer`
            : `/api/flowdataitem/1/getbycustomer?hash=${guess}`;
      statuses.push((await g.api('GET', path)).status);
    }
    expect(statuses.slice(0, 30)).toEqual(Array(30).fill(404));
    expect(statuses[30]).toBe(429);
    const blocked = await g.api('GET', `/api/flow/${known}/getbycustomer`);
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toBe(CUSTOMER_TEXTS.guessBlocked(10));
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(540);
    expect(Number(blocked.headers.get('retry-after'))).toBeLessThanOrEqual(600);
    // A document's calculation link counts too.
    expect((await g.api('GET', '/api/calculation/0000AAAAAAAAAAAAAAAAAA/getbycustomer')).status).toBe(429);
    // Staff calls are not customer calls: they go on.
    expect((await g.api('GET', `/api/flow/${rel.flow_id}`, { token: c.token })).status).toBe(200);
  });
});
