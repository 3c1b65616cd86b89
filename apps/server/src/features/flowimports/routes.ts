import {
  ROLE,
  zBatchStarted,
  zBulkImport,
  zBulkImportStarted,
  zExternalFile,
  zFlowImportPage,
  zFlowImportPreview,
  zFlowImportPreviewRequest,
  zFlowImportQuery,
  zFlowImportSummary,
  zIdParams,
} from '@im/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { storedFile } from '../../platform/db/tables/files.schema';
import { receiveUpload } from '../../platform/files/upload';
import { moduleRoute } from '../../platform/http/access';
import { uploadDoc } from '../../platform/http/openapi';
import { authOf, tenantTx } from '../../platform/http/request-auth';
import { previewOf, previewRows } from './preview-import';
import { getFlowImport, queryFlowImports, startUndo } from './query-flow-imports';
import { keepImportFile, loadImportFile, receiveImportFile } from './read-import-file';
import { startBulkImport } from './start-bulk-import';

// Spec 001 sections 2 and 6: bulk import needs CRM and role 999.
const IMPORT = { access: moduleRoute('CRM', ROLE.BULK_IMPORT) };
const UPLOAD = { consumes: ['multipart/form-data'] };

export async function flowImportRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { storage, jobs } = app.deps;

  r.post(
    '/api/flow/loadimportfile',
    {
      config: {
        ...IMPORT,
        ...uploadDoc({ accepts: 'een spreadsheet (xlsx of csv, ook met ; en een BOM)', file: 'importExcel' }),
      },
      schema: {
        summary: 'Importbestand inlezen: voorbeeld van elke regel, er wordt niets opgeslagen',
        ...UPLOAD,
        response: { 200: zFlowImportPreview },
      },
    },
    async (request) => {
      const { companyId } = authOf(request);
      const upload = await receiveImportFile(request);
      // Read before it is kept: a file that cannot be read is refused without leaving anything behind.
      const result = await tenantTx(request, (tx) => previewRows(tx, upload.bytes, `x.${upload.ext}`, null), {
        snapshot: true,
      });
      const file = await keepImportFile(storage, companyId, upload.bytes, upload.ext);
      return previewOf(file, upload.filename, result);
    },
  );

  r.post(
    '/api/flow/previewimportfile',
    {
      config: IMPORT,
      schema: {
        summary: 'Voorbeeld van een ingelezen bestand met een andere kolomindeling',
        body: zFlowImportPreviewRequest,
        response: { 200: zFlowImportPreview },
      },
    },
    async (request) => {
      const bytes = await loadImportFile(storage, authOf(request).companyId, request.body.file);
      const result = await tenantTx(
        request,
        (tx) => previewRows(tx, bytes, request.body.file, request.body.mapping),
        {
          snapshot: true,
        },
      );
      return previewOf(request.body.file, '', result);
    },
  );

  r.post(
    '/api/flow/loadexternalfile',
    {
      config: { ...IMPORT, ...uploadDoc({ accepts: 'een afbeelding of PDF' }) },
      schema: {
        summary: 'Een bijlage voor de te importeren dossiers opslaan',
        ...UPLOAD,
        response: { 200: zExternalFile },
      },
    },
    async (request) => {
      const { companyId } = authOf(request);
      const upload = await receiveUpload(request, {
        kind: 'image-or-pdf',
        keyPrefix: `flowimports/${companyId}/external`,
      });
      // One stored file for the whole import; bulkImport makes it the import's and every flow refers to it.
      try {
        await tenantTx(request, (tx) =>
          tx
            .insert(storedFile)
            .values({ ...upload, purpose: 'flowfile', ownerType: 'flowimport', ownerId: null }),
        );
      } catch (err) {
        await storage.delete(upload.storageKey);
        throw err;
      }
      return { externalFilename: upload.filename, externalFilepath: upload.storageKey };
    },
  );

  r.post(
    '/api/flow/bulkimport',
    {
      config: IMPORT,
      schema: {
        summary: 'Dossiers importeren uit het ingelezen bestand (batch)',
        body: zBulkImport,
        response: { 200: zBulkImportStarted },
      },
    },
    async (request) => {
      const bytes = await loadImportFile(storage, authOf(request).companyId, request.body.file);
      return tenantTx(request, (tx) =>
        startBulkImport(tx, jobs, request.body, {
          bytes,
          filename: request.body.filename || request.body.file,
        }),
      );
    },
  );

  r.get(
    '/api/flowimport',
    {
      config: IMPORT,
      schema: {
        summary: 'Eerdere imports',
        querystring: zFlowImportQuery,
        response: { 200: zFlowImportPage },
      },
    },
    async (request) => tenantTx(request, (tx) => queryFlowImports(tx, request.query), { snapshot: true }),
  );

  r.get(
    '/api/flowimport/:id',
    { config: IMPORT, schema: { params: zIdParams, response: { 200: zFlowImportSummary } } },
    async (request) => tenantTx(request, (tx) => getFlowImport(tx, request.params.id)),
  );

  r.post(
    '/api/flowimport/:id/undo',
    {
      config: IMPORT,
      schema: {
        summary: 'Een hele import ongedaan maken (batch)',
        params: zIdParams,
        response: { 200: zBatchStarted },
      },
    },
    async (request) => ({ batchId: await tenantTx(request, (tx) => startUndo(tx, jobs, request.params.id)) }),
  );
}
