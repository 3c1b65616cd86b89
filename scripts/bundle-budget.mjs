// The bundle budget: what each HTML entry of the built web app loads before its first screen shows
// (the HTML, its entry script with every statically imported chunk, and their CSS), in gzip bytes.
// `node scripts/bundle-budget.mjs` prints the table and exits 1 when an entry is over its budget.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

export const KIB = 1024;
/** Budgets per HTML entry: the staff app (login screen first) and the customer pages entry. */
export const BUDGETS = { 'index.html': 150 * KIB, 'customer.html': 100 * KIB };
const DEFAULT_BUDGET = 100 * KIB;

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const DIST = path.join(ROOT, 'apps/web/dist');

const gzipSize = (dist, file) => gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length;

/** Every entry in the manifest with the files it loads at once and their gzip size. */
export function measureEntries(dist = DIST) {
  const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
  return Object.entries(manifest)
    .filter(([, chunk]) => chunk.isEntry)
    .map(([name]) => {
      const files = new Set([name]);
      const visit = (key) => {
        const chunk = manifest[key];
        if (!chunk || files.has(chunk.file)) return;
        files.add(chunk.file);
        for (const css of chunk.css ?? []) files.add(css);
        for (const imported of chunk.imports ?? []) visit(imported);
      };
      visit(name);
      const sizes = [...files].map((file) => ({ file, gzip: gzipSize(dist, file) }));
      const total = sizes.reduce((sum, s) => sum + s.gzip, 0);
      const budget = BUDGETS[name] ?? DEFAULT_BUDGET;
      return { entry: name, files: sizes, total, budget, within: total <= budget, requests: sizes.length };
    });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const entries = measureEntries();
  for (const e of entries) {
    console.log(
      `${e.entry}: ${(e.total / KIB).toFixed(1)} KiB gzip in ${e.requests} files (budget ${(e.budget / KIB).toFixed(0)} KiB) ${e.within ? 'ok' : 'OVER BUDGET'}`,
    );
    for (const f of e.files.sort((a, b) => b.gzip - a.gzip))
      console.log(`  ${(f.gzip / KIB).toFixed(1).padStart(7)} KiB  ${f.file}`);
  }
  process.exit(entries.every((e) => e.within) ? 0 : 1);
}
