import {
  OFFLINE_MESSAGES,
  zCreateNote,
  zIdParams,
  zMessage,
  zNote,
  zNoteBatch,
  zNoteBatchAnswer,
  zNoteQuery,
  zUpdateNote,
} from '@im/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../platform/errors';
import { moduleRoute } from '../../platform/http/access';
import { authOf, tenantTx } from '../../platform/http/request-auth';
import { createOnce, idempotencyKeyOf } from '../../platform/http/request-once';
import { createNote, deleteNote, listNotes, loadNote, updateNote } from './notes';

const CRM = { access: moduleRoute('CRM') };
const NOTE_NOT_FOUND = 'Notitie niet gevonden.';

import { found } from './found';

/** Notes on a flow, relation or other record. */
export async function noteRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/note',
    { config: CRM, schema: { querystring: zNoteQuery, response: { 200: z.array(zNote) } } },
    (request) => tenantTx(request, (tx) => listNotes(tx, request.query)),
  );
  r.get(
    '/api/note/:id',
    { config: CRM, schema: { params: zIdParams, response: { 200: zNote } } },
    async (request) =>
      found(await tenantTx(request, (tx) => loadNote(tx, request.params.id)), NOTE_NOT_FOUND),
  );
  r.post(
    '/api/note',
    // 410: sent again with the key of a note made and deleted since (decision 069).
    { config: { ...CRM, openapi: { gone: true } }, schema: { body: zCreateNote, response: { 201: zNote } } },
    async (request, reply) => {
      const auth = authOf(request);
      const key = idempotencyKeyOf(request);
      // Sent again with the same key (a device's outbox), it answers the note the first send made.
      const created = await tenantTx(request, async (tx) => {
        const { id } = await createOnce(tx, key, 'note', () => createNote(tx, request.body, auth));
        return loadNote(tx, id);
      });
      if (!created) throw new AppError('gone', OFFLINE_MESSAGES.madeAndDeleted);
      return reply.status(201).send(created);
    },
  );
  r.post(
    '/api/note/batch',
    // Notes a device kept offline, in one request (decision 073): each made once by its own key, in its own
    // transaction, so one refused note (its flow deleted meanwhile) does not hold back the others.
    { config: CRM, schema: { body: zNoteBatch, response: { 200: zNoteBatchAnswer } } },
    async (request) => {
      const auth = authOf(request);
      const results = [];
      for (const { key: given, note } of request.body.notes) {
        const key = given.toLowerCase();
        try {
          const created = await tenantTx(request, async (tx) => {
            const { id } = await createOnce(tx, key, 'note', () => createNote(tx, note, auth));
            return loadNote(tx, id);
          });
          results.push(
            created
              ? { key: given, status: 201, note: created, message: null }
              : { key: given, status: 410, note: null, message: OFFLINE_MESSAGES.madeAndDeleted },
          );
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          results.push({ key: given, status: error.status, note: null, message: error.message });
        }
      }
      return { results };
    },
  );
  r.patch(
    '/api/note/:id',
    { config: CRM, schema: { params: zIdParams, body: zUpdateNote, response: { 200: zNote } } },
    async (request) =>
      found(
        await tenantTx(request, async (tx) =>
          (await updateNote(tx, request.params.id, request.body)) ? loadNote(tx, request.params.id) : null,
        ),
        NOTE_NOT_FOUND,
      ),
  );
  r.delete(
    '/api/note/:id',
    { config: CRM, schema: { params: zIdParams, response: { 200: zMessage } } },
    async (request) => {
      found(await tenantTx(request, (tx) => deleteNote(tx, request.params.id)), NOTE_NOT_FOUND);
      return { message: 'Notitie verwijderd.' };
    },
  );
}
