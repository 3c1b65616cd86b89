import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DEMO_SNAPSHOT_ENV, serverEnv, serverMain } from './harness';

/**
 * Loads the demo data once per run into a stopped embedded cluster; every test file's server starts on
 * a copy of it (harness.ts) instead of creating a cluster and loading the demo again (about 13 s each).
 */
export default async function setup() {
  const main = serverMain();
  if (!existsSync(main)) return; // startApp says "Build first".
  const dir = mkdtempSync(path.join(os.tmpdir(), 'im-e2e-demo-'));
  const started = performance.now();
  const code = await new Promise<number | null>((resolve, reject) => {
    const child = spawn(process.execPath, [main, '--demo', '--exit'], {
      env: serverEnv({ dataDir: dir, port: 0, baseUrl: 'http://127.0.0.1' }),
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    child.on('error', reject);
    child.on('exit', resolve);
  });
  if (code !== 0) throw new Error(`loading the demo data for the browser tests failed (exit ${code})`);
  console.log(
    `demo data for the browser tests loaded in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  process.env[DEMO_SNAPSHOT_ENV] = dir;
  return () => rmSync(dir, { recursive: true, force: true });
}
