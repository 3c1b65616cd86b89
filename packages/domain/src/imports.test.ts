import path from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error plain ESM script without types
import { findImportCycles } from '../../../scripts/import-cycles.mjs';

describe('domain modules', () => {
  it('have no import cycle (a schema would be undefined while its module loads)', () => {
    const fileOf = (file: string) => (file.endsWith('index.ts') ? null : file.replace(/\.tsx?$/, ''));
    expect(findImportCycles(path.resolve(import.meta.dirname), fileOf)).toEqual([]);
  });
});
