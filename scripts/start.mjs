// `npm start`: install what is missing, build the web app and the server, start with demo data.
import { ensureNodeModules, ensureNodeVersion, ensureSystemPackages, ROOT, run } from './setup.mjs';

ensureNodeVersion();
ensureNodeModules();
try {
  ensureSystemPackages({ required: false });
} catch (err) {
  console.warn(String(err));
}
if (run('npm', ['run', 'build']) !== 0) process.exit(1);
const args = ['apps/server/dist/main.js', '--demo', ...process.argv.slice(2)];
const child = (await import('node:child_process')).spawn(process.execPath, args, {
  stdio: 'inherit',
  cwd: ROOT,
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 0));
