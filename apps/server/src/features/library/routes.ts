import {
  LIBRARY_TEXTS,
  zIdParams,
  zImportLibrarySet,
  zLibraryImportResult,
  zLibraryItem,
  zLibrarySetDetail,
  zLibrarySetPage,
  zLibrarySetQuery,
  zMessage,
  zSaveLibraryItem,
  zSaveLibrarySet,
  zUpdateLibraryItem,
  zUpdateLibrarySet,
} from '@im/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { moduleRoute } from '../../platform/http/access';
import { tenantTx } from '../../platform/http/request-auth';
import { importLibrarySet } from './import-library-set';
import {
  createLibraryItem,
  createLibrarySet,
  deleteLibraryItem,
  deleteLibrarySet,
  librarySetDetail,
  queryLibrarySets,
  updateLibraryItem,
  updateLibrarySet,
} from './library-sets';

const SETTINGS = { access: moduleRoute('SETTINGS') };
/** Library sets are shared by every company: only the platform administrator curates them (decision 064). */
const ADMIN = { access: moduleRoute('ADMIN') };

/** Library sets (spec 000 sections 2, 3 and 7; decision 064). */
export async function libraryRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/libraryset',
    {
      config: SETTINGS,
      schema: {
        summary: 'A page of library sets by name, searched on name, description and tags',
        querystring: zLibrarySetQuery,
        response: { 200: zLibrarySetPage },
      },
    },
    (request) => tenantTx(request, (tx) => queryLibrarySets(tx, request.query), { snapshot: true }),
  );
  r.get(
    '/api/libraryset/:id',
    {
      config: SETTINGS,
      schema: {
        summary: 'A library set with its items',
        params: zIdParams,
        response: { 200: zLibrarySetDetail },
      },
    },
    (request) => tenantTx(request, (tx) => librarySetDetail(tx, request.params.id), { snapshot: true }),
  );
  r.post(
    '/api/libraryset/:id/import',
    {
      config: SETTINGS,
      schema: {
        summary: "Import a set's items (or the chosen ones) into the company; same-named ones are skipped",
        params: zIdParams,
        body: zImportLibrarySet,
        response: { 200: zLibraryImportResult },
      },
    },
    (request) => tenantTx(request, (tx) => importLibrarySet(tx, request.params.id, request.body.item_ids)),
  );

  r.post(
    '/api/libraryset',
    {
      config: ADMIN,
      schema: {
        summary: 'Create a library set',
        body: zSaveLibrarySet,
        response: { 201: zLibrarySetDetail },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await tenantTx(request, (tx) => createLibrarySet(tx, request.body))),
  );
  r.patch(
    '/api/libraryset/:id',
    {
      config: ADMIN,
      schema: {
        summary: "Change a library set's name, description or tags",
        params: zIdParams,
        body: zUpdateLibrarySet,
        response: { 200: zLibrarySetDetail },
      },
    },
    (request) => tenantTx(request, (tx) => updateLibrarySet(tx, request.params.id, request.body)),
  );
  r.delete(
    '/api/libraryset/:id',
    {
      config: ADMIN,
      schema: { summary: 'Delete a library set', params: zIdParams, response: { 200: zMessage } },
    },
    async (request) => {
      await tenantTx(request, (tx) => deleteLibrarySet(tx, request.params.id));
      return { message: LIBRARY_TEXTS.setDeleted };
    },
  );

  r.post(
    '/api/libraryitem',
    {
      config: ADMIN,
      schema: {
        summary: "Add an item to a library set (data: what the kind's own create call takes)",
        body: zSaveLibraryItem,
        response: { 201: zLibraryItem },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await tenantTx(request, (tx) => createLibraryItem(tx, request.body))),
  );
  r.patch(
    '/api/libraryitem/:id',
    {
      config: ADMIN,
      schema: {
        summary: "Change a library item's name, description, data or order",
        params: zIdParams,
        body: zUpdateLibraryItem,
        response: { 200: zLibraryItem },
      },
    },
    (request) => tenantTx(request, (tx) => updateLibraryItem(tx, request.params.id, request.body)),
  );
  r.delete(
    '/api/libraryitem/:id',
    {
      config: ADMIN,
      schema: { summary: 'Delete a library item', params: zIdParams, response: { 200: zMessage } },
    },
    async (request) => {
      await tenantTx(request, (tx) => deleteLibraryItem(tx, request.params.id));
      return { message: LIBRARY_TEXTS.itemDeleted };
    },
  );
}
