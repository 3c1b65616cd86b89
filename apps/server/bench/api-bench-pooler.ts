/**
 * `npx tsx apps/server/bench/api-bench-pooler.ts` (after `npm run build -w @im/server`): bench:api with and
 * without PgBouncer, taking turns (decision 053). Starts a PostgreSQL 15 cluster of its own and a PgBouncer
 * in transaction pooling mode in front of it (test/pg-servers.ts), then runs api-bench.ts against the cluster
 * straight (DATABASE_URL) and through PgBouncer (DATABASE_URL the pooler, DATABASE_DIRECT_URL the cluster),
 * BENCH_TURNS times each (default 2), alternating. BENCH_CASES, BENCH_ROUNDS, BENCH_SECONDS pass through.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { startPgBouncer, startPrimaryWithReplica } from '../test/pg-servers';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const TURNS = Number(process.env.BENCH_TURNS ?? 2);

const cluster = await startPrimaryWithReplica();
const bouncer = await startPgBouncer(cluster.primaryUrl);
try {
  const admin = new pg.Client({ connectionString: cluster.primaryUrl });
  await admin.connect();
  await admin.query('create database im_api_bench');
  await admin.end();
  const direct = cluster.primaryUrl.replace(/\/postgres$/, '/im_api_bench');
  const pooled = bouncer.url.replace(/\/postgres$/, '/im_api_bench');
  const setups = [
    { name: 'direct', env: { DATABASE_URL: direct } },
    { name: 'PgBouncer', env: { DATABASE_URL: pooled, DATABASE_DIRECT_URL: direct } },
  ];
  for (let turn = 1; turn <= TURNS; turn++)
    for (const setup of setups) {
      process.stdout.write(`\n## ${setup.name}, turn ${turn}\n`);
      spawnSync(process.execPath, ['--import', 'tsx', path.join(ROOT, 'apps/server/bench/api-bench.ts')], {
        cwd: ROOT,
        stdio: 'inherit',
        env: { ...process.env, ...setup.env },
      });
    }
} finally {
  await bouncer.stop();
  await cluster.stop();
}
