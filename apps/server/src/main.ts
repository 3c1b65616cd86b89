import { ensureMainCompany } from './features/companies/bootstrap';
import { backfillCompanyCrmDefaults } from './features/companies/company-defaults';
import { loadDemoData } from './features/demo/load-demo';
import { loadConfig } from './platform/config';
import { DataDirLockedError, type EmbeddedPostgres, startEmbeddedPostgres } from './platform/db/embedded';
import { createLogger } from './platform/log';
import { createServer, type Server } from './platform/server';

/**
 * Starts the server: `--demo` also loads the demo companies, `--exit` stops after start-up work
 * (used by `npm run demo:load`).
 */
async function main(): Promise<void> {
  const args = new Set(process.argv.slice(2));
  const config = loadConfig();
  const logger = createLogger(config.LOG_LEVEL, config.LOG_FORMAT);
  let embedded: EmbeddedPostgres | null = null;
  let server: Server | null = null;
  let stopping = false;

  const shutdown = async (signal: string, code = 0) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 30_000);
    force.unref();
    try {
      await server?.close();
      await embedded?.stop();
    } catch (err) {
      logger.error({ err }, 'error during shutdown');
      code = 1;
    }
    process.exit(code);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  try {
    let databaseUrl = config.DATABASE_URL;
    if (!databaseUrl) {
      embedded = await startEmbeddedPostgres({ dataDir: config.DATA_DIR, logger });
      databaseUrl = embedded.url;
    }
    server = await createServer({ config, databaseUrl, logger, work: !args.has('--exit') });
    await ensureMainCompany(server.deps.db, config, logger);
    await backfillCompanyCrmDefaults(server.deps.db);
    if (args.has('--demo')) await loadDemoData(server.deps.db, logger, server.deps.storage);
    if (args.has('--exit')) return await shutdown('done');
    await server.app.listen({ port: config.PORT, host: config.HOST });
    logger.info({ url: config.APP_URL }, 'Installatiemanager is running');
  } catch (err) {
    if (err instanceof DataDirLockedError) {
      process.stderr.write(`${err.message}\n`);
    } else {
      logger.error({ err }, 'start-up failed');
    }
    await shutdown('start-up failure', 1);
  }
}

void main();
