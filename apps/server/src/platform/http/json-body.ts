import type { FastifyInstance, FastifySchemaCompiler } from 'fastify';
import {
  dottedPath,
  findUnknownField,
  unknownFieldError,
  unknownFieldMessage,
  unknownParameterMessage,
} from './unknown-fields';

/**
 * `content-type: application/json` with an empty body is no body, not broken JSON: a route whose
 * body is optional then sees its schema's default, and a route that needs a body answers 422 from
 * validation like any other missing field. Non-empty bodies go through Fastify's own parser
 * (prototype-poisoning protection included).
 */
export function acceptEmptyJsonBodies(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') {
      done(null, undefined);
      return;
    }
    parseJson(request, text, done);
  });
}

export const NUL_NOT_ALLOWED = 'Deze tekst bevat een ongeldig teken (NUL).';

/** The path of the first string (or object key) holding a NUL character, or null. */
export function findNul(value: unknown, path = ''): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findNul(value[i], `${path}/${i}`);
      if (found !== null) return found;
    }
    return null;
  }
  if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (key.includes('\u0000')) return `${path}/${key.replaceAll('\u0000', '')}`;
      const found = findNul(item, `${path}/${key}`);
      if (found !== null) return found;
    }
  }
  return null;
}

/**
 * Wraps the schema validator of every route: no text with a NUL character reaches a use-case or the
 * database (PostgreSQL refuses it in text and jsonb), whatever the route's own schema says; a missing
 * body, which Fastify hands over as `null`, becomes `undefined` so the schema's default applies; and a
 * body field or query parameter the schema does not declare is refused, not dropped (decision 041).
 */
export function strictValidator<S>(compile: FastifySchemaCompiler<S>): FastifySchemaCompiler<S> {
  return (route) => {
    const validate = compile(route);
    return (data: unknown) => {
      const input = route.httpPart === 'body' ? (data ?? undefined) : data;
      const nulAt = findNul(input);
      if (nulAt !== null) {
        const error = Object.assign(new Error(NUL_NOT_ALLOWED), {
          validation: [{ instancePath: nulAt, message: NUL_NOT_ALLOWED }],
        });
        return { error };
      }
      const result = validate(input);
      if (route.httpPart !== 'body' && route.httpPart !== 'querystring') return result;
      if (typeof result !== 'object' || 'then' in result) return result;
      const unknownAt = findUnknownField(route.schema, input);
      if (unknownAt === null) return result;
      const name = dottedPath(unknownAt);
      const message = route.httpPart === 'body' ? unknownFieldMessage(name) : unknownParameterMessage(name);
      // Named first, next to whatever else the schema refused.
      const others = Array.isArray(result.error)
        ? result.error
        : ((result.error as { validation?: unknown[] } | undefined)?.validation ?? []);
      return { error: unknownFieldError(unknownAt, message, others) };
    };
  };
}
