// Makes a fresh checkout ready: npm packages (when node_modules is missing or stale), and,
// for the tests, Debian's Chromium, poppler-utils and PgBouncer when they are missing and we may install them.
import { execSync, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Stops with a clear message on a Node.js older than `engines.node` of package.json (">=X.Y"). */
export function ensureNodeVersion() {
  const wanted = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')).engines.node;
  const [wantMajor, wantMinor] = wanted.replace('>=', '').split('.').map(Number);
  const [major, minor] = process.versions.node.split('.').map(Number);
  if (major > wantMajor || (major === wantMajor && minor >= (wantMinor ?? 0))) return;
  console.error(
    `Installatiemanager needs Node.js ${wanted.replace('>=', '')} or newer; this is Node.js ${process.versions.node}.\n` +
      'Install a newer Node.js (for example from nodejs.org or NodeSource) and run the command again.',
  );
  process.exit(1);
}

export function run(cmd, args, options = {}) {
  const r = spawnSync(cmd, args, { stdio: 'inherit', cwd: ROOT, ...options });
  if (r.error) throw r.error;
  return r.status ?? 1;
}

function commandExists(name) {
  return spawnSync('sh', ['-c', `command -v ${name}`], { stdio: 'ignore' }).status === 0;
}

export function ensureNodeModules() {
  const marker = path.join(ROOT, 'node_modules', '.package-lock.json');
  const lock = path.join(ROOT, 'package-lock.json');
  if (existsSync(marker) && statSync(marker).mtimeMs >= statSync(lock).mtimeMs) return;
  // `npm install` with the committed lock file, not `npm ci`: npm 11 here writes lock files without
  // the other platforms' optional packages (Biome's), which `npm ci` then rejects as out of sync.
  console.log('Installing npm packages (npm install from package-lock.json)...');
  if (run('npm', ['install', '--no-audit', '--no-fund']) !== 0) throw new Error('npm install failed');
}

export function ensureSystemPackages({ required }) {
  const missing = [];
  if (!['chromium', 'chromium-browser', 'google-chrome'].some(commandExists) && !process.env.CHROMIUM_PATH) {
    missing.push('chromium');
  }
  if (!commandExists('pdftotext')) missing.push('poppler-utils');
  // The API tests through PgBouncer (TEST_PGBOUNCER=1, decision 053); `npm start` does not need it.
  if (required && !commandExists('pgbouncer') && !existsSync('/usr/sbin/pgbouncer'))
    missing.push('pgbouncer');
  if (missing.length === 0) return;
  const isRoot = process.getuid?.() === 0;
  if (!isRoot || !commandExists('apt-get')) {
    const msg = `Missing system packages: ${missing.join(', ')} (install them with apt-get).`;
    if (required) throw new Error(msg);
    console.warn(`${msg} PDF rendering stays unavailable until Chromium is installed.`);
    return;
  }
  console.log(`Installing ${missing.join(', ')} from Debian...`);
  execSync('apt-get update -qq', { stdio: 'inherit' });
  execSync(`DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${missing.join(' ')}`, {
    stdio: 'inherit',
  });
}
