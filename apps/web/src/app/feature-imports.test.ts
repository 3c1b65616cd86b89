import path from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error plain ESM script without types
import { findImportCycles } from '../../../../scripts/import-cycles.mjs';

const SRC = path.resolve(import.meta.dirname, '..');

describe('feature folders', () => {
  it('import each other one way only: no cycle between features', () => {
    const featureOf = (file: string) => file.match(/^features\/([^/]+)\//)?.[1] ?? null;
    expect(findImportCycles(SRC, featureOf)).toEqual([]);
  });

  it('the check finds a cycle where there is one', () => {
    const folders = (file: string) => file.split('/')[0] ?? null;
    // app/ imports features/ (the route table) and features import app/ (route types): a real cycle.
    expect(findImportCycles(SRC, folders)).toContain('app -> features');
  });
});
