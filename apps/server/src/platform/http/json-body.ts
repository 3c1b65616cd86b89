import type { FastifyInstance, FastifySchemaCompiler } from 'fastify';

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

/** Fastify hands a missing body to the validator as `null`; the schema's default applies to `undefined`. */
export function optionalBodyValidator<S>(compile: FastifySchemaCompiler<S>): FastifySchemaCompiler<S> {
  return (route) => {
    const validate = compile(route);
    if (route.httpPart !== 'body') return validate;
    return (data: unknown) => validate(data ?? undefined);
  };
}
