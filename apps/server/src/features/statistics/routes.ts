import {
  STATISTICS_TEXTS,
  zCompanyStatistics,
  zCompanyStatisticsQuery,
  zExportStatisticsQuery,
  zIdParams,
  zImStatistics,
  zImStatisticsQuery,
  zLeadStatistics,
  zLeadStatisticsQuery,
} from '@im/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { forbidden, notFound } from '../../platform/errors';
import { contentDisposition } from '../../platform/files/send-file';
import { moduleRoute } from '../../platform/http/access';
import { downloadDoc, FILE_TYPES } from '../../platform/http/openapi';
import { authOf, bearerToken, platformTx, replicaTx, tenantTx } from '../../platform/http/request-auth';
import { exportStatistics } from './export-statistics';
import { getCompanyStatistics } from './get-company-statistics';
import { getImStatistics } from './get-im-statistics';
import { getLeadStatistics } from './get-lead-statistics';

const SETTINGS = { access: moduleRoute('SETTINGS') };
/** Spec 000 section 2: /bragscreen needs the ADMIN module and no role. */
const ADMIN_ANY_ROLE = { access: moduleRoute('ADMIN', 0) };

/** The statistics of the settings area and the platform's bragscreen (spec 000 section 7, decision 058). */
export async function statisticsRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/company/getcompanystatistics',
    {
      config: SETTINGS,
      schema: {
        summary: 'Aanvragen, conversie, doorlooptijd, omzet en offertes per maand (standaard 13 maanden)',
        querystring: zCompanyStatisticsQuery,
        response: { 200: zCompanyStatistics },
      },
    },
    // Figures a second's lag cannot hurt: from the replica when there is one (decision 053).
    (request) => replicaTx(request, (tx) => getCompanyStatistics(tx, request.query)),
  );
  r.get(
    '/api/company/getleadstatistics',
    {
      config: SETTINGS,
      schema: {
        summary: 'Aanvragen per week (standaard 14 weken), omzet en dossiers per status nu',
        querystring: zLeadStatisticsQuery,
        response: { 200: zLeadStatistics },
      },
    },
    (request) => replicaTx(request, (tx) => getLeadStatistics(tx, request.query)),
  );
  r.post(
    '/api/company/:id/exportstatistics',
    {
      config: {
        ...SETTINGS,
        ...downloadDoc('De aanvragen per week als xlsx of csv', FILE_TYPES.spreadsheet),
      },
      schema: {
        summary: 'Statistieken exporteren als xlsx of csv',
        params: zIdParams,
        querystring: zExportStatisticsQuery,
      },
    },
    async (request, reply) => {
      if (request.params.id !== authOf(request).companyId) throw notFound();
      const file = await tenantTx(request, (tx) => exportStatistics(tx, request.params.id, request.query), {
        snapshot: true,
      });
      return reply
        .header('content-type', file.contentType)
        .header('x-filename', file.filename)
        .header('content-disposition', contentDisposition('attachment', file.filename))
        .send(file.body);
    },
  );
  r.post(
    '/api/company/getimstatistics',
    {
      config: ADMIN_ANY_ROLE,
      schema: {
        summary: 'Platformstatistieken voor het bragscreen: 25 maanden per reeks',
        querystring: zImStatisticsQuery,
        response: { 200: zImStatistics },
      },
    },
    (request) => {
      // The spec's `token`: when sent, it must be the session's own (a wall screen reads with its login).
      const token = request.query.token;
      if (token !== undefined && token !== bearerToken(request))
        throw forbidden(STATISTICS_TEXTS.tokenMismatch);
      return platformTx(request, (tx) => getImStatistics(tx));
    },
  );
}
