import {
  zBatchStarted,
  zCopyProducts,
  zIdParams,
  zImportQuery,
  zMatrixPreview,
  zProduct,
  zProductImportPreview,
  zTableRowsPreview,
} from '@im/domain';
import { eq, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Tx } from '../../platform/db/database';
import { company } from '../../platform/db/tables/companies.schema';
import { AppError, notFound } from '../../platform/errors';
import { contentDisposition } from '../../platform/files/send-file';
import { MAX_SPREADSHEET_BYTES, readSpreadsheet } from '../../platform/files/spreadsheet';
import { receiveUploadBuffer } from '../../platform/files/upload';
import { moduleRoute } from '../../platform/http/access';
import { downloadDoc, FILE_TYPES, uploadDoc } from '../../platform/http/openapi';
import { authOf, platformTx, tenantTx } from '../../platform/http/request-auth';
import { loadProduct } from './product-dto';
import { exportProducts } from './product-export';
import { checkProductRows, FILE_HAS_ERRORS, previewOf } from './product-import';
import { COPY_PRODUCTS, DELETE_PRODUCTS, DELETE_PRODUCTS_PERMANENTLY, IMPORT_PRODUCTS } from './product-jobs';
import { checkMatrix, checkTableRows, replaceTableRows, saveMatrix } from './product-table-import';

const SETTINGS = { access: moduleRoute('SETTINGS') };
const ADMIN = { access: moduleRoute('ADMIN') };
const UPLOAD = { consumes: ['multipart/form-data'] };
const SHEET = uploadDoc({ accepts: 'een spreadsheet (xlsx of csv)' });
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const isPreview = (query: { preview?: string }) => query.preview === '1' || query.preview === 'true';

/**
 * `/api/company/{id}/...` for products: the caller's own company, or any live company for a platform
 * administrator (ADMIN module). Anything else answers 404, as an id that does not exist.
 */
async function companyScope<T>(request: FastifyRequest, id: number, fn: (tx: Tx) => Promise<T>): Promise<T> {
  const auth = authOf(request);
  if (id === auth.companyId) return tenantTx(request, fn);
  if (!auth.modules.has('ADMIN')) throw notFound();
  return platformTx(request, async (tx) => {
    const [found] = await tx
      .select({ id: company.id })
      .from(company)
      .where(sql`${eq(company.id, id)} and ${isNull(company.deletedAt)}`);
    if (!found) throw notFound();
    await tx.execute(
      sql`select set_config('app.company_id', ${String(id)}, true), set_config('app.all_companies', '', true)`,
    );
    return fn(tx);
  });
}

async function spreadsheetOf(request: FastifyRequest) {
  const { bytes } = await receiveUploadBuffer(request, MAX_SPREADSHEET_BYTES);
  return readSpreadsheet(bytes);
}

async function liveProduct(tx: Tx, id: number) {
  const p = await loadProduct(tx, id);
  if (!p || p.deleted_at) throw notFound();
  return p;
}

export async function productImportRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/company/:id/exportproducts',
    {
      config: { ...SETTINGS, ...downloadDoc('De producten als spreadsheet', FILE_TYPES.xlsx) },
      schema: { params: zIdParams },
    },
    async (request, reply) => {
      const id = request.params.id;
      const file = await companyScope(request, id, (tx) => exportProducts(tx, id));
      const name = `producten-${id}-${new Date().toISOString().slice(0, 10)}.xlsx`;
      return reply
        .header('content-type', XLSX)
        .header('x-filename', name)
        .header('content-disposition', contentDisposition('attachment', name))
        .send(file);
    },
  );

  r.post(
    '/api/company/:id/importproducts',
    {
      config: { ...SETTINGS, ...SHEET },
      schema: {
        ...UPLOAD,
        params: zIdParams,
        querystring: zImportQuery,
        response: { 200: zProductImportPreview.or(zBatchStarted) },
      },
    },
    async (request) => {
      const rows = await spreadsheetOf(request);
      return companyScope(request, request.params.id, async (tx) => {
        const checked = await checkProductRows(tx, rows);
        if (isPreview(request.query)) return previewOf(checked);
        if (checked.errors.length)
          throw new AppError('validation', FILE_HAS_ERRORS, {
            errors: { file: checked.errors.map((e) => e.message) },
          });
        return { batchId: await app.deps.jobs.startBatch(tx, IMPORT_PRODUCTS, { rows: checked.rows }) };
      });
    },
  );

  r.post(
    '/api/product/:id/importproducttablerows',
    {
      config: { ...SETTINGS, ...SHEET },
      schema: {
        ...UPLOAD,
        params: zIdParams,
        querystring: zImportQuery,
        response: { 200: zTableRowsPreview.or(zProduct) },
      },
    },
    async (request) => {
      const rows = await spreadsheetOf(request);
      return tenantTx(request, async (tx) => {
        const p = await liveProduct(tx, request.params.id);
        const checked = checkTableRows(p, rows);
        if (isPreview(request.query))
          return { rows: checked.rows.length + checked.errors.length, errors: checked.errors };
        await replaceTableRows(tx, p, checked);
        return (await loadProduct(tx, p.id))!;
      });
    },
  );

  r.post(
    '/api/product/:id/importmatrix',
    {
      config: { ...SETTINGS, ...SHEET },
      schema: {
        ...UPLOAD,
        params: zIdParams,
        querystring: zImportQuery,
        response: { 200: zMatrixPreview.or(zProduct) },
      },
    },
    async (request) => {
      const rows = await spreadsheetOf(request);
      return tenantTx(request, async (tx) => {
        const p = await liveProduct(tx, request.params.id);
        const checked = checkMatrix(rows);
        if (isPreview(request.query))
          return { x: checked.matrix.x, y: checked.matrix.y, errors: checked.errors };
        await saveMatrix(tx, p, checked);
        return (await loadProduct(tx, p.id))!;
      });
    },
  );

  r.post(
    '/api/company/:id/copyproductsfromothercompany',
    { config: ADMIN, schema: { params: zIdParams, body: zCopyProducts, response: { 200: zBatchStarted } } },
    async (request) =>
      platformTx(request, async (tx) => {
        const ids = [request.params.id, request.body.origin_company_id];
        const found = await tx.execute<{ id: number }>(
          sql`select id from company where id = any(${`{${ids.join(',')}}`}::int[]) and deleted_at is null`,
        );
        if (found.rows.length !== new Set(ids).size) throw notFound();
        const batchId = await app.deps.jobs.startBatch(tx, COPY_PRODUCTS, {
          originCompanyId: request.body.origin_company_id,
          targetCompanyId: request.params.id,
        });
        return { batchId };
      }),
  );

  for (const [action, type] of [
    ['deleteproducts', DELETE_PRODUCTS],
    ['deleteproductspermanently', DELETE_PRODUCTS_PERMANENTLY],
  ] as const) {
    r.post(
      `/api/company/:id/${action}`,
      { config: ADMIN, schema: { params: zIdParams, response: { 200: zBatchStarted } } },
      async (request) =>
        platformTx(request, async (tx) => {
          const [found] = await tx
            .select({ id: company.id })
            .from(company)
            .where(eq(company.id, request.params.id));
          if (!found) throw notFound();
          return { batchId: await app.deps.jobs.startBatch(tx, type, { companyId: request.params.id }) };
        }),
    );
  }
}
