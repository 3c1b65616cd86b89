import { backfillCompanyCrmDefaults, ensureMainCompany } from './features/companies';
import { loadDemoData } from './features/demo';
import { rebuildSearchIndex } from './features/search';
import { isServerWorker, WorkerPool } from './platform/cluster';
import { type Config, loadConfig } from './platform/config';
import { DataDirLockedError, type EmbeddedPostgres, startEmbeddedPostgres } from './platform/db/embedded';
import { type AppLogger, createLogger } from './platform/log';
import { createServer, type Server } from './server';

/**
 * Starts the server: `--demo` also loads the demo companies, `--rebuild-search` writes the search index
 * again (`npm run search:rebuild`), `--exit` stops after start-up work
 * (used by `npm run demo:load`). With WORKERS > 1 this process does the start-up work and then starts
 * that many worker processes, which answer on the one port (platform/cluster.ts).
 */
async function main(): Promise<void> {
  const args = new Set(process.argv.slice(2));
  const config = loadConfig();
  const logger = createLogger(config.LOG_LEVEL, config.LOG_FORMAT);
  if (isServerWorker()) return runWorker(config, logger);
  let embedded: EmbeddedPostgres | null = null;
  let server: Server | null = null;
  let workers: WorkerPool | null = null;
  const shutdown = stopOnSignals(logger, async () => {
    await workers?.stop();
    await server?.close();
    await embedded?.stop();
  });

  try {
    let databaseUrl = config.DATABASE_URL;
    if (!databaseUrl) {
      embedded = await startEmbeddedPostgres({ dataDir: config.DATA_DIR, logger });
      databaseUrl = embedded.url;
    }
    const alone = config.WORKERS === 1;
    server = await createServer({ config, databaseUrl, logger, work: alone && !args.has('--exit') });
    await ensureMainCompany(server.deps.db, config, logger);
    await backfillCompanyCrmDefaults(server.deps.db);
    if (args.has('--demo')) await loadDemoData(server.deps.db, logger, server.deps.storage);
    if (args.has('--rebuild-search')) {
      const done = await rebuildSearchIndex(server.deps.db, {
        onProgress: (companyId, source, rows) =>
          logger.info({ companyId, source, rows }, 'search index rebuilt'),
      });
      logger.info(done, 'search index rebuilt for every company');
    }
    if (args.has('--exit')) return await shutdown('done');
    if (alone) {
      await server.app.listen({ port: config.PORT, host: config.HOST });
    } else {
      // The start-up work is done; the workers answer from here on.
      const startUp = server;
      server = null;
      await startUp.close();
      workers = new WorkerPool({
        count: config.WORKERS,
        env: { DATABASE_URL: databaseUrl },
        logger,
        onGiveUp: () => void shutdown('workers keep stopping', 1),
      });
      await workers.start();
    }
    logger.info({ url: config.APP_URL, processes: config.WORKERS }, 'Installatiemanager is running');
  } catch (err) {
    if (err instanceof DataDirLockedError) {
      process.stderr.write(`${err.message}\n`);
    } else {
      logger.error({ err }, 'start-up failed');
    }
    await shutdown('start-up failure', 1);
  }
}

/** A worker of the primary: the database is ready (DATABASE_URL), it answers requests and works on jobs. */
async function runWorker(config: Config, logger: AppLogger): Promise<void> {
  let server: Server | null = null;
  const stop = stopOnSignals(logger, async () => server?.close());
  // The primary is gone (killed): nothing restarts or stops this worker any more.
  process.on('disconnect', () => void stop('primary gone'));
  try {
    server = await createServer({ config, databaseUrl: config.DATABASE_URL!, logger, work: true });
    await server.app.listen({ port: config.PORT, host: config.HOST });
  } catch (err) {
    logger.error({ err }, 'worker start-up failed');
    await stop('start-up failure', 1);
  }
}

/**
 * Stops the process once, on SIGINT, SIGTERM or the answered function's call: runs `close`, then exits
 * (code 1 when `close` fails; forced after 30 s).
 */
function stopOnSignals(logger: AppLogger, close: () => Promise<void>) {
  let stopping = false;
  const stop = async (reason: string, code = 0) => {
    if (stopping) return;
    stopping = true;
    logger.info({ reason }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 30_000);
    force.unref();
    try {
      await close();
    } catch (err) {
      logger.error({ err }, 'error during shutdown');
      code = 1;
    }
    process.exit(code);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
  return stop;
}

void main();
