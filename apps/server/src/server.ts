import { registerCompanyJobs } from './features/companies';
import { registerFlowImportJobs } from './features/flowimports';
import { registerFieldImportJob } from './features/forms';
import { type PaymentSync, registerIntegrationJobs } from './features/integrations';
import { registerPartnerProjectJobs } from './features/partnerprojects';
import { registerProductJobs } from './features/products';
import { registerRelationJobs } from './features/relations';
import { registerFeatureRoutes } from './features/routes';
import { registerWebhookJobs } from './features/webhooks';
import { wireFeatures } from './features/wiring';
import { seedEventTriggers, WorkflowEngine } from './features/workflow';
import { SessionCache } from './platform/auth/session-cache';
import type { Config } from './platform/config';
import { openDatabase } from './platform/db/setup';
import type { Deps } from './platform/deps';
import { EventHub } from './platform/events';
import { createFileStorage } from './platform/files/create-storage';
import { createGeocoder } from './platform/geocode';
import { AddressCounts } from './platform/http/address-counts';
import { buildApp } from './platform/http/app';
import { Jobs } from './platform/jobs/jobs';
import { type AppLogger, createLogger } from './platform/log';
import { Mailer } from './platform/mail/mailer';
import { DEFAULT_WEB_DIST } from './platform/paths';
import { createPdfService } from './platform/pdf/pdf-service';

export interface ServerOptions {
  config: Config;
  databaseUrl: string;
  logger?: AppLogger;
  /** Whether this process works on jobs (tests that only call the API may skip it). */
  work?: boolean;
  batchChunkSize?: number;
}

export interface Server {
  app: Awaited<ReturnType<typeof buildApp>>;
  deps: Deps;
  /** The workflow rule engine (its sweep and idle are what tests wait on). */
  workflow: WorkflowEngine;
  /** The accounting payment sync (tests wake it rather than wait its minutes). */
  paymentSync: PaymentSync;
  close(): Promise<void>;
}

/** Wires database, jobs, mail, files and PDF into the HTTP app. */
export async function createServer(options: ServerOptions): Promise<Server> {
  const { config } = options;
  wireFeatures();
  const logger = options.logger ?? createLogger(config.LOG_LEVEL);
  const db = await openDatabase(options.databaseUrl, config.DB_POOL_SIZE, logger, {
    idleInTransactionMs: config.DB_IDLE_IN_TRANSACTION_MS,
    pooler: config.DATABASE_POOLER,
    directUrl: config.DATABASE_DIRECT_URL,
    replicaUrl: config.DATABASE_REPLICA_URL,
  });
  // The job queue and LISTEN keep session state: straight to PostgreSQL, past a transaction pooler.
  const directUrl = config.DATABASE_DIRECT_URL ?? options.databaseUrl;
  const jobs = new Jobs(directUrl, db, logger);
  const chunkSize = options.batchChunkSize ?? config.BATCH_CHUNK_SIZE;
  registerCompanyJobs(jobs, chunkSize);
  const storage = createFileStorage(config);
  const mailer = new Mailer({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM }, db, jobs, logger, storage);
  const pdf = await createPdfService({
    chromiumPath: config.CHROMIUM_PATH,
    poolSize: config.PDF_POOL_SIZE,
    logger,
  });
  const geocoder = createGeocoder(config, logger);
  const events = new EventHub(directUrl, db, logger);
  const sessions = new SessionCache(config.SESSION_CACHE_SECONDS * 1000, () => events.listener.connected);
  db.onCommitted((notification) => sessions.onNotification(notification));
  events.listener.subscribe(sessions.subscriber());
  const addresses = new AddressCounts(db);
  const deps: Deps = {
    config,
    db,
    events,
    jobs,
    mailer,
    storage,
    pdf,
    geocoder,
    logger,
    sessions,
    addresses,
  };
  registerRelationJobs(jobs, chunkSize, storage);
  registerProductJobs(jobs);
  registerFlowImportJobs(jobs, storage);
  registerPartnerProjectJobs(jobs);
  registerFieldImportJob(jobs);
  registerWebhookJobs(jobs, { db, config, logger });
  const workflow = new WorkflowEngine(deps);
  events.dispatcher.register(workflow.consumer());
  const integrations = registerIntegrationJobs(deps);
  events.dispatcher.register(integrations.consumer);
  try {
    await jobs.start({ work: options.work ?? true });
    await seedEventTriggers(db);
    await events.start({ work: options.work ?? true });
    if (options.work ?? true) {
      workflow.start();
      addresses.start();
      integrations.paymentSync.start();
    }
  } catch (err) {
    workflow.stop();
    await events.stop();
    await jobs.stop();
    storage.close();
    await pdf.close();
    await db.close();
    throw err;
  }
  const app = await buildApp(deps, {
    webDistDir: config.WEB_DIST_DIR ?? DEFAULT_WEB_DIST,
    loggerInstance: logger,
    routes: registerFeatureRoutes,
  });
  let closed = false;
  return {
    app,
    deps,
    workflow,
    paymentSync: integrations.paymentSync,
    async close() {
      if (closed) return;
      closed = true;
      workflow.stop();
      addresses.stop();
      integrations.paymentSync.stop();
      await workflow.idle();
      await integrations.paymentSync.idle();
      await events.stop();
      await app.close();
      await jobs.stop();
      mailer.close();
      storage.close();
      await pdf.close();
      await db.close();
    },
  };
}
