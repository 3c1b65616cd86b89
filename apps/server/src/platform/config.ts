import path from 'node:path';
import { z } from 'zod';

const zBool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/** Every environment variable the server reads; README.md "Configuration" lists the same set. */
const zEnv = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('127.0.0.1'),
  DATABASE_URL: z.string().url().optional(),
  /**
   * Straight to PostgreSQL when DATABASE_URL is a transaction pooler (PgBouncer): migrations, the job queue,
   * live updates (LISTEN) and session advisory locks use it (docs/decisions/053).
   */
  DATABASE_DIRECT_URL: z.string().url().optional(),
  /** A streaming replica for the read-heavy lists a second's lag cannot hurt (docs/decisions/053). */
  DATABASE_REPLICA_URL: z.string().url().optional(),
  /**
   * `transaction`: DATABASE_URL (and the replica's) is a transaction pooler: no named prepared statements and
   * no session settings on it. Default: `transaction` when DATABASE_DIRECT_URL is set, else `none`.
   */
  DATABASE_POOLER: z.enum(['none', 'transaction']).optional(),
  DATA_DIR: z.string().default('./data'),
  APP_URL: z.string().url().optional(),
  INIT_ADMIN_EMAIL: z.string().email().optional(),
  INIT_ADMIN_PASSWORD: z.string().min(1).optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Installatiemanager <noreply@installatiemanager.local>'),
  CHROMIUM_PATH: z.string().optional(),
  PDF_POOL_SIZE: z.coerce.number().int().min(1).max(16).default(2),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOG_FORMAT: z.enum(['auto', 'json', 'pretty']).default('auto'),
  SESSION_IDLE_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .default(12 * 60),
  SESSION_MAX_DAYS: z.coerce.number().int().min(1).default(14),
  /** How long a process may answer a token from memory (session-cache.ts); 0 looks every request up. */
  SESSION_CACHE_SECONDS: z.coerce.number().int().min(0).max(60).default(5),
  UPLOAD_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(10 * 1024 * 1024),
  /** Largest photo upload (phone photos are large): api/picture and storebycustomer. */
  PICTURE_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(25 * 1024 * 1024),
  REGISTRATION_ENABLED: zBool.default(true),
  TRUST_PROXY: zBool.default(false),
  DB_POOL_SIZE: z.coerce.number().int().min(2).max(100).default(10),
  /**
   * A sending waits this long for a lock (the invoice counter, the document) before it answers 503; a
   * transaction left idle this long (its process stopped) is ended by PostgreSQL, freeing its locks.
   */
  DB_LOCK_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(60_000),
  DB_IDLE_IN_TRANSACTION_MS: z.coerce.number().int().min(1000).max(3_600_000).default(120_000),
  /**
   * Server processes answering on the one port (platform/cluster.ts): 1 answers in the process that starts;
   * more start that many workers. Each opens up to DB_POOL_SIZE + 5 database connections.
   */
  WORKERS: z.coerce.number().int().min(1).max(16).default(1),
  WEB_DIST_DIR: z.string().optional(),
  MAP_TILE_URL: z.string().default('https://tile.openstreetmap.org/{z}/{x}/{y}.png'),
  MAP_ATTRIBUTION: z.string().default('&copy; OpenStreetMap-bijdragers'),
  BATCH_CHUNK_SIZE: z.coerce.number().int().min(1).max(100_000).default(1000),
  FLOW_SORT_RANGE_SIZE: z.coerce.number().int().min(2).max(1_000_000).default(4096),
  /** The invoice overview's sort ranges (document-sort-ranges.ts, decision 022). */
  DOCUMENT_SORT_RANGE_SIZE: z.coerce.number().int().min(2).max(1_000_000).default(4096),
  /** A document search with more hits than this walks the sort's index for its page (migration 0038, decision 022). */
  DOCUMENT_SEARCH_WALK_OVER: z.coerce.number().int().min(250).max(1_000_000).default(2000),
  GEOCODER: z.enum(['pdok', 'none']).default('pdok'),
  GEOCODER_URL: z.string().url().default('https://api.pdok.nl/bzk/locatieserver/search/v3_1/free'),
  /** Mollie's API root; tests point it at a local fake (decision 022). */
  MOLLIE_API_URL: z.string().url().default('https://api.mollie.com/v2'),
  /** Test-only: webhooks may call 127.0.0.0/8 (a test's own server); every other internal address stays refused (decision 025). */
  WEBHOOK_ALLOW_LOOPBACK: zBool.default(false),
  /**
   * The key that encrypts integration tokens at rest (decision 065): 32 bytes, base64. Unset: a key made
   * once in DATA_DIR/integration-secret.key (one machine only; set it when several processes or machines share
   * the database).
   */
  INTEGRATION_SECRET_KEY: z
    .string()
    .refine((v) => Buffer.from(v, 'base64').length === 32, 'must be 32 bytes, base64')
    .optional(),
  /** Exact Online (decision 065): the app registered in the Exact App Center; unset = not offered. */
  EXACT_CLIENT_ID: z.string().optional(),
  EXACT_CLIENT_SECRET: z.string().optional(),
  /** The Exact Online site of the country (start.exactonline.nl for the Netherlands); tests use a fake. */
  EXACT_BASE_URL: z.string().url().default('https://start.exactonline.nl'),
  /**
   * SnelStart B2B API v2 (decision 068): the subscription key of the product subscribed to in the SnelStart
   * developer portal (sent as Ocp-Apim-Subscription-Key); unset = not offered. Each company brings its own
   * koppelsleutel (client key) from SnelStart Web.
   */
  SNELSTART_SUBSCRIPTION_KEY: z.string().optional(),
  SNELSTART_API_URL: z.string().url().default('https://b2bapi.snelstart.nl'),
  SNELSTART_AUTH_URL: z.string().url().default('https://auth.snelstart.nl'),
  /** SnelStart Web, where a customer makes the koppelsleutel ('Koppelingen'); the link window opens it. */
  SNELSTART_WEB_URL: z.string().url().default('https://web.snelstart.nl'),
  /**
   * Google Calendar (decision 070): the OAuth client of the app registered in Google Cloud Console (type Web
   * application, redirect URI `${APP_URL}/api/integrations/gcal/callback`); unset = not offered. The endpoints
   * default to Google's own; tests point them at a local fake.
   */
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  GOOGLE_AUTH_URL: z.string().url().default('https://accounts.google.com/o/oauth2/v2/auth'),
  GOOGLE_TOKEN_URL: z.string().url().default('https://oauth2.googleapis.com/token'),
  GOOGLE_REVOKE_URL: z.string().url().default('https://oauth2.googleapis.com/revoke'),
  GOOGLE_CALENDAR_API_URL: z.string().url().default('https://www.googleapis.com/calendar/v3'),
  /**
   * Microsoft 365 / Outlook through Microsoft Graph (decision 070): the app registered in Microsoft Entra
   * (redirect URI `${APP_URL}/api/integrations/outlook/callback`); unset = not offered. MICROSOFT_TENANT
   * `common` lets work and personal accounts link.
   */
  MICROSOFT_CLIENT_ID: z.string().optional(),
  MICROSOFT_CLIENT_SECRET: z.string().optional(),
  MICROSOFT_TENANT: z.string().default('common'),
  MICROSOFT_LOGIN_URL: z.string().url().default('https://login.microsoftonline.com'),
  MICROSOFT_GRAPH_URL: z.string().url().default('https://graph.microsoft.com/v1.0'),
  /**
   * Quickr (solar design) and Glbl (reports) on forms (decision 071): each company links its own account
   * (Quickr: username and password; Glbl: an API key), so only the API addresses are configuration; unset =
   * the service is not offered (its calls answer 409).
   */
  QUICKR_API_URL: z.string().url().optional(),
  GLBL_API_URL: z.string().url().optional(),
  /** How often a working process asks the linked accounting package which booked invoices are paid. */
  INTEGRATION_PAYMENT_SYNC_SECONDS: z.coerce.number().int().min(1).max(86_400).default(600),
  /**
   * When the calendars are asked for their changes (a pg-boss cron, UTC; decision 074): every minute. Tests set a
   * rare one, so the rounds they run themselves are the only ones.
   */
  CALENDAR_SYNC_CRON: z.string().min(9).max(100).default('* * * * *'),
  /** Seconds an outgoing call to a provider may take. */
  INTEGRATION_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(120).default(20),
  /**
   * The external portal of the side menu (spec 000 section 2, decision 067): its address in this environment
   * (development, test, production each set their own), opened with `?token=` a short-lived signed token.
   * Unset: the portal link answers that the portal is not set up here.
   */
  PORTAL_URL: z.string().url().optional(),
  /** The secret portal tokens are signed with (HMAC-SHA256), shared with the portal; at least 32 characters. */
  PORTAL_TOKEN_SECRET: z.string().min(32).optional(),
  /** Where file bytes live (decision 052): `disk` under DATA_DIR/files, or an S3-compatible bucket. */
  FILE_STORAGE: z.enum(['disk', 's3']).default('disk'),
  /** Unset: AWS S3. Set for MinIO, Ceph, Scaleway and other S3-compatible stores. */
  S3_ENDPOINT: z.string().url().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_BUCKET: z.string().min(3).max(63).optional(),
  /** Unset: the AWS SDK's own chain (AWS_* variables, instance role). */
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: zBool.default(false),
  S3_PREFIX: z.string().max(100).default(''),
  /** Seconds a presigned download link lives; 0 = every download streams through the server. */
  S3_PRESIGN_DOWNLOADS: z.coerce.number().int().min(0).max(604_800).default(0),
  /** Only downloads at least this large are redirected to a presigned link. */
  S3_PRESIGN_MIN_BYTES: z.coerce
    .number()
    .int()
    .min(0)
    .default(5 * 1024 * 1024),
});

export type Env = z.infer<typeof zEnv>;

export interface Config extends Omit<Env, 'APP_URL' | 'DATA_DIR' | 'DATABASE_POOLER'> {
  DATA_DIR: string;
  APP_URL: string;
  DATABASE_POOLER: 'none' | 'transaction';
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = zEnv.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid configuration:\n${lines}`);
  }
  const e = parsed.data;
  if (e.DATABASE_POOLER === 'transaction' && !e.DATABASE_DIRECT_URL)
    throw new Error(
      'Invalid configuration:\n  DATABASE_POOLER=transaction needs DATABASE_DIRECT_URL (straight to PostgreSQL)',
    );
  if (e.FILE_STORAGE === 's3' && !e.S3_BUCKET)
    throw new Error('Invalid configuration:\n  S3_BUCKET: required when FILE_STORAGE=s3');
  if (Boolean(e.S3_ACCESS_KEY_ID) !== Boolean(e.S3_SECRET_ACCESS_KEY))
    throw new Error(
      'Invalid configuration:\n  S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY: set both or neither',
    );
  if (e.PORTAL_URL && !e.PORTAL_TOKEN_SECRET)
    throw new Error('Invalid configuration:\n  PORTAL_TOKEN_SECRET: required when PORTAL_URL is set');
  const appUrl = (e.APP_URL ?? `http://${e.HOST === '0.0.0.0' ? 'localhost' : e.HOST}:${e.PORT}`).replace(
    /\/$/,
    '',
  );
  return {
    ...e,
    DATA_DIR: path.resolve(e.DATA_DIR),
    APP_URL: appUrl,
    DATABASE_POOLER: e.DATABASE_POOLER ?? (e.DATABASE_DIRECT_URL ? 'transaction' : 'none'),
  };
}
