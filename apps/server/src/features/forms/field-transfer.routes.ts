// Routes of the platform administrator's form transfer (spec 000 "Company admin": exportverticaldatafields,
// importverticaldatafields, addverticaltocompany, removeverticalfromcompany; spec 002; decision 023).
import {
  FIELD_TRANSFER_MESSAGES,
  zBatchStarted,
  zFieldExportQuery,
  zFieldImportPreview,
  zFieldImportResult,
  zFieldImportResultParams,
  zIdParams,
  zImportQuery,
  zVertical,
  zVerticalToCompany,
} from '@im/domain';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Tx } from '../../platform/db/database';
import { batch } from '../../platform/db/tables/batch.schema';
import { AppError, notFound } from '../../platform/errors';
import { contentDisposition } from '../../platform/files/send-file';
import { MAX_SPREADSHEET_BYTES, readSpreadsheet } from '../../platform/files/spreadsheet';
import { receiveUploadBuffer } from '../../platform/files/upload';
import { moduleRoute } from '../../platform/http/access';
import { downloadDoc, FILE_TYPES, uploadDoc } from '../../platform/http/openapi';
import { authOf, platformTx } from '../../platform/http/request-auth';
import { addVerticalToCompany } from './add-vertical-to-company';
import { checkFieldRows } from './check-field-rows';
import { exportFields } from './export-fields';
import {
  IMPORT_VERTICAL_DATA_FIELDS,
  importResultOf,
  registerFieldImportJob,
  zFieldImportPayload,
} from './field-import.job';
import { requireLiveCompany } from './field-transfer-common';
import { listCompanyVerticals } from './list-company-verticals';
import { removeVerticalFromCompany } from './remove-vertical-from-company';

const ADMIN = { access: moduleRoute('ADMIN') };
const UPLOAD = { consumes: ['multipart/form-data'] };
const SHEET = uploadDoc({ accepts: 'een spreadsheet (xlsx of csv)' });

const isPreview = (query: { preview?: string }) => query.preview === '1' || query.preview === 'true';

/** Platform scope on a live company (else 404); every query below names the company itself. */
function companyTx<T>(request: FastifyRequest, id: number, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return platformTx(request, async (tx) => {
    await requireLiveCompany(tx, id);
    return fn(tx);
  });
}

export async function fieldTransferRoutes(app: FastifyInstance): Promise<void> {
  // The import batch is defined with its routes; defining it again (from the server's job wiring) is harmless.
  registerFieldImportJob(app.deps.jobs);
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/company/:id/verticals',
    { config: ADMIN, schema: { params: zIdParams, response: { 200: z.array(zVertical) } } },
    (request) => companyTx(request, request.params.id, (tx) => listCompanyVerticals(tx, request.params.id)),
  );

  r.patch(
    '/api/company/:id/addverticaltocompany',
    {
      config: ADMIN,
      schema: { params: zIdParams, body: zVerticalToCompany, response: { 200: z.array(zVertical) } },
    },
    (request) =>
      platformTx(request, async (tx) => {
        await addVerticalToCompany(tx, request.params.id, request.body.verticalId);
        return listCompanyVerticals(tx, request.params.id);
      }),
  );

  r.patch(
    '/api/company/:id/removeverticalfromcompany',
    {
      config: ADMIN,
      schema: { params: zIdParams, body: zVerticalToCompany, response: { 200: z.array(zVertical) } },
    },
    (request) =>
      platformTx(request, async (tx) => {
        await removeVerticalFromCompany(tx, request.params.id, request.body.verticalId);
        return listCompanyVerticals(tx, request.params.id);
      }),
  );

  r.get(
    '/api/company/:id/exportverticaldatafields',
    {
      config: { ...ADMIN, ...downloadDoc('De formuliervelden als spreadsheet', FILE_TYPES.spreadsheet) },
      schema: { params: zIdParams, querystring: zFieldExportQuery },
    },
    async (request, reply) => {
      const id = request.params.id;
      const file = await companyTx(request, id, (tx) => exportFields(tx, id, request.query.format));
      return reply
        .header('content-type', file.type)
        .header('x-filename', file.filename)
        .header('content-disposition', contentDisposition('attachment', file.filename))
        .send(file.bytes);
    },
  );

  r.post(
    '/api/company/:id/importverticaldatafields',
    {
      config: { ...ADMIN, ...SHEET },
      schema: {
        ...UPLOAD,
        params: zIdParams,
        querystring: zImportQuery,
        response: { 200: zFieldImportPreview.or(zBatchStarted) },
      },
    },
    async (request) => {
      const { bytes } = await receiveUploadBuffer(request, MAX_SPREADSHEET_BYTES);
      const rows = await readSpreadsheet(bytes);
      const id = request.params.id;
      return companyTx(request, id, async (tx) => {
        const checked = await checkFieldRows(tx, id, rows);
        if (isPreview(request.query)) return checked.preview;
        if (checked.rows.length === 0)
          throw new AppError('validation', FIELD_TRANSFER_MESSAGES.nothingToImport, {
            errors: {
              file: checked.errors.length
                ? checked.errors.map((e) => e.message)
                : [FIELD_TRANSFER_MESSAGES.nothingToImport],
            },
          });
        const batchId = await app.deps.jobs.startBatch(tx, IMPORT_VERTICAL_DATA_FIELDS, {
          companyId: id,
          rows: checked.rows,
          skipped: checked.errors,
        });
        return { batchId };
      });
    },
  );

  r.get(
    '/api/company/:id/importverticaldatafields/:batchId',
    { config: ADMIN, schema: { params: zFieldImportResultParams, response: { 200: zFieldImportResult } } },
    (request) =>
      platformTx(request, async (tx) => {
        const [row] = await tx
          .select()
          .from(batch)
          .where(
            and(
              eq(batch.id, request.params.batchId),
              eq(batch.type, IMPORT_VERTICAL_DATA_FIELDS),
              eq(batch.companyId, authOf(request).companyId),
            ),
          );
        const payload = row && zFieldImportPayload.safeParse(row.payload);
        if (!row || !payload?.success || payload.data.companyId !== request.params.id) throw notFound();
        return importResultOf(payload.data, row.state, row.finishedAt !== null);
      }),
  );
}
