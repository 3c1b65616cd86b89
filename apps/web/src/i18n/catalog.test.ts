import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { en } from './en';
import { nl } from './nl';

// One text pattern (decision 046): every feature's texts stand in its `i18n.ts` as a Dutch and an
// English catalogue, merged into the shared one here and read with `t()`; `{{name}}` placeholders.

type Tree = { [key: string]: string | Tree };

/** Every leaf of a catalogue as `path: text`. */
function leaves(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const at = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(at, value);
    else for (const [k, v] of leaves(value, at)) out.set(k, v);
  }
  return out;
}

const SRC = path.resolve(import.meta.dirname, '..');

function* sourceFiles(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) yield* sourceFiles(full);
    else if (/\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name)) yield full;
  }
}

const nlLeaves = leaves(nl as unknown as Tree);
const enLeaves = leaves(en as unknown as Tree);

describe('text catalogues', () => {
  it('Dutch and English have the same keys', () => {
    const nlKeys = [...nlLeaves.keys()];
    const enKeys = [...enLeaves.keys()];
    expect(nlKeys.filter((key) => !enLeaves.has(key))).toEqual([]);
    expect(enKeys.filter((key) => !nlLeaves.has(key))).toEqual([]);
  });

  it('use one placeholder syntax, {{name}}', () => {
    const single = /(?<!\{)\{\w+\}(?!\})/;
    // Texts that name a merge tag of a template (`{number}`), shown as it is: not a placeholder.
    const mergeTagMentions = new Set(['invoices.creditTemplateHint']);
    const odd = [...nlLeaves, ...enLeaves]
      .filter(([key, text]) => single.test(text) && !mergeTagMentions.has(key))
      .map(([key]) => key);
    expect(odd).toEqual([]);
  });

  it('every feature catalogue is part of the shared one', () => {
    const features = readdirSync(path.join(SRC, 'features')).filter((name) => {
      try {
        return statSync(path.join(SRC, 'features', name, 'i18n.ts')).isFile();
      } catch {
        return false;
      }
    });
    const shared = readFileSync(path.join(SRC, 'i18n', 'nl.ts'), 'utf8');
    expect(features.filter((name) => !shared.includes(`'../features/${name}/i18n'`))).toEqual([]);
  });

  it('no feature reads its texts with a hook or fills placeholders of its own', () => {
    const own = /export function use\w*Texts\b|function fill\(|\.replace\(\/\\\{\\\{/;
    const offenders = [...sourceFiles(SRC)]
      .filter((file) => own.test(readFileSync(file, 'utf8')))
      .map((file) => path.relative(SRC, file));
    expect(offenders).toEqual([]);
  });
});
