import { ROLE, roleLabel } from '@im/domain';
import { z } from 'zod';
import { isPublic, type RouteAccess } from './access';

/**
 * What the OpenAPI description says beyond the schemas: an operationId and a summary for every
 * operation (from the spec's call names, decision 011), a tag per resource, the contract's error
 * answers that each operation can give, and no security requirement on public calls.
 */

/** What a route says about itself for the description beyond its zod schemas (`config.openapi`). */
export interface RouteDoc {
  /** A multipart/form-data upload: the file field(s) and the text fields sent with them. */
  upload?: UploadDoc;
  /** A file answer (200) instead of JSON: its content types and what it is. */
  download?: DownloadDoc;
  /**
   * The route can answer 410 (a customer link whose dossier or document is gone; a keyed create whose record
   * was made by an earlier send and deleted since, decision 069).
   */
  gone?: boolean;
  /** The route can answer 403 beyond its module and role (a flag of the user's own, decision 067). */
  forbidden?: boolean;
}

export interface UploadDoc {
  /** What the server accepts, judged by content (wrong kinds answer 415). */
  accepts: string;
  /** The file field, `file` unless said otherwise. */
  file?: string;
  /** More than one file (the field repeated), at most this many. */
  maxFiles?: number;
  /** The text fields: a zod object (as the route parses them) or name -> description. */
  fields?: z.ZodObject | Record<string, string>;
  /** Text fields that must be sent (for the `Record` form; a zod object says it itself). */
  required?: readonly string[];
}

export interface DownloadDoc {
  types: readonly string[];
  description: string;
  /** Image answers without an image: 200, empty, `x-imagestatus: unavailable` (api-contract "Files"). */
  imageStatus?: boolean;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    openapi?: RouteDoc;
  }
}

/** Content types of file answers. */
export const FILE_TYPES = {
  pdf: ['application/pdf'],
  image: ['image/*'],
  /** A stored upload: an image, a PDF or (mail attachments) an office document. */
  stored: ['application/pdf', 'image/*', 'application/octet-stream'],
  zip: ['application/zip'],
  xlsx: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
  spreadsheet: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'text/csv'],
  xml: ['application/xml'],
  calendar: ['text/calendar'],
  /** A page a browser window shows (the end of an integration's authorization). */
  html: ['text/html'],
  events: ['text/event-stream'],
} as const;

/** `config: { ...CRM, ...uploadDoc({...}) }`: the route takes a multipart upload. */
export function uploadDoc(upload: UploadDoc): { openapi: RouteDoc } {
  return { openapi: { upload } };
}

/** `config: { ...CRM, ...downloadDoc('De PDF', FILE_TYPES.pdf) }`: the route answers a file. */
export function downloadDoc(
  description: string,
  types: readonly string[],
  options: { imageStatus?: boolean; gone?: boolean } = {},
): { openapi: RouteDoc } {
  return {
    openapi: {
      download: { description, types, imageStatus: options.imageStatus },
      gone: options.gone,
    },
  };
}

/** A stored upload answered as it was kept (sendStoredFile). */
export const STORED_FILE = downloadDoc('Het bestand zoals het is opgeslagen', FILE_TYPES.stored);
/** A generated PDF. */
export const PDF_FILE = downloadDoc('De PDF', FILE_TYPES.pdf);

interface RouteFacts {
  access: RouteAccess;
  hasParams: boolean;
  hasInput: boolean;
  rateLimited: boolean;
  /** A customer-link route: a trashed dossier or document answers 410. */
  customerLink: boolean;
  multipart: boolean;
  doc?: RouteDoc;
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
  delete: 'verwijderen (naar de prullenbak)',
  querypaginated: 'zoeken en bladeren (gepagineerd)',
  querytrashed: 'in de prullenbak bekijken',
  restore: 'terugzetten uit de prullenbak',
  forcedelete: 'definitief verwijderen',
  search: 'zoeken (typeahead)',
  duplicate: 'dupliceren',
  resethash: 'een nieuwe klantlink maken (de oude vervalt)',
  download: 'downloaden (PDF)',
  getbycustomer: 'ophalen door de klant (link met hash)',
  downloadbycustomer: 'downloaden door de klant (PDF, link met hash)',
  downloadsignedbycustomer: 'getekende versie downloaden door de klant (PDF)',
  approvebycustomer: 'akkoord geven door de klant',
  rejectbycustomer: 'afwijzen door de klant',
  changestatus: 'status wijzigen',
  send: 'versturen',
  sendemail: 'e-mail versturen',
  updateorder: 'volgorde wijzigen',
  downloadallpictures: "alle foto's downloaden (zip)",
  showthumbnail: 'miniatuur tonen',
  signature: 'handtekening (afbeelding)',
  signedpdf: 'getekende PDF',
  setpartner: 'dossiers aan een partner koppelen',
};

/** Dutch names of the resources (the first path segment after /api). */
const RESOURCE_WORDS: Record<string, string> = {
  relation: 'Relatie',
  organization: 'Organisatie',
  partner: 'Partner',
  location: 'Adres',
  locationtype: 'Adrestype',
  flow: 'Dossier',
  flowfile: 'Dossierbestand',
  assistfile: 'Assistentbestand',
  flowphase: 'Dossierfase',
  flowprofile: 'Dossierprofiel',
  lead: 'Lead',
  quotation: 'Offerte',
  confirmation: 'Opdrachtbevestiging',
  document: 'Document',
  invoice: 'Factuur',
  documenttype: 'Documentsoort',
  documentwidget: 'Documentblok',
  documentwidgettype: 'Documentbloksoort',
  widgetpicture: 'Afbeelding in een documentblok',
  attachment: 'Bijlage van een document',
  calculation: 'Calculatie',
  calculationitem: 'Calculatieregel',
  product: 'Product',
  producttablerow: 'Producttabelregel',
  task: 'Taak',
  tasktemplate: 'Taaksjabloon',
  taskcontext: 'Taakcontext',
  taskcontexttype: 'Taakcontextsoort',
  note: 'Notitie',
  action: 'Actie',
  agendaitem: 'Agendapunt',
  calendar: 'Agenda',
  incident: 'Melding (storing)',
  incidenttype: 'Meldingsoort',
  picture: 'Foto',
  intake: 'Intake',
  project: 'Project',
  flowdataitem: 'Formulier in een dossier',
  vertical: 'Formulier',
  verticaldatafield: 'Formulierveld',
  message: 'Bericht',
  notification: 'Notificatie',
  mailtemplate: 'E-mailsjabloon',
  messagetemplate: 'Berichtsjabloon',
  contacttemplate: 'Contactsjabloon',
  attachedfile: 'Bijlage van een sjabloon',
  mergetags: 'Samenvoegvelden',
  flowmail: 'Dossiermail',
  assistmail: 'Assistentmail',
  user: 'Gebruiker',
  company: 'Bedrijf',
  companysettings: 'Bedrijfsinstellingen',
  module: 'Module',
  subscription: 'Abonnement',
  subscriptiontype: 'Abonnementsoort',
  systemnotification: 'Systeemmelding',
  eventtrigger: 'Gebeurtenis',
  eventtriggerrule: 'Automatiseringsregel',
  delayedrule: 'Uitgestelde regel',
  website: 'Website',
  webhookconnection: 'Webhook-koppeling',
  authenticate: 'Inloggen',
  password: 'Wachtwoord',
  register: 'Registratie',
  portal: 'Portaal',
  health: 'Gezondheid',
  batch: 'Achtergrondtaak',
  outboxmail: 'Uitgaande mail',
  pdf: 'PDF',
  address: 'Adres opzoeken',
  live: 'Live-meldingen',
};

export function summaryOf(operationId: string): string {
  const [resource = '', ...rest] = operationId.split('.');
  const action = rest.join('.');
  const words = ACTION_WORDS[action] ?? action.replaceAll('.', ' ');
  return `${RESOURCE_WORDS[resource] ?? resource}: ${words}`;
}

/** Who may call the operation, in the words of the roles screen. */
function accessSentence(access: RouteAccess | undefined): string {
  if (!access) return '';
  if (isPublic(access)) return `Openbaar, zonder login (${access.public}).`;
  const role =
    access.minRole >= ROLE.SYSTEEMBEHEERDER
      ? 'systeembeheerder (hoofdbedrijf)'
      : access.minRole > ROLE.UITVOEREND
        ? `minstens ${roleLabel(access.minRole)}`
        : access.minRole >= 100
          ? 'iedere rol'
          : 'iedere gebruiker';
  const module = access.module ? `, module ${access.module}` : '';
  return `Ingelogd (bearer-token)${module}; ${role}.`;
}

/** Each answer's schema name ("antwoord: Relation"), read from the generated responses. */
function answerSentence(op: Operation): string {
  const found: string[] = [];
  for (const [code, answer] of Object.entries((op.responses ?? {}) as Record<string, Json>)) {
    if (!code.startsWith('2')) continue;
    const content = (answer.content ?? {}) as Record<string, { schema?: Json }>;
    const types = Object.keys(content);
    const schema = content['application/json']?.schema;
    const ref = (s: Json | undefined) => (typeof s?.$ref === 'string' ? s.$ref.split('/').pop() : undefined);
    const items = schema?.type === 'array' ? ref(schema.items as Json) : undefined;
    const name = ref(schema) ?? (items ? `lijst van ${items}` : undefined);
    if (name) found.push(`${code} ${name}`);
    else if (types.length && !content['application/json'])
      found.push(`${code} een bestand (${types.join(', ')})`);
    else if (code === '204') found.push('204 zonder inhoud');
  }
  return found.length ? `Antwoord: ${found.join('; ')}.` : '';
}

const ERROR_RESPONSES: Record<string, string> = {
  '400': 'Onleesbaar verzoek (bijvoorbeeld een verkeerd gecodeerd adres).',
  '401': 'Niet ingelogd (geen of een verlopen token).',
  '403': 'Module of minimale rol ontbreekt.',
  '404': 'Niet gevonden (of van een ander bedrijf).',
  '409': 'Een regel staat de wijziging niet toe (de Nederlandse melding van de specificatie).',
  '410': 'De link werkt niet meer: het dossier, het document of het bedrijf is verwijderd of verlopen.',
  '413': 'Het verzoek of de upload is te groot.',
  '414': 'Het adres (pad en parameters) is te lang.',
  '415': 'Dit soort inhoud of bestand wordt niet aangenomen (het type wordt aan de inhoud herkend).',
  '422': 'Ongeldige invoer, met de fouten per veld.',
  '429': 'Te veel verzoeken; probeer het later opnieuw.',
  '503':
    'Een andere handeling houdt deze gegevens bezet (een vergrendeling of een te lange opdracht); opnieuw proberen na de seconden in Retry-After.',
};

type Json = Record<string, unknown>;
type Operation = Json & { responses?: Json; parameters?: Json[]; requestBody?: Json };

/**
 * The error answers an operation can give, kept true by the input sweep (`input-sweep.api.test.ts`
 * fails on any answer an operation gives that its description does not declare).
 */
export function errorsFor(method: string, route: RouteFacts | undefined, op: Operation): string[] {
  const isOpen = !route || isPublic(route.access);
  const takesInput = Boolean(route?.hasInput || op.parameters?.length || op.requestBody);
  // Any call can be malformed (an address or a JSON body that cannot be read, a forbidden key).
  const codes: string[] = ['400'];
  if (!isOpen) codes.push('401');
  if (
    route &&
    !isPublic(route.access) &&
    (route.access.module || route.access.minRole > 0 || route.doc?.forbidden)
  )
    codes.push('403');
  // A record named in the path, the query or the body (`*_id`, a customer's hash) that is not there.
  if (route?.hasParams || takesInput) codes.push('404');
  // A rule or the record's state does not allow it (also reading a sent invoice's e-invoice too early);
  // a customer's answer to a document that is no longer open.
  if (!isOpen || (route?.customerLink && method !== 'get')) codes.push('409');
  if (route?.customerLink || route?.doc?.gone) codes.push('410');
  if (op.requestBody) codes.push('413');
  // Any address can be made longer than the server reads.
  codes.push('414');
  if (op.requestBody) codes.push('415');
  if (takesInput) codes.push('422');
  if (route?.rateLimited) codes.push('429');
  // Every call reads or writes the database: a lock held too long or a statement past its time answers 503.
  codes.push('503');
  return codes;
}

const BINARY = { type: 'string', format: 'binary' };

/** The multipart request body of an upload route. */
function uploadBody(upload: UploadDoc): Json {
  const file = upload.file ?? 'file';
  const fileSchema = {
    ...BINARY,
    description: `Het bestand: ${upload.accepts}. Het type wordt aan de inhoud herkend (anders 415).`,
  };
  let properties: Json = {};
  let required: string[] = [];
  if (upload.fields instanceof z.ZodObject) {
    const schema = z.toJSONSchema(upload.fields, {
      io: 'input',
      target: 'draft-2020-12',
      unrepresentable: 'any',
    }) as Json;
    properties = (schema.properties ?? {}) as Json;
    required = (schema.required ?? []) as string[];
  } else if (upload.fields) {
    properties = Object.fromEntries(
      Object.entries(upload.fields).map(([name, description]) => [name, { type: 'string', description }]),
    );
    required = [...(upload.required ?? [])];
  }
  const fileProperty =
    (upload.maxFiles ?? 1) > 1
      ? { type: 'array', items: fileSchema, maxItems: upload.maxFiles, description: fileSchema.description }
      : fileSchema;
  return {
    required: true,
    content: {
      'multipart/form-data': {
        schema: {
          type: 'object',
          properties: { [file]: fileProperty, ...properties },
          required: (upload.maxFiles ?? 1) > 1 ? required : [file, ...required],
        },
      },
    },
  };
}

/** Files on S3 with S3_PRESIGN_DOWNLOADS set: a large one is sent on to the store (decision 052). */
const PRESIGNED_REDIRECT: Json = {
  description:
    'Alleen bij bestanden op S3 met S3_PRESIGN_DOWNLOADS: een groot bestand wordt doorgestuurd naar een kortlevende link (Location) die het met hetzelfde type en dezelfde naam geeft.',
  headers: {
    location: { description: 'De kortlevende link.', schema: { type: 'string', format: 'uri' } },
  },
};

/** The `200` of a route that answers a file. */
function downloadAnswer(download: DownloadDoc): Json {
  return {
    description: download.description,
    ...(download.imageStatus
      ? {
          headers: {
            'x-imagestatus': {
              description: 'unavailable: er is (nog) geen afbeelding; het antwoord is dan leeg.',
              schema: { type: 'string', enum: ['unavailable'] },
            },
          },
        }
      : {}),
    content: Object.fromEntries(download.types.map((type) => [type, { schema: BINARY }])),
  };
}

/** Every `$ref` to a component schema reachable from `start`. */
function collectRefs(start: unknown, schemas: Json, into: Set<string>): Set<string> {
  const walk = (value: unknown): void => {
    if (Array.isArray(value)) for (const v of value) walk(v);
    else if (value && typeof value === 'object') {
      for (const [key, v] of Object.entries(value)) {
        if (key === '$ref' && typeof v === 'string' && v.startsWith('#/components/schemas/')) {
          const name = v.slice('#/components/schemas/'.length);
          if (!into.has(name)) {
            into.add(name);
            walk(schemas[name]);
          }
        } else walk(v);
      }
    }
  };
  walk(start);
  return into;
}

/**
 * Completes the generated document (a @fastify/swagger `transformObject`, after the type provider
 * added the named zod schemas of `apiSchemaNames`, of which only those in use are kept).
 */
function completeOpenApi(doc: Json, facts: Map<string, RouteFacts>): Json {
  doc.components ??= {};
  const components = doc.components as Json;
  const schemas: Json = {
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
      const tag = operationId.split('.')[0]!;
      op.tags = [tag];
      tags.add(tag);
      if (route && isPublic(route.access)) op.security = [];
      op.responses ??= {};
      const responses = op.responses as Json;
      if (route?.doc?.upload) op.requestBody = uploadBody(route.doc.upload);
      else if (route?.multipart)
        throw new Error(
          `${method.toUpperCase()} ${path} takes multipart/form-data: describe it with uploadDoc()`,
        );
      if (route?.doc?.download) {
        const ok = Object.keys(responses).find((code) => code.startsWith('2')) ?? '200';
        responses[ok] = downloadAnswer(route.doc.download);
        responses['302'] ??= PRESIGNED_REDIRECT;
      }
      op.summary = route?.summary ?? summaryOf(operationId);
      op.description = [accessSentence(route?.access), answerSentence(op)].filter(Boolean).join(' ');
      for (const code of errorsFor(method, route, op)) {
        responses[code] ??= { $ref: `#/components/responses/Error${code}` };
      }
      for (const [code, answer] of Object.entries(responses) as [string, Json][]) {
        if (answer.$ref) continue;
        if (answer.description === 'Default Response' || answer.description === undefined)
          answer.description = code === '204' ? 'Gelukt, zonder inhoud' : 'Gelukt';
      }
    }
  }
  const inUse = collectRefs({ paths: doc.paths, responses: components.responses }, schemas, new Set());
  components.schemas = Object.fromEntries(
    Object.entries(schemas)
      .filter(([name]) => inUse.has(name))
      .sort(([a], [b]) => a.localeCompare(b)),
  );
  doc.tags = [...tags].sort().map((name) => ({
    name,
    description: `${RESOURCE_WORDS[name] ?? name}: de aanroepen onder /api/${name}`,
  }));
  return doc;
}
