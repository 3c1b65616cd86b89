import {
  FLOW_IMPORT_FIELD_LABELS,
  FLOW_IMPORT_FIELDS,
  guessFlowImportMapping,
  zAdminCount,
  zBatchStarted,
  zExportRelationsQuery,
  zIdParams,
  zImportQuery,
  zRelationImportPreview,
} from '@im/domain';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import Papa from 'papaparse';
import { rawRows, type Tx } from '../../platform/db/database';
import { AppError, notFound } from '../../platform/errors';
import { writeLog } from '../../platform/events/write-log';
import { contentDisposition } from '../../platform/files/send-file';
import { writeSpreadsheet } from '../../platform/files/spreadsheet';
import { moduleRoute } from '../../platform/http/access';
import { downloadDoc, FILE_TYPES, uploadDoc } from '../../platform/http/openapi';
import { platformTx } from '../../platform/http/request-auth';
import { BULK_DELETE_RELATIONS, MAX_BULK_DELETE } from '../relations';
import { chooseRows, classifyRows } from './classify-rows';
import { FLOW_IMPORT } from './flow-import-jobs';
import { parseImportFile, receiveImportFile } from './read-import-file';

// Spec 000 sections 4 and 7: the platform administrator's imports and exports per company.
const ADMIN = { access: moduleRoute('ADMIN') };
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const RESET_LEAD_LOG = 'Lead teruggezet naar open (Eerste stap van de pipeline) door de beheerder';
export const RELATION_FILE_HAS_ERRORS = 'Het bestand bevat fouten; er is niets geïmporteerd.';

/** Runs `fn` as the company `id` (any live company; an unknown or deleted one answers 404). */
async function asCompany<T>(request: FastifyRequest, id: number, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return platformTx(request, async (tx) => {
    const found = await tx.execute(sql`select id from company where id = ${id} and deleted_at is null`);
    if (!found.rows.length) throw notFound();
    await tx.execute(
      sql`select set_config('app.company_id', ${String(id)}, true), set_config('app.all_companies', '', true)`,
    );
    return fn(tx);
  });
}

/** The export's columns: the import's field names, so an exported file imports again as it is. */
const EXPORT_FIELDS = FLOW_IMPORT_FIELDS.filter(
  (f) => !['fullname', 'description', 'reference', 'reference2', 'reference3'].includes(f),
);

async function relationRows(tx: Tx): Promise<string[][]> {
  const rows = await rawRows<Record<string, string>>(
    tx,
    `select r.name, r.nameprefix, r.surname, r.email, r.phone, r.mobile,
       coalesce(l.address, '') as address, coalesce(l.number, '') as number, coalesce(l.number_addition, '') as number_addition,
       coalesce(l.postcode, '') as postcode, coalesce(l.city, '') as city, r.country
     from relation r
     left join lateral (select * from location where relation_id = r.id order by is_main desc, id limit 1) l on true
     where r.deleted_at is null order by r.id`,
    [],
  );
  return rows.map((r) => EXPORT_FIELDS.map((f) => r[f] ?? ''));
}

export async function relationAdminRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/company/:id/exportrelations',
    {
      config: {
        ...ADMIN,
        ...downloadDoc('De relaties als spreadsheet (xlsx of csv)', FILE_TYPES.spreadsheet),
      },
      schema: { params: zIdParams, querystring: zExportRelationsQuery },
    },
    async (request, reply) => {
      const { id } = request.params;
      const rows = await asCompany(request, id, relationRows);
      const date = new Date().toISOString().slice(0, 10);
      const csv = request.query.format === 'csv';
      const name = `relaties-${id}-${date}.${csv ? 'csv' : 'xlsx'}`;
      const body = csv
        ? Buffer.from(
            `\uFEFF${Papa.unparse([EXPORT_FIELDS as unknown as string[], ...rows], { delimiter: ';' })}`,
          )
        : await writeSpreadsheet('Relaties', [...EXPORT_FIELDS], rows);
      return reply
        .header('content-type', csv ? 'text/csv; charset=utf-8' : XLSX)
        .header('x-filename', name)
        .header('content-disposition', contentDisposition('attachment', name))
        .send(body);
    },
  );

  r.post(
    '/api/company/:id/importrelations',
    {
      config: { ...ADMIN, ...uploadDoc({ accepts: 'een spreadsheet (xlsx of csv)' }) },
      schema: {
        consumes: ['multipart/form-data'],
        params: zIdParams,
        querystring: zImportQuery,
        response: { 200: zRelationImportPreview.or(zBatchStarted) },
      },
    },
    async (request) => {
      const upload = await receiveImportFile(request);
      const sheet = await parseImportFile(upload.bytes, upload.ext);
      const mapping = guessFlowImportMapping(sheet.headers);
      return asCompany(request, request.params.id, async (tx) => {
        const classified = await classifyRows(tx, sheet, mapping, { relationId: null });
        const errors = classified.flatMap((c) =>
          Object.entries(c.preview.errors).map(([field, message]) => ({
            row: c.preview.row,
            message: `${FLOW_IMPORT_FIELD_LABELS[field as keyof typeof FLOW_IMPORT_FIELD_LABELS] ?? field}: ${message}`,
          })),
        );
        const count = (s: string) => classified.filter((c) => c.preview.status === s).length;
        if (request.query.preview === '1' || request.query.preview === 'true')
          return {
            rows: classified.length,
            create: count('new'),
            existing: count('existing'),
            duplicate: count('duplicate'),
            errors,
          };
        if (errors.length)
          throw new AppError('validation', RELATION_FILE_HAS_ERRORS, {
            errors: { file: errors.slice(0, 50).map((e) => `Regel ${e.row}: ${e.message}`) },
          });
        // Relations that exist already (e-mail, address or name) and repeated rows are left alone.
        const rows = chooseRows(
          classified,
          Object.fromEntries(
            classified.map((c) => [String(c.preview.row), c.preview.status === 'new' ? 'create' : 'skip']),
          ),
        );
        const [created] = await rawRows<{ id: number }>(
          tx,
          'insert into flow_import (filename, rows) values ($1, $2) returning id',
          [upload.filename, rows.length],
        );
        const batchId = await app.deps.jobs.startBatch(tx, FLOW_IMPORT, {
          importId: created!.id,
          filename: upload.filename,
          rows,
          links: {
            importId: created!.id,
            withFlows: false,
            status: 'new',
            flowPhaseId: null,
            tags: [],
            partnerId: null,
            organizationId: null,
            userId: null,
            officeUserId: null,
            projectUserId: null,
            leadSource: null,
          },
        });
        await rawRows(tx, 'update flow_import set batch_id = $2 where id = $1', [created!.id, batchId]);
        return { batchId };
      });
    },
  );

  r.post(
    '/api/company/:id/deleterelations',
    { config: ADMIN, schema: { params: zIdParams, response: { 200: zBatchStarted } } },
    async (request) =>
      asCompany(request, request.params.id, async (tx) => {
        const ids = await rawRows<{ id: number }>(
          tx,
          `select id from relation where deleted_at is null order by id limit ${MAX_BULK_DELETE}`,
          [],
        );
        const relationIds = ids.map((x) => x.id);
        return { batchId: await app.deps.jobs.startBatch(tx, BULK_DELETE_RELATIONS, { relationIds }) };
      }),
  );

  r.post(
    '/api/company/:id/completeallactions',
    { config: ADMIN, schema: { params: zIdParams, response: { 200: zAdminCount } } },
    async (request) =>
      asCompany(request, request.params.id, async (tx) => {
        const done = await rawRows(
          tx,
          `update action set status = 'afgerond', completion_date = now(), updated_at = now()
           where status = 'open' returning id`,
          [],
        );
        return { count: done.length };
      }),
  );

  // Spec 000 section 7 "resetallleads (status 'open')" (decision 066): every live flow of the company still in
  // the lead stage (unread or new) goes back to the open lead, status 'new' in the lead stage's first phase;
  // flows past the lead stage are left alone. Each changed flow gets a log item; the answer is the count.
  r.post(
    '/api/company/:id/resetallleads',
    { config: ADMIN, schema: { params: zIdParams, response: { 200: zAdminCount } } },
    async (request) =>
      asCompany(request, request.params.id, async (tx) => {
        const reset = await rawRows<{ id: number }>(
          tx,
          `with first_phase as (
             select id from flow_phase where flowstage = 'new' order by "order", id limit 1)
           update flow f set flow_status = 'new', flow_phase_id = (select id from first_phase), updated_at = now()
           where f.deleted_at is null and f.merged_into_flow_id is null and f.flow_status in ('unread', 'new')
             and (f.flow_status <> 'new' or f.flow_phase_id is distinct from (select id from first_phase))
           returning f.id`,
          [],
        );
        if (reset.length > 0) {
          await rawRows(
            tx,
            `insert into log_item (loggable_type, loggable_id, action, description)
             select 'flow', u.id, 'update', $2 from unnest($1::int[]) as u(id)`,
            [reset.map((r) => r.id), RESET_LEAD_LOG],
          );
          await writeLog(tx, {
            type: 'company',
            id: request.params.id,
            action: 'update',
            description: `${reset.length} leads teruggezet naar open`,
          });
        }
        return { count: reset.length };
      }),
  );
}
