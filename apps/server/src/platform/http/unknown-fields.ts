import type { FastifyInstance } from 'fastify';

/**
 * Input the API does not take is refused, not dropped (decision 041). A zod `z.object` strips keys it
 * does not declare, so a body `{status: 'resolved'}` on a route that does not take `status` used to
 * answer 2xx and change nothing. `findUnknownField` walks the route's own schema alongside the input
 * the schema accepted and names the first key no schema on its path declares; the validator then
 * answers 422 with that field. Schemas that take any key keep taking them: records, `z.looseObject`,
 * `.catchall()`, `z.any()`/`z.unknown()` and values a custom schema or a transform reads itself.
 */

/** The Dutch message for a field the operation does not take (`path` dotted: `items.0.foo`). */
export const unknownFieldMessage = (path: string) => `Onbekend veld: ${path}.`;
/** The same for a query parameter. */
export const unknownParameterMessage = (name: string) => `Onbekende parameter: ${name}.`;

interface ZodLike {
  _zod: { def: Record<string, unknown> & { type: string } };
  safeParse?: (value: unknown) => { success: boolean };
}

const isZod = (schema: unknown): schema is ZodLike =>
  !!schema && typeof schema === 'object' && '_zod' in schema && !!(schema as ZodLike)._zod?.def;

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  !!value && typeof value === 'object' && !Array.isArray(value);

const accepts = (schema: ZodLike, value: unknown): boolean => {
  try {
    return schema.safeParse?.(value).success ?? true;
  } catch {
    return false;
  }
};

/**
 * The JSON-pointer path (`/items/0/foo`) of the first key in `value` that `schema` does not declare,
 * or null. `value` is the input as it came in (before the schema's transforms).
 */
export function findUnknownField(schema: unknown, value: unknown, path = ''): string | null {
  if (!isZod(schema)) return null;
  const def = schema._zod.def;
  switch (def.type) {
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'nonoptional':
    case 'readonly':
    case 'catch':
      if (value === undefined || value === null) return null;
      return findUnknownField(def.innerType, value, path);
    case 'lazy':
      return findUnknownField((def.getter as () => unknown)(), value, path);
    case 'pipe': {
      // `z.preprocess(fn, schema)` is a pipe from a transform: the schema after it sees the input
      // (the app's preprocessors only blank out or split scalars). `.transform()` is a pipe into a
      // transform: the schema before it declares the input.
      const input = def.in as ZodLike;
      return input._zod.def.type === 'transform'
        ? findUnknownField(def.out, value, path)
        : findUnknownField(input, value, path);
    }
    case 'object': {
      if (!isPlainObject(value)) return null;
      const shape = def.shape as Record<string, unknown>;
      const catchall = def.catchall as ZodLike | undefined;
      for (const [key, item] of Object.entries(value)) {
        const field = `${path}/${key}`;
        if (Object.hasOwn(shape, key)) {
          const found = findUnknownField(shape[key], item, field);
          if (found !== null) return found;
        } else if (catchall && catchall._zod.def.type !== 'never') {
          const found = findUnknownField(catchall, item, field);
          if (found !== null) return found;
        } else {
          return field;
        }
      }
      return null;
    }
    case 'record': {
      if (!isPlainObject(value)) return null;
      for (const [key, item] of Object.entries(value)) {
        const found = findUnknownField(def.valueType, item, `${path}/${key}`);
        if (found !== null) return found;
      }
      return null;
    }
    case 'array':
      if (!Array.isArray(value)) return null;
      for (let i = 0; i < value.length; i++) {
        const found = findUnknownField(def.element, value[i], `${path}/${i}`);
        if (found !== null) return found;
      }
      return null;
    case 'tuple': {
      if (!Array.isArray(value)) return null;
      const items = def.items as unknown[];
      for (let i = 0; i < value.length; i++) {
        const found = findUnknownField(i < items.length ? items[i] : def.rest, value[i], `${path}/${i}`);
        if (found !== null) return found;
      }
      return null;
    }
    case 'union': {
      // The options that take this value decide (all of them when none does: the value is refused
      // anyway); the value is fine when one of them declares all its keys. Otherwise the first names
      // the field.
      const all = def.options as ZodLike[];
      const taking = all.filter((o) => accepts(o, value));
      const options = taking.length > 0 ? taking : all;
      let first: string | null = null;
      for (const option of options) {
        const found = findUnknownField(option, value, path);
        if (found === null) return null;
        first ??= found;
      }
      return first;
    }
    case 'intersection': {
      // A key is the intersection's when either side declares it.
      const left = findUnknownField(def.left, value, path);
      if (left === null) return null;
      const right = findUnknownField(def.right, value, path);
      return right === null ? null : left;
    }
    default:
      return null;
  }
}

/** `/items/0/foo` as the error format names fields: `items.0.foo`. */
export const dottedPath = (pointer: string) => pointer.replace(/^\//, '').replaceAll('/', '.');

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route reads a body without a schema and takes keys it does not know in advance (a website's
     * lead form): the check for routes without a body schema leaves it alone.
     */
    openBody?: string;
  }
}

/** A 422 in the shape the error handler answers for validation (error-handler.ts). */
export function unknownFieldError(pointer: string, message: string, others: unknown[] = []): Error {
  return Object.assign(new Error(message), {
    statusCode: 422,
    unknownField: true,
    validation: [{ instancePath: pointer, message }, ...others],
  });
}

/**
 * Routes without a body or query schema take no body fields and no query parameters: a request that
 * sends them answers 422 naming the first, as the schema check does for routes that have a schema.
 * An empty object (`{}`) is no field. Uploads (multipart, or an upload route sent something else) are
 * left to their handler, which names its fields and refuses a body that is not multipart.
 */
export function refuseInputWithoutSchema(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const { url, schema, config } = request.routeOptions;
    if (!url?.startsWith('/api/') || url.startsWith('/api/docs')) return;
    if (!schema?.querystring) {
      const names = Object.keys((request.query as Record<string, unknown> | undefined) ?? {});
      if (names[0] !== undefined) throw unknownFieldError(`/${names[0]}`, unknownParameterMessage(names[0]));
    }
    // An upload route (declared with `uploadDoc`) answers a body that is not multipart itself (400).
    const isUpload = Boolean((config as { openapi?: { upload?: unknown } }).openapi?.upload);
    if (!schema?.body && !config.openBody && !isUpload && !request.isMultipart()) {
      const body = request.body;
      if (isPlainObject(body)) {
        const key = Object.keys(body)[0];
        if (key !== undefined) throw unknownFieldError(`/${key}`, unknownFieldMessage(key));
      }
    }
  });
}
