import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, type FieldErrors } from '../errors';

const INVALID_INPUT = 'De invoer is ongeldig.';
const BUSY = 'Een andere handeling houdt deze gegevens bezet. Probeer het over een minuut opnieuw.';

/** PostgreSQL error codes that mean the request itself was wrong (or met a busy lock), never a broken server. */
const PG_CLIENT_ERRORS: Record<string, { status: number; message: string }> = {
  '23505': { status: 409, message: 'Dit record bestaat al.' },
  '23503': { status: 409, message: 'Dit record is nog in gebruik of verwijst naar een onbekend record.' },
  '23502': { status: 422, message: INVALID_INPUT },
  '23514': { status: 422, message: INVALID_INPUT },
  '22P02': { status: 422, message: INVALID_INPUT },
  '22001': { status: 422, message: 'Een waarde is te lang.' },
  '22003': { status: 422, message: 'Een getal is buiten het toegestane bereik.' },
  '22007': { status: 422, message: 'Een datum is ongeldig.' },
  '22008': { status: 422, message: 'Een datum is ongeldig.' },
  // Waited too long for a lock (lock_timeout) or a statement (statement_timeout): busy, not broken.
  '55P03': { status: 503, message: BUSY },
  '57014': { status: 503, message: BUSY },
};

function fieldErrorsFromValidation(error: FastifyError): FieldErrors {
  const out: FieldErrors = {};
  const add = (field: string, message: string) => {
    const key = field || '_';
    out[key] = [...(out[key] ?? []), message];
  };
  if (hasZodFastifySchemaValidationErrors(error)) {
    for (const v of error.validation) {
      const field = v.instancePath.replace(/^\//, '').replaceAll('/', '.');
      add(field, v.message ?? INVALID_INPUT);
    }
    return out;
  }
  for (const v of error.validation ?? []) {
    add(
      String(v.instancePath ?? '')
        .replace(/^\//, '')
        .replaceAll('/', '.'),
      v.message ?? INVALID_INPUT,
    );
  }
  return out;
}

/** The PostgreSQL error behind `error`: itself, or the cause drizzle wraps it in (DrizzleQueryError). */
function databaseErrorOf(error: unknown): { code: string; detail?: string } | null {
  for (const e of [error, (error as { cause?: unknown })?.cause]) {
    const candidate = e as { severity?: unknown; code?: unknown; detail?: string } | null | undefined;
    if (
      candidate &&
      typeof candidate === 'object' &&
      'severity' in candidate &&
      typeof candidate.code === 'string'
    ) {
      return { code: candidate.code, detail: candidate.detail };
    }
  }
  return null;
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError & { code?: string }, request, reply) => {
    if (error instanceof AppError) {
      if (error.headers) reply.headers(error.headers);
      return reply
        .status(error.status)
        .send(error.errors ? { message: error.message, errors: error.errors } : { message: error.message });
    }
    if (error.validation) {
      // A field the operation does not take (decision 041): the message names it.
      const unknownField = (error as { unknownField?: boolean }).unknownField === true;
      // A client that sends what the API does not take is out of date or wrong: worth a line in the log.
      if (unknownField)
        request.log.info({ method: request.method, url: request.routeOptions.url }, error.message);
      const message = unknownField ? error.message : INVALID_INPUT;
      return reply.status(422).send({ message, errors: fieldErrorsFromValidation(error) });
    }
    const dbError = databaseErrorOf(error);
    const pg = dbError ? PG_CLIENT_ERRORS[dbError.code] : undefined;
    if (dbError && pg) {
      request.log.info({ code: dbError.code, detail: dbError.detail }, 'database refused input');
      if (pg.status === 503) reply.header('retry-after', '30');
      return reply.status(pg.status).send({ message: pg.message });
    }
    const status = error.statusCode ?? 500;
    if (status === 413 || error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return reply.status(413).send({ message: 'Het verzoek is te groot.' });
    }
    if (status === 415) return reply.status(415).send({ message: 'Dit type inhoud wordt niet ondersteund.' });
    if (status === 429) return reply.status(429).send({ message: error.message });
    if (status >= 400 && status < 500) {
      return reply.status(status).send({ message: status === 404 ? 'Niet gevonden.' : 'Ongeldig verzoek.' });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ message: 'Er is een interne fout opgetreden.' });
  });

  app.setNotFoundHandler((_request, reply) => {
    reply.status(404).send({ message: 'Niet gevonden.' });
  });
}
