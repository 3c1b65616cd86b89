import type { SessionCache } from './auth/session-cache';
import type { Config } from './config';
import type { Database } from './db/database';
import type { EventHub } from './events';
import type { FileStorage } from './files/storage';
import type { Geocoder } from './geocode/geocoder';
import type { AddressCounts } from './http/address-counts';
import type { Jobs } from './jobs/jobs';
import type { Logger } from './logger';
import type { Mailer } from './mail/mailer';
import type { PdfService } from './pdf/pdf-service';

/** The services every feature leans on, built once at start-up and reachable as `app.deps`. */
export interface Deps {
  config: Config;
  db: Database;
  events: EventHub;
  jobs: Jobs;
  mailer: Mailer;
  storage: FileStorage;
  pdf: PdfService;
  geocoder: Geocoder;
  logger: Logger;
  /** Recent callers per token, forgotten on every change that may alter them. */
  sessions: SessionCache;
  /** Per-address counts shared by every process: rate limits and the guess guard. */
  addresses: AddressCounts;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: Deps;
  }
}
