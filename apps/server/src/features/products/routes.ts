import {
  zCreateProduct,
  zCreateProductTableRow,
  zIdParams,
  zMessage,
  zPossibleProduct,
  zPossibleProductsQuery,
  zProduct,
  zProductPage,
  zProductQuery,
  zProductTableRow,
  zUpdateProduct,
  zUpdateProductTableRow,
} from '@im/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../platform/errors';
import { moduleRoute } from '../../platform/http/access';
import { tenantTx } from '../../platform/http/request-auth';
import { loadProduct } from './product-dto';
import {
  clearTableRows,
  createTableRow,
  deleteTableRow,
  getTableRow,
  updateTableRow,
} from './product-table-rows';
import { possibleProducts, queryProducts } from './query-products';
import { createProduct, setProductStatus, trashProduct, updateProduct } from './save-product';

export { loadProduct, loadProducts, pricingOf } from './product-dto';

const SETTINGS = { access: moduleRoute('SETTINGS') };
const SALES = { access: moduleRoute('SALES') };

export async function productRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/product',
    { config: SETTINGS, schema: { querystring: zProductQuery, response: { 200: zProductPage } } },
    async (request) => tenantTx(request, (tx) => queryProducts(tx, request.query), { snapshot: true }),
  );

  r.get(
    '/api/company/getpossibleproducts',
    {
      config: SALES,
      schema: { querystring: zPossibleProductsQuery, response: { 200: z.array(zPossibleProduct) } },
    },
    async (request) =>
      tenantTx(request, (tx) => possibleProducts(tx, request.query.query, request.query.limit)),
  );

  r.get(
    '/api/product/:id',
    { config: SETTINGS, schema: { params: zIdParams, response: { 200: zProduct } } },
    async (request) => {
      const found = await tenantTx(request, (tx) => loadProduct(tx, request.params.id));
      if (!found) throw notFound();
      return found;
    },
  );

  r.post(
    '/api/product',
    { config: SETTINGS, schema: { body: zCreateProduct, response: { 201: zProduct } } },
    async (request, reply) =>
      reply.status(201).send(await tenantTx(request, (tx) => createProduct(tx, request.body))),
  );

  r.patch(
    '/api/product/:id',
    { config: SETTINGS, schema: { params: zIdParams, body: zUpdateProduct, response: { 200: zProduct } } },
    async (request) => tenantTx(request, (tx) => updateProduct(tx, request.params.id, request.body)),
  );

  r.post(
    '/api/product/:id/approve',
    { config: SETTINGS, schema: { params: zIdParams, response: { 200: zProduct } } },
    async (request) => tenantTx(request, (tx) => setProductStatus(tx, request.params.id, 'approved')),
  );

  r.delete(
    '/api/product/:id',
    { config: SETTINGS, schema: { params: zIdParams, response: { 200: zMessage } } },
    async (request) => {
      await tenantTx(request, (tx) => trashProduct(tx, request.params.id, true));
      return { message: 'Product verwijderd.' };
    },
  );

  r.post(
    '/api/product/:id/restore',
    { config: SETTINGS, schema: { params: zIdParams, response: { 200: zProduct } } },
    async (request) => tenantTx(request, (tx) => trashProduct(tx, request.params.id, false)),
  );

  r.post(
    '/api/product/:id/clearrows',
    { config: SETTINGS, schema: { params: zIdParams, response: { 200: zProduct } } },
    async (request) => tenantTx(request, (tx) => clearTableRows(tx, request.params.id)),
  );

  r.get(
    '/api/producttablerow/:id',
    { config: SETTINGS, schema: { params: zIdParams, response: { 200: zProductTableRow } } },
    async (request) => tenantTx(request, (tx) => getTableRow(tx, request.params.id)),
  );

  r.post(
    '/api/producttablerow',
    { config: SETTINGS, schema: { body: zCreateProductTableRow, response: { 201: zProductTableRow } } },
    async (request, reply) =>
      reply.status(201).send(await tenantTx(request, (tx) => createTableRow(tx, request.body))),
  );

  r.patch(
    '/api/producttablerow/:id',
    {
      config: SETTINGS,
      schema: { params: zIdParams, body: zUpdateProductTableRow, response: { 200: zProductTableRow } },
    },
    async (request) => tenantTx(request, (tx) => updateTableRow(tx, request.params.id, request.body)),
  );

  r.delete(
    '/api/producttablerow/:id',
    { config: SETTINGS, schema: { params: zIdParams, response: { 200: zMessage } } },
    async (request) => {
      await tenantTx(request, (tx) => deleteTableRow(tx, request.params.id));
      return { message: 'Prijsregel verwijderd.' };
    },
  );
}
