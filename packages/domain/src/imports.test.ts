import { statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error plain ESM script without types
import { findImportCycles } from '../../../scripts/import-cycles.mjs';

const SRC = path.resolve(import.meta.dirname);

/** A module's name: its path without extension; a folder import (`'.'`, `'./index'`, `'../flows'`) is its index. */
function moduleOf(root: string) {
  return (file: string): string | null => {
    const name = file.replace(/\.tsx?$/, '');
    try {
      if (statSync(path.join(root, name)).isDirectory()) return `${name}/index`;
    } catch {
      // not a folder: a file
    }
    return name === '' ? 'index' : name;
  };
}

describe('domain modules', () => {
  it('have no import cycle, index files included (a schema would be undefined while its module loads)', () => {
    expect(findImportCycles(SRC, moduleOf(SRC))).toEqual([]);
  });

  it('the check finds a cycle through an index file', () => {
    // folders as groups: index.ts re-exports every folder and some folders import another folder's index.
    const folders = (file: string) => (file.includes('/') ? file.split('/')[0]! : 'root');
    expect(findImportCycles(SRC, folders).length).toBeGreaterThan(0);
  });
});
