import path from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error plain ESM script without types
import { findImportCycles } from '../../../../scripts/import-cycles.mjs';

const SRC = path.resolve(import.meta.dirname, '..');

/** The feature of a file or of an import target: `features/forms/hooks.ts` and `'../../forms'` alike. */
const featureOf = (file: string) => file.match(/^features\/([^/.]+)(?:\/|$)/)?.[1] ?? null;

describe('feature folders', () => {
  it('import each other one way only: no cycle between features', () => {
    expect(findImportCycles(SRC, featureOf)).toEqual([]);
  });

  it('names the feature of a folder import as well as of a file', () => {
    expect(featureOf('features/forms/hooks.ts')).toBe('forms');
    expect(featureOf('features/forms')).toBe('forms');
    expect(featureOf('features/forms/index')).toBe('forms');
    expect(featureOf('ui/sortable-list.tsx')).toBeNull();
  });

  it('the check finds a cycle where there is one', () => {
    const folders = (file: string) => file.split('/')[0] ?? null;
    // app/ imports features/ (the route table) and features import app/ (route types): a real cycle.
    expect(findImportCycles(SRC, folders)).toContain('app -> features');
  });
});
