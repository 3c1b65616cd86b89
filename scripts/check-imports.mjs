// Import rules of the three source trees (issue 43, decision 047): run `node scripts/check-imports.mjs`
// (part of `npm run validate` and scripts/test-all.mjs). The layer list is scripts/import-layers.json.
//
// For each tree in import-layers.json it reports, and exits 1 when any is found:
// - cycles between files (index files included; '../../forms' is the folder's index file);
// - cycles between units (a feature folder, a base folder such as platform/, a top file such as routes.ts);
// - upward imports: a base folder importing a feature or a top file, a feature importing a top file, a
//   feature importing a feature of a higher layer (same or lower layer: allowed, a cycle is not);
// - internal imports: a feature importing another feature's file other than its index.ts (top files may
//   also import a feature's routes file and its wiring file).
// Options: --tree <root> (only that tree), --quiet (counts only), --json.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/** Test files, test helpers and fixtures are left out: they may reach anywhere. */
export function isTestFile(file) {
  return /\.test\.tsx?$/.test(file) || /test-factories/.test(file) || /\.fixture\.tsx?$/.test(file);
}

export function* sourceFiles(dir) {
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) {
      if (name === 'node_modules' || name === 'dist') continue;
      yield* sourceFiles(full);
    } else if (/\.(ts|tsx)$/.test(name) && !/\.d\.ts$/.test(name) && !isTestFile(name)) yield full;
  }
}

const IMPORT =
  /(?:^|[;\s}])(?:import|export)\s+(?:type\s+)?(?:[^'";]*?\sfrom\s+)?'(\.[^']*)'|\bimport\(\s*'(\.[^']*)'\s*\)/g;

/** The file an import names: the file itself, with .ts/.tsx, or the folder's index file. */
export function resolveImport(fromFile, spec) {
  const abs = path.resolve(path.dirname(fromFile), spec);
  const bare = abs.replace(/\.(js|jsx|ts|tsx|mjs)$/, '');
  for (const candidate of [
    `${bare}.ts`,
    `${bare}.tsx`,
    abs,
    path.join(abs, 'index.ts'),
    path.join(abs, 'index.tsx'),
  ]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

/** Every source file under `root` with the files it imports (relative paths to `root`). */
export function importGraph(root) {
  const graph = new Map();
  for (const file of sourceFiles(root)) {
    const source = readFileSync(file, 'utf8').replace(/^\s*\/\/.*$/gm, '');
    const targets = new Set();
    for (const match of source.matchAll(IMPORT)) {
      const resolved = resolveImport(file, match[1] ?? match[2]);
      if (resolved && !isTestFile(resolved))
        targets.add(path.relative(root, resolved).split(path.sep).join('/'));
    }
    graph.set(path.relative(root, file).split(path.sep).join('/'), targets);
  }
  return graph;
}

/**
 * The strongly connected parts of a graph with more than one node (or a node importing itself): each is
 * one or more cycles. Answers each part as its sorted list of nodes, the parts sorted.
 */
export function stronglyConnected(edges) {
  let counter = 0;
  const index = new Map();
  const low = new Map();
  const onStack = new Set();
  const stack = [];
  const parts = [];
  const nodes = new Set(edges.keys());
  for (const targets of edges.values()) for (const t of targets) nodes.add(t);
  const connect = (start) => {
    // Iterative Tarjan: a deep import chain must not overflow the call stack.
    const work = [[start, [...(edges.get(start) ?? [])], 0]];
    index.set(start, counter);
    low.set(start, counter++);
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const frame = work[work.length - 1];
      const [node, next] = frame;
      if (frame[2] < next.length) {
        const to = next[frame[2]++];
        if (!index.has(to)) {
          index.set(to, counter);
          low.set(to, counter++);
          stack.push(to);
          onStack.add(to);
          work.push([to, [...(edges.get(to) ?? [])], 0]);
        } else if (onStack.has(to)) low.set(node, Math.min(low.get(node), index.get(to)));
        continue;
      }
      work.pop();
      if (work.length > 0) {
        const parent = work[work.length - 1][0];
        low.set(parent, Math.min(low.get(parent), low.get(node)));
      }
      if (low.get(node) === index.get(node)) {
        const part = [];
        let member;
        do {
          member = stack.pop();
          onStack.delete(member);
          part.push(member);
        } while (member !== node);
        if (part.length > 1 || edges.get(node)?.has(node)) parts.push(part.sort());
      }
    }
  };
  for (const node of [...nodes].sort()) if (!index.has(node)) connect(node);
  return parts.sort((a, b) => a[0].localeCompare(b[0]));
}

/** One shortest cycle through `start` inside its part, for a readable report. */
export function cycleThrough(edges, start, part) {
  const inside = new Set(part);
  const previous = new Map([[start, null]]);
  const queue = [start];
  while (queue.length > 0) {
    const node = queue.shift();
    for (const to of edges.get(node) ?? []) {
      if (!inside.has(to)) continue;
      if (to === start) {
        const cycle = [];
        for (let at = node; at !== null; at = previous.get(at)) cycle.unshift(at);
        return [...cycle, start];
      }
      if (!previous.has(to)) {
        previous.set(to, node);
        queue.push(to);
      }
    }
  }
  return [start];
}

// ---- the rules ----
const ROOT = path.resolve(import.meta.dirname, '..');
const RULES = JSON.parse(readFileSync(path.join(import.meta.dirname, 'import-layers.json'), 'utf8'));

/** The unit of a file: a feature folder, a base folder, a top file or folder, or (elsewhere) its first segment. */
function unitOf(tree, file) {
  const top = (tree.top ?? []).find((t) => file === t || file.startsWith(`${t}/`));
  if (top) return { kind: 'top', name: top };
  const parts = file.split('/');
  if (tree.features && file.startsWith(`${tree.features}/`) && parts.length > 2)
    return { kind: 'feature', name: `${tree.features}/${parts[1]}`, feature: parts[1] };
  if ((tree.base ?? []).includes(parts[0])) return { kind: 'base', name: parts[0] };
  return { kind: 'other', name: parts.length > 1 ? parts[0] : file.replace(/\.tsx?$/, '') };
}

function layerOf(tree, feature) {
  for (const [i, layer] of (tree.layers ?? []).entries())
    if (layer.features.includes(feature) || layer.features.includes('*')) return i;
  return -1;
}

/** A feature's files another unit may import: its index file; top files also its routes and wiring. */
function isPublic(file, fromKind) {
  const name = path.basename(file);
  if (/^index\.tsx?$/.test(name)) return true;
  return fromKind === 'top' && /(^|\.)(routes|wiring)\.tsx?$/.test(name);
}

export function checkTree(tree) {
  const root = path.join(ROOT, tree.root);
  const graph = importGraph(root);
  // Folders left out (test helpers, like test files, may reach anywhere).
  for (const file of [...graph.keys()])
    if ((tree.ignore ?? []).some((dir) => file.startsWith(`${dir}/`))) graph.delete(file);
  const found = { fileCycles: [], unitCycles: [], upward: [], internal: [], unplaced: [] };
  const unitEdges = new Map();
  const unplaced = new Set();
  for (const [file, targets] of graph) {
    const from = unitOf(tree, file);
    if (from.kind === 'feature' && tree.layers && layerOf(tree, from.feature) < 0) unplaced.add(from.feature);
    for (const target of targets) {
      const to = unitOf(tree, target);
      if (to.name === from.name) continue;
      // A leaf file (a folder's text catalogue, `leaves` in import-layers.json) is data any unit may
      // import; it must import nothing outside its own folder, so it can close no circle.
      if ((tree.leaves ?? []).includes(path.basename(target))) {
        for (const next of graph.get(target) ?? [])
          if (unitOf(tree, next).name !== to.name) found.upward.push(`${target} -> ${next} (a leaf imports)`);
        continue;
      }
      if (!unitEdges.has(from.name)) unitEdges.set(from.name, new Set());
      unitEdges.get(from.name).add(to.name);
      const edge = `${file} -> ${target}`;
      if (from.kind === 'base' && (to.kind === 'feature' || to.kind === 'top')) found.upward.push(edge);
      else if (from.kind === 'feature' && to.kind === 'top') found.upward.push(edge);
      else if (from.kind === 'feature' && to.kind === 'feature') {
        const a = layerOf(tree, from.feature);
        const b = layerOf(tree, to.feature);
        if (a >= 0 && b > a) found.upward.push(`${edge} (${tree.layers[a].name} -> ${tree.layers[b].name})`);
      }
      if (
        to.kind === 'feature' &&
        (from.kind === 'feature' || from.kind === 'top') &&
        !isPublic(target, from.kind)
      )
        found.internal.push(edge);
    }
  }
  // A known cycle (import-layers.json `known`: the units it may span and why it is still there) does not
  // fail the check while it stays inside those units; a known entry that matches nothing any more does,
  // so the list only shrinks.
  const known = (tree.known ?? []).map((k) => ({ ...k, units: new Set(k.units), used: false }));
  const knownFor = (units) => known.find((k) => units.every((u) => k.units.has(u)));
  found.known = [];
  for (const part of stronglyConnected(graph)) {
    const line = `${cycleThrough(graph, part[0], part).join(' -> ')} (${part.length} files)`;
    const k = knownFor([...new Set(part.map((f) => unitOf(tree, f).name))]);
    if (k) {
      k.used = true;
      found.known.push(`file cycle within ${[...k.units].join(', ')}: ${line}`);
    } else found.fileCycles.push(line);
  }
  // `fileCyclesOnly`: the tree's folders are topics, not layers (the domain package): a cycle between
  // files breaks loading and fails, two folders that use each other's files do not.
  for (const part of tree.fileCyclesOnly ? [] : stronglyConnected(unitEdges)) {
    const line = `${cycleThrough(unitEdges, part[0], part).join(' -> ')} (${part.length} units)`;
    const k = knownFor(part);
    if (k) {
      k.used = true;
      found.known.push(`folder cycle: ${line}`);
    } else found.unitCycles.push(line);
  }
  found.stale = known
    .filter((k) => !k.used)
    .map((k) => `${[...k.units].join(', ')}: no cycle left, remove it`);
  found.unplaced = [...unplaced]
    .sort()
    .map((f) => `${tree.features}/${f} stands in no layer of import-layers.json`);
  return found;
}

const LABELS = {
  fileCycles: 'file cycles',
  unitCycles: 'folder cycles',
  upward: 'upward imports',
  internal: "imports of another feature's internal file",
  unplaced: 'features without a layer',
  stale: 'known findings no longer found',
};

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const args = process.argv.slice(2);
  const only = args.includes('--tree') ? args[args.indexOf('--tree') + 1] : null;
  const quiet = args.includes('--quiet');
  let total = 0;
  const report = {};
  for (const tree of RULES.trees) {
    if (only && tree.name !== only && tree.root !== only) continue;
    const found = checkTree(tree);
    report[tree.name] = found;
    const { known, ...failing } = found;
    const counts = Object.entries(failing).map(([k, list]) => `${list.length} ${LABELS[k]}`);
    if (known.length > 0) counts.push(`${known.length} known (not failing, see import-layers.json)`);
    const sum = Object.values(failing).reduce((n, list) => n + list.length, 0);
    total += sum;
    if (args.includes('--json')) continue;
    console.log(`${sum === 0 ? 'ok  ' : 'FAIL'} ${tree.name} (${tree.root}): ${counts.join(', ')}`);
    if (quiet) continue;
    for (const [k, list] of Object.entries(failing))
      for (const line of list) console.log(`  ${LABELS[k]}: ${line}`);
    for (const line of known) console.log(`  known: ${line}`);
  }
  if (args.includes('--json')) console.log(JSON.stringify(report, null, 2));
  if (total > 0) {
    if (!args.includes('--json'))
      console.log(
        `\n${total} import finding(s). The rules: ARCHITECTURE.md ("Server layers") and decision 047.`,
      );
    process.exit(1);
  }
}
