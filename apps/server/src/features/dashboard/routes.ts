import {
  zDashboard,
  zDashboardLeads,
  zDashboardLeadsQuery,
  zDashboardQuery,
  zDashboardStatistics,
  zDashboardTasks,
  zDashboardTasksQuery,
} from '@im/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { moduleRoute } from '../../platform/http/access';
import { authOf, replicaTx, tenantReads, tenantTx } from '../../platform/http/request-auth';
import { dashboardLeads, dashboardPlan, dashboardTasks } from './dashboard-reads';
import { dashboardStatistics } from './statistics';

export { companyStatboxes } from './dashboard-reads';

const BASIS = { access: moduleRoute('BASIS') };
const CRM = { access: moduleRoute('CRM') };

/**
 * The user's dashboard reads (spec 001 section 7 "User reads"): the layout, dossiers, tasks and
 * statistics. Actions and notifications are read by the planning and notification features.
 */
export async function dashboardRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/user/getdashboard',
    {
      config: BASIS,
      schema: {
        summary: "The user's dashboard type, its widgets and the company's statistic boxes",
        querystring: zDashboardQuery,
        response: { 200: zDashboard },
      },
    },
    (request) => tenantReads(request, dashboardPlan(authOf(request), request.query.usecase)),
  );
  r.get(
    '/api/user/getdashboardleads',
    {
      config: CRM,
      schema: {
        summary:
          "The user's open dossiers before the order, by filter, with a count per filter (capped at 100)",
        querystring: zDashboardLeadsQuery,
        response: { 200: zDashboardLeads },
      },
    },
    (request) =>
      tenantTx(
        request,
        (tx) => dashboardLeads(tx, authOf(request).userId, request.query.filter, request.query.limit),
        { snapshot: true },
      ),
  );
  r.get(
    '/api/user/getdashboardtasks',
    {
      config: BASIS,
      schema: {
        summary: "The user's open and on-hold tasks by planning status, with a count per status",
        querystring: zDashboardTasksQuery,
        response: { 200: zDashboardTasks },
      },
    },
    (request) =>
      tenantTx(
        request,
        (tx) => dashboardTasks(tx, authOf(request).userId, request.query.filter, request.query.limit),
        { snapshot: true },
      ),
  );
  r.get(
    '/api/user/getdashboardstatistics',
    {
      config: CRM,
      schema: {
        summary: "The user's statistic boxes with a value per period",
        response: { 200: zDashboardStatistics },
      },
    },
    // Statistics a second's lag cannot hurt: from the replica when there is one (decision 053).
    (request) => replicaTx(request, (tx) => dashboardStatistics(tx, authOf(request))),
  );
}
