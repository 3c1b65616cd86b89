import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/test-server';

let t: TestServer;
// biome-ignore lint/suspicious/noExplicitAny: the OpenAPI document is read as plain JSON
let doc: any;

beforeAll(async () => {
  t = await startTestServer({ work: false });
  doc = (await t.api('GET', '/api/openapi.json')).body;
});
afterAll(async () => t?.close());

const operations = () =>
  Object.entries(doc.paths as Record<string, Record<string, Record<string, unknown>>>).flatMap(([p, item]) =>
    Object.entries(item).map(([method, op]) => ({ key: `${method.toUpperCase()} ${p}`, op })),
  );

describe('the OpenAPI description an integrator generates a client from', () => {
  it('names, summarises and tags every operation, each operationId once', () => {
    const all = operations();
    expect(all.length).toBeGreaterThan(100);
    const ids = all.map(({ op }) => op.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const { key, op } of all) {
      expect(op.operationId, key).toMatch(/^[a-z][a-z0-9]*(\.[a-z0-9]+)+$/i);
      expect(op.summary, key).toBeTruthy();
      expect(op.tags, key).toHaveLength(1);
    }
    expect(doc.paths['/api/flow/querypaginated'].get.operationId).toBe('flow.querypaginated');
    expect(doc.paths['/api/flow/{id}'].get.operationId).toBe('flow.get');
    expect(doc.paths['/api/relation'].post.operationId).toBe('relation.save');
  });

  it('lists the contract’s error answers per operation', () => {
    const flow = doc.paths['/api/flow/{id}'];
    expect(Object.keys(flow.get.responses)).toEqual(
      expect.arrayContaining(['200', '401', '403', '404', '422']),
    );
    expect(Object.keys(flow.patch.responses)).toEqual(expect.arrayContaining(['409', '413', '422']));
    expect(doc.paths['/api/authenticate'].post.security).toEqual([]);
    expect(doc.paths['/api/authenticate'].post.responses['401']).toBeUndefined();
    expect(doc.components.responses.Error404.content['application/json'].schema.$ref).toBe(
      '#/components/schemas/Error',
    );
  });

  /**
   * Paths the spec writes itself (api-contract: used as written) whose static segment the router
   * matches before `{id}`, so they are unambiguous at run time although the linter cannot tell.
   */
  const SPEC_WRITTEN_PATHS = ['`/api/company/getlogitems/{date}`'];

  it('passes the recommended rules of Redocly’s linter without an error or a warning', async () => {
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintFromString({
      source: JSON.stringify(doc),
      absoluteRef: 'openapi.json',
      config,
    });
    const found = problems
      .map((p) => `${p.severity} ${p.ruleId}: ${p.message} at ${p.location[0]?.pointer}`)
      .filter(
        (p) => !SPEC_WRITTEN_PATHS.some((path) => p.includes('no-ambiguous-paths') && p.includes(path)),
      );
    expect(found).toEqual([]);
  });

  it('generates a typed client that compiles', async () => {
    const source = astToString(await openapiTS(doc));
    const dir = mkdtempSync(path.join(os.tmpdir(), 'im-openapi-client-'));
    writeFileSync(path.join(dir, 'api.ts'), source);
    writeFileSync(
      path.join(dir, 'client.ts'),
      `import type { paths } from './api';
type FlowPage = paths['/api/flow/querypaginated']['get']['responses']['200']['content']['application/json'];
type NewRelation = NonNullable<paths['/api/relation']['post']['requestBody']>['content']['application/json'];
export const firstNumber = (page: FlowPage): number | undefined => page.data[0]?.number;
export const relation: NewRelation = { surname: 'Jansen', createnewflow: 1 };
`,
    );
    const program = ts.createProgram([path.join(dir, 'client.ts')], {
      strict: true,
      noEmit: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      skipLibCheck: true,
    });
    const diagnostics = ts
      .getPreEmitDiagnostics(program)
      .map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
    expect(diagnostics).toEqual([]);
  }, 60_000);
});
