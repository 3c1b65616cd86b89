import { isPublic, type RouteAccess } from './access';

/**
 * What the OpenAPI description says beyond the schemas: an operationId and a summary for every
 * operation (from the spec's call names, decision 011), a tag per resource, the contract's error
 * answers that each operation can give, and no security requirement on public calls.
 */

interface RouteFacts {
  access: RouteAccess;
  hasParams: boolean;
  hasInput: boolean;
  rateLimited: boolean;
  summary?: string;
}

export function openApiPath(url: string): string {
  return url.replace(/:(\w+)/g, '{$1}');
}

/** One app's notes on its routes (taken as they register) and the completion of its document. */
export function openApiNotes() {
  const facts = new Map<string, RouteFacts>();
  return {
    note(method: string, url: string, route: RouteFacts): void {
      facts.set(`${method.toLowerCase()} ${openApiPath(url)}`, route);
    },
    complete: (doc: Json) => completeOpenApi(doc, facts),
  };
}

const CRUD: Record<string, string> = {
  get: 'get',
  post: 'save',
  patch: 'update',
  put: 'update',
  delete: 'delete',
};

/** `GET /api/flow/{id}` -> `flow.get`; `POST /api/flow/{id}/changestatus` -> `flow.changestatus`. */
export function operationIdOf(method: string, path: string): string {
  const parts = path
    .replace(/^\/api\//, '')
    .split('/')
    .filter((p) => p && !p.startsWith('{'));
  const resource = parts[0] ?? 'api';
  const action = parts.slice(1).join('.');
  if (!action) {
    const hasId = /\{[^}]+\}$/.test(path);
    const verb = CRUD[method] ?? method;
    return `${resource}.${method === 'get' && !hasId ? 'query' : verb}`;
  }
  return `${resource}.${action}`;
}

const ACTION_WORDS: Record<string, string> = {
  get: 'ophalen',
  query: 'opvragen (lijst)',
  save: 'aanmaken',
  update: 'wijzigen',
  delete: 'verwijderen',
  querypaginated: 'zoeken en bladeren (gepagineerd)',
  restore: 'terugzetten uit de prullenbak',
  forcedelete: 'definitief verwijderen',
  search: 'zoeken (typeahead)',
  getbycustomer: 'ophalen door de klant (hash-link)',
};

export function summaryOf(operationId: string): string {
  const [resource, ...rest] = operationId.split('.');
  const action = rest.join('.');
  const words = ACTION_WORDS[action] ?? action.replaceAll('.', ' ');
  return `${resource}: ${words}`;
}

const ERROR_RESPONSES: Record<string, string> = {
  '400': 'Onleesbaar verzoek (bijvoorbeeld een verkeerd gecodeerd adres).',
  '401': 'Niet ingelogd (geen of een verlopen token).',
  '403': 'Module of minimale rol ontbreekt.',
  '404': 'Niet gevonden (of van een ander bedrijf).',
  '409': 'Een regel staat de wijziging niet toe (de Nederlandse melding van de specificatie).',
  '413': 'Het verzoek of de upload is te groot.',
  '422': 'Ongeldige invoer, met de fouten per veld.',
  '429': 'Te veel verzoeken; probeer het later opnieuw.',
};

type Json = Record<string, unknown>;
type Operation = Json & { responses?: Json; parameters?: Json[]; requestBody?: Json };

function errorsFor(method: string, route: RouteFacts | undefined, op: Operation): string[] {
  const codes: string[] = [];
  const isOpen = !route || isPublic(route.access);
  if (!isOpen) codes.push('401');
  if (route && !isPublic(route.access) && (route.access.module || route.access.minRole > 0))
    codes.push('403');
  if (route?.hasParams) codes.push('404');
  if (method !== 'get' && !isOpen) codes.push('409');
  if (op.requestBody) codes.push('413');
  if (route?.hasInput || op.parameters?.length || op.requestBody) codes.push('422');
  if (route?.rateLimited) codes.push('429');
  // Any call can be malformed (an address Fastify cannot decode): said where nothing else applies.
  if (codes.length === 0) codes.push('400');
  return codes;
}

/** Completes the generated document (a @fastify/swagger `transformObject`). */
function completeOpenApi(doc: Json, facts: Map<string, RouteFacts>): Json {
  doc.components ??= {};
  const components = doc.components as Json;
  components.schemas = {
    ...(components.schemas as Json | undefined),
    Error: {
      type: 'object',
      required: ['message'],
      properties: {
        message: { type: 'string', description: 'De melding voor de gebruiker (Nederlands).' },
        errors: {
          type: 'object',
          description: 'Alleen bij 422: de fouten per veld.',
          additionalProperties: { type: 'array', items: { type: 'string' } },
        },
      },
    },
  };
  components.responses = Object.fromEntries(
    Object.entries(ERROR_RESPONSES).map(([code, description]) => [
      `Error${code}`,
      { description, content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } },
    ]),
  );
  const tags = new Set<string>();
  const used = new Set<string>();
  for (const [path, item] of Object.entries((doc.paths ?? {}) as Record<string, Record<string, Operation>>)) {
    for (const [method, op] of Object.entries(item)) {
      if (!CRUD[method] && method !== 'post') continue;
      const route = facts.get(`${method} ${path}`);
      let operationId = operationIdOf(method, path);
      if (used.has(operationId)) operationId = `${operationId}.${method}`;
      used.add(operationId);
      op.operationId = operationId;
      op.summary = route?.summary ?? summaryOf(operationId);
      const tag = operationId.split('.')[0]!;
      op.tags = [tag];
      tags.add(tag);
      if (route && isPublic(route.access)) op.security = [];
      op.responses ??= {};
      const responses = op.responses as Json;
      for (const code of errorsFor(method, route, op)) {
        responses[code] ??= { $ref: `#/components/responses/Error${code}` };
      }
      for (const answer of Object.values(responses) as Json[]) answer.description ??= 'Antwoord';
    }
  }
  doc.tags = [...tags].sort().map((name) => ({ name, description: `Aanroepen van ${name}` }));
  return doc;
}
