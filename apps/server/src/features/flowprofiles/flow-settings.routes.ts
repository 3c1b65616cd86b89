import { zCurrentFlowSettings, zFlowSettingsLists, zIdParams, zUpdateFlowSettings } from '@im/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { notFound } from '../../platform/errors';
import { moduleRoute } from '../../platform/http/access';
import { authOf, tenantTx } from '../../platform/http/request-auth';
import { currentFlowSettings, readFlowSettingsLists, updateFlowSettings } from './flow-settings';

/** The CRM's company lists (docs/api/crm.md "Company lists and profiles"): read with CRM, changed with SETTINGS. */
export async function flowSettingsRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/company/getcurrentflowsettings',
    { config: { access: moduleRoute('CRM') }, schema: { response: { 200: zCurrentFlowSettings } } },
    async (request) => tenantTx(request, (tx) => currentFlowSettings(tx, authOf(request).companyId)),
  );

  r.get(
    '/api/companysettings/:id',
    {
      config: { access: moduleRoute('SETTINGS') },
      schema: {
        summary: 'Bedrijfsinstellingen: lijsten, standaard aanvraagprofiel, infobox, e-mailhandtekening',
        params: zIdParams,
        response: { 200: zFlowSettingsLists },
      },
    },
    async (request) => {
      const found = await tenantTx(request, (tx) => readFlowSettingsLists(tx, request.params.id));
      if (!found) throw notFound();
      return found;
    },
  );

  r.patch(
    '/api/companysettings/:id',
    {
      config: { access: moduleRoute('SETTINGS') },
      schema: { params: zIdParams, body: zUpdateFlowSettings, response: { 200: zFlowSettingsLists } },
    },
    async (request) => {
      const updated = await tenantTx(request, (tx) =>
        updateFlowSettings(tx, request.params.id, request.body),
      );
      if (!updated) throw notFound();
      return updated;
    },
  );
}
