import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
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

  it('the check finds a cycle where there is one, through a folder import too', () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'feature-imports-'));
    for (const name of ['forms', 'flows']) mkdirSync(path.join(root, 'features', name), { recursive: true });
    writeFileSync(path.join(root, 'features/forms/hooks.ts'), "export { flowKey } from '../flows';\n");
    writeFileSync(path.join(root, 'features/flows/index.ts'), "export { useForm } from '../forms/hooks';\n");
    expect(findImportCycles(root, featureOf)).toEqual(['flows -> forms']);
  });
});
