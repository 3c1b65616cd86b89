// Finds import cycles between groups of modules (feature folders of the web app, files of the
// domain package): a cycle means one side cannot load or change without the other.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

function* sourceFiles(dir) {
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) yield* sourceFiles(full);
    else if (/\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name) && !/test-factories/.test(name))
      yield full;
  }
}

/**
 * `groupOf(file)` names the group of a file under `root` (or null to leave it out). Answers each
 * cycle between groups once, as a list of group names, following relative imports only.
 */
export function findImportCycles(root, groupOf) {
  const edges = new Map();
  for (const file of sourceFiles(root)) {
    const from = groupOf(path.relative(root, file));
    if (!from) continue;
    const source = readFileSync(file, 'utf8');
    for (const match of source.matchAll(
      /(?:import|export)[^'"]*?from\s+'(\.[^']+)'|import\('(\.[^']+)'\)/g,
    )) {
      const target = path.relative(root, path.resolve(path.dirname(file), match[1] ?? match[2]));
      const to = groupOf(target);
      if (!to || to === from) continue;
      if (!edges.has(from)) edges.set(from, new Set());
      edges.get(from).add(to);
    }
  }
  const cycles = new Set();
  const visit = (node, trail) => {
    const at = trail.indexOf(node);
    if (at >= 0) {
      const cycle = trail.slice(at);
      const start = cycle.indexOf([...cycle].sort()[0]);
      cycles.add([...cycle.slice(start), ...cycle.slice(0, start)].join(' -> '));
      return;
    }
    for (const next of edges.get(node) ?? []) visit(next, [...trail, node]);
  };
  for (const node of edges.keys()) visit(node, []);
  return [...cycles].sort();
}
