// `npm test`: every test of the project. Unit tests, the API tests against the embedded PostgreSQL
// and again against the PostgreSQL on 127.0.0.1:5432 (with files on a local S3) when one answers, then the browser tests
// against the built app. Ends with one line "N passed, N failed".
import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { ensureNodeModules, ensureNodeVersion, ensureSystemPackages, run } from './setup.mjs';

const EXTERNAL_URL = process.env.EXTERNAL_TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

function answers(url) {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect({ host: hostname, port: Number(port || 5432), timeout: 1500 });
    socket.on('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
    socket.on('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}

const startedAt = performance.now();
const outDir = mkdtempSync(path.join(os.tmpdir(), 'im-test-results-'));
// What a failed browser test left behind (apps/web/e2e/failure-report.ts): printed at the end.
const e2eFailureDir = path.join(outDir, 'e2e-failures');
const totals = { passed: 0, failed: 0, skipped: 0 };
const failedSuites = [];
/** Every failed test with the start of its message, repeated at the end so a truncated log still names it. */
const failedTests = [];

const stageTimes = [];

/** Runs one stage and notes its wall time, printed per stage and again at the end. */
function timed(name, fn) {
  const started = performance.now();
  const result = fn();
  const seconds = (performance.now() - started) / 1000;
  stageTimes.push([name, seconds]);
  console.log(`--- ${name}: ${seconds.toFixed(0)} s`);
  return result;
}

function vitest(name, args, env = {}) {
  timed(name, () => vitestStage(name, args, env));
}

function vitestStage(name, args, env) {
  const outputFile = path.join(outDir, `${name}.json`);
  console.log(`\n=== ${name} ===`);
  const code = run(
    'node_modules/.bin/vitest',
    ['run', ...args, '--reporter=default', '--reporter=json', `--outputFile.json=${outputFile}`],
    { env: { ...process.env, ...env } },
  );
  if (existsSync(outputFile)) {
    const report = JSON.parse(readFileSync(outputFile, 'utf8'));
    totals.passed += report.numPassedTests;
    totals.failed += report.numFailedTests;
    totals.skipped += report.numPendingTests + (report.numTodoTests ?? 0);
    for (const file of report.testResults ?? []) {
      for (const test of file.assertionResults ?? []) {
        if (test.status !== 'failed') continue;
        const message = (test.failureMessages ?? []).join('\n').split('\n').slice(0, 6).join('\n    ');
        failedTests.push(
          `${name} › ${path.relative(process.cwd(), file.name)} › ${test.fullName}\n    ${message}`,
        );
      }
      if (file.status === 'failed' && !(file.assertionResults ?? []).some((t) => t.status === 'failed'))
        failedTests.push(
          `${name} › ${path.relative(process.cwd(), file.name)}\n    ${String(file.message ?? '')
            .split('\n')
            .slice(0, 6)
            .join('\n    ')}`,
        );
    }
    if (report.numTotalTests === 0) {
      console.error(`${name}: no test ran`);
      failedSuites.push(name);
    }
  }
  if (code !== 0) failedSuites.push(name);
}

ensureNodeVersion();
ensureNodeModules();
ensureSystemPackages({ required: true });

// The import rules of server, web and domain (scripts/check-imports.mjs, decision 047).
if (timed('import rules', () => run('node', ['scripts/check-imports.mjs', '--quiet'])) !== 0)
  failedSuites.push('import rules');
vitest('domain', ['--root', 'packages/domain']);
vitest('web', ['--root', 'apps/web']);
vitest('server (embedded PostgreSQL)', ['--root', 'apps/server']);
if (await answers(EXTERNAL_URL)) {
  // The server at 5432 through PgBouncer in transaction pooling mode (decision 053), every file in a local
  // S3-compatible server (s3rver, decision 052). A run with a replica for the replica reads (TEST_REPLICA=1)
  // needs a primary of its own in place of 5432; in this stage the replica is tested by
  // pooler-replica.api.test.ts (its own primary and replica), as in the embedded stage.
  vitest(
    'server API (PostgreSQL 15 at 127.0.0.1:5432 via PgBouncer, files on S3)',
    ['--root', 'apps/server', 'api.test'],
    {
      TEST_DATABASE_URL: EXTERNAL_URL,
      TEST_PGBOUNCER: '1',
      TEST_FILE_STORAGE: 's3',
    },
  );
} else {
  console.log(
    `\nNo PostgreSQL answers at ${EXTERNAL_URL}; the API tests ran against the embedded server only.`,
  );
}
if (timed('build', () => run('npm', ['run', 'build'])) !== 0) failedSuites.push('build');
else
  vitest('end-to-end (Chromium)', ['--config', 'apps/web/vitest.e2e.config.ts'], {
    E2E_FAILURE_DIR: e2eFailureDir,
  });

console.log('\nTime per stage:');
for (const [name, seconds] of stageTimes)
  console.log(`  ${name.padEnd(48)} ${seconds.toFixed(0).padStart(5)} s`);
console.log(`  ${'total'.padEnd(48)} ${((performance.now() - startedAt) / 1000).toFixed(0).padStart(5)} s`);
console.log('');
if (failedTests.length) console.log(`Failed tests:\n  ${failedTests.join('\n  ')}\n`);
if (existsSync(e2eFailureDir)) {
  for (const note of readdirSync(e2eFailureDir).filter((name) => name.endsWith('.txt')))
    console.log(`${readFileSync(path.join(e2eFailureDir, note), 'utf8')}(screenshots in ${e2eFailureDir})\n`);
}
if (failedSuites.length) console.log(`Failed: ${[...new Set(failedSuites)].join(', ')}`);
console.log(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failedSuites.length || totals.failed ? 1 : 0);
