import {
  zAddAll,
  zCalculation,
  zCalculationItem,
  zCalculationQuery,
  zCalculationRow,
  zCopyCalculationFrom,
  zCreateCalculation,
  zCreateCalculationItem,
  zCustomerCalculation,
  zIdParams,
  zMessage,
  zResetToTemplate,
  zSaveAsTemplate,
  zUpdateCalculation,
  zUpdateCalculationItem,
  zUpdateOrder,
  zUpdateRowColumnArray,
} from '@im/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { moduleRoute, PUBLIC_LINK_RATE_LIMIT, publicRoute } from '../../platform/http/access';
import { tenantTx } from '../../platform/http/request-auth';
import {
  createCalculation,
  deleteCalculation,
  emptyCalculation,
  listCalculations,
  resetToTemplate,
  saveAsTemplate,
  updateCalculation,
  updateOrder,
  updateRowColumnArray,
} from './calculation-actions';
import { recalculate } from './calculation-dto';
import {
  addAll,
  createItem,
  deleteItem,
  duplicateItem,
  getItem,
  reloadOriginItems,
  splitCalculation,
  splitItem,
  switchSelection,
  updateItem,
} from './calculation-items';
import { customerCalculation } from './customer-calculation';
import { copyCalculationFrom } from './dossier-calculations';

const SALES = { access: moduleRoute('SALES') };

export async function calculationRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const id = { params: zIdParams };

  r.get(
    '/api/calculation',
    {
      config: SALES,
      schema: { querystring: zCalculationQuery, response: { 200: z.array(zCalculationRow) } },
    },
    async (request) => tenantTx(request, (tx) => listCalculations(tx, request.query)),
  );
  r.get(
    '/api/calculation/indextemplates',
    { config: SALES, schema: { response: { 200: z.array(zCalculationRow) } } },
    async (request) => tenantTx(request, (tx) => listCalculations(tx, { templates: true })),
  );
  r.get(
    '/api/calculation/:hash/getbycustomer',
    {
      config: {
        access: publicRoute('the document hash is the customer’s credential'),
        rateLimit: PUBLIC_LINK_RATE_LIMIT,
        // Its unknown hashes count in the guess guard like every customer link's.
        customerLink: true,
      },
      schema: { params: z.object({ hash: z.string().max(200) }), response: { 200: zCustomerCalculation } },
    },
    async (request) => customerCalculation(app.deps.db, request.params.hash),
  );
  r.get(
    '/api/calculation/:id',
    { config: SALES, schema: { ...id, response: { 200: zCalculation } } },
    async (request) => tenantTx(request, (tx) => recalculate(tx, request.params.id)),
  );
  r.post(
    '/api/calculation',
    { config: SALES, schema: { body: zCreateCalculation, response: { 201: zCalculation } } },
    async (request, reply) =>
      reply.status(201).send(await tenantTx(request, (tx) => createCalculation(tx, request.body))),
  );
  r.patch(
    '/api/calculation/:id',
    { config: SALES, schema: { ...id, body: zUpdateCalculation, response: { 200: zCalculation } } },
    async (request) => tenantTx(request, (tx) => updateCalculation(tx, request.params.id, request.body)),
  );
  r.delete(
    '/api/calculation/:id',
    { config: SALES, schema: { ...id, response: { 200: zMessage } } },
    async (request) => {
      await tenantTx(request, (tx) => deleteCalculation(tx, request.params.id));
      return { message: 'Calculatie verwijderd.' };
    },
  );
  r.post(
    '/api/calculation/:id/calculate',
    { config: SALES, schema: { ...id, response: { 200: zCalculation } } },
    async (request) => tenantTx(request, (tx) => recalculate(tx, request.params.id, { store: true })),
  );
  r.post(
    '/api/calculation/:id/empty',
    { config: SALES, schema: { ...id, response: { 200: zCalculation } } },
    async (request) => tenantTx(request, (tx) => emptyCalculation(tx, request.params.id)),
  );
  r.post(
    '/api/calculation/:id/reloadoriginitems',
    { config: SALES, schema: { ...id, response: { 200: zCalculation } } },
    async (request) => tenantTx(request, (tx) => reloadOriginItems(tx, request.params.id)),
  );
  r.post(
    '/api/calculation/:id/addall',
    { config: SALES, schema: { ...id, body: zAddAll, response: { 200: zCalculation } } },
    async (request) => tenantTx(request, (tx) => addAll(tx, request.params.id, request.body.vertical_id)),
  );
  r.post(
    '/api/calculation/:id/split',
    { config: SALES, schema: { ...id, response: { 200: zCalculation } } },
    async (request) => tenantTx(request, (tx) => splitCalculation(tx, request.params.id)),
  );
  r.post(
    '/api/calculation/:id/updateorder',
    { config: SALES, schema: { ...id, body: zUpdateOrder, response: { 200: zCalculation } } },
    async (request) => tenantTx(request, (tx) => updateOrder(tx, request.params.id, request.body)),
  );
  r.post(
    '/api/calculation/:id/updaterowcolumnarray',
    { config: SALES, schema: { ...id, body: zUpdateRowColumnArray, response: { 200: zCalculation } } },
    async (request) => tenantTx(request, (tx) => updateRowColumnArray(tx, request.params.id, request.body)),
  );
  r.post(
    '/api/calculation/:id/saveastemplate',
    { config: SALES, schema: { ...id, body: zSaveAsTemplate, response: { 201: zCalculation } } },
    async (request, reply) =>
      reply
        .status(201)
        .send(await tenantTx(request, (tx) => saveAsTemplate(tx, request.params.id, request.body.name))),
  );
  r.post(
    '/api/calculation/:id/resettotemplate',
    { config: SALES, schema: { ...id, body: zResetToTemplate, response: { 200: zCalculation } } },
    async (request) =>
      tenantTx(request, (tx) => resetToTemplate(tx, request.params.id, request.body.template_id)),
  );
  r.post(
    '/api/calculation/:id/copyfrom',
    { config: SALES, schema: { ...id, body: zCopyCalculationFrom, response: { 200: zCalculation } } },
    async (request) =>
      tenantTx(request, (tx) => copyCalculationFrom(tx, request.params.id, request.body.calculation_id)),
  );

  r.get(
    '/api/calculationitem/:id',
    { config: SALES, schema: { ...id, response: { 200: zCalculationItem } } },
    async (request) => tenantTx(request, (tx) => getItem(tx, request.params.id)),
  );
  r.post(
    '/api/calculationitem',
    { config: SALES, schema: { body: zCreateCalculationItem, response: { 201: zCalculationItem } } },
    async (request, reply) =>
      reply.status(201).send(await tenantTx(request, (tx) => createItem(tx, request.body))),
  );
  r.patch(
    '/api/calculationitem/:id',
    { config: SALES, schema: { ...id, body: zUpdateCalculationItem, response: { 200: zCalculationItem } } },
    async (request) => tenantTx(request, (tx) => updateItem(tx, request.params.id, request.body)),
  );
  r.delete(
    '/api/calculationitem/:id',
    { config: SALES, schema: { ...id, response: { 200: zMessage } } },
    async (request) => {
      await tenantTx(request, (tx) => deleteItem(tx, request.params.id));
      return { message: 'Regel verwijderd.' };
    },
  );
  r.post(
    '/api/calculationitem/:id/duplicate',
    { config: SALES, schema: { ...id, response: { 201: zCalculationItem } } },
    async (request, reply) =>
      reply.status(201).send(await tenantTx(request, (tx) => duplicateItem(tx, request.params.id))),
  );
  r.post(
    '/api/calculationitem/:id/split',
    { config: SALES, schema: { ...id, response: { 200: z.array(zCalculationItem) } } },
    async (request) => tenantTx(request, (tx) => splitItem(tx, request.params.id)),
  );
  r.post(
    '/api/calculationitem/:id/switchselection',
    { config: SALES, schema: { ...id, response: { 200: zCalculationItem } } },
    async (request) => tenantTx(request, (tx) => switchSelection(tx, request.params.id)),
  );
}

export {
  copyCalculation,
  createCalculation,
  markCalculationSent,
  replaceCalculationLines,
} from './calculation-actions';
export { dossierCalculationFor } from './dossier-calculations';
