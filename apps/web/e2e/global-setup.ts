import { rmSync } from 'node:fs';
import type { TestProject } from 'vitest/node';
import { makeDemoTemplate } from './harness';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A data directory with the demo loaded; each browser test file's server runs on a copy. */
    e2eDemoTemplate: string;
  }
}

/** Loads the demo data once per browser run (decision 029); removed when the run ends. */
export default async function setup(project: TestProject) {
  const template = await makeDemoTemplate();
  project.provide('e2eDemoTemplate', template);
  return () => rmSync(template, { recursive: true, force: true });
}
