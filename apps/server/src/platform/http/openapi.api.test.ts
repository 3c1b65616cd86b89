import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, TEST_PASSWORD, type TestServer } from '../../../test/test-server';

let t: TestServer;
// biome-ignore lint/suspicious/noExplicitAny: parts of the OpenAPI document read as plain JSON
type Json = Record<string, any>;

/** What `typed-client/client.ts` offers (its own types come from the generated description). */
interface TypedClient {
  login(input: { email: string; password: string }): Promise<{ token: string }>;
  createRelation(input: { surname: string; createnewflow: number }): Promise<{
    surname: string;
    flow_id: number | null;
  }>;
  uploadFlowFile(input: { file: Blob; filename: string; flow_id: string }): Promise<{
    id: number;
    filename: string;
    mime_type: string;
  }>;
  downloadFlowFile(id: number): Promise<{ type: string; pdf: Blob }>;
}
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
   * Redocly compares path templates only: `/api/company/getlogitems/{date}` and `/api/company/{id}/…`
   * are both written by the spec, so neither is renamed. The description resolves them instead: `{id}`
   * is an integer, which `getlogitems` is not (decision 042). A warning of this rule is accepted only
   * when the parameter schemas keep the two paths apart.
   */
  const resolvedByParameters = (message: string): boolean => {
    const found = [...message.matchAll(/`([^`]+)`/g)].map((m) => m[1]!);
    if (!message.includes('no-ambiguous-paths') || found.length !== 2) return false;
    const [a, b] = found.map((p) => p.split('/'));
    return a!.some((segment, i) => {
      const other = b![i]!;
      const [variable, literal, template] = segment.startsWith('{')
        ? [segment, other, found[0]!]
        : other.startsWith('{')
          ? [other, segment, found[1]!]
          : [];
      if (!variable || !literal || literal.startsWith('{')) return false;
      const parameter = Object.values(doc.paths[template as string] as Json)
        .flatMap((op) => op.parameters ?? [])
        .find((p: Json) => p.in === 'path' && `{${p.name}}` === variable);
      return parameter?.schema?.type === 'integer' && !/^-?\d+$/.test(literal);
    });
  };

  it('passes the recommended rules of Redocly’s linter without an error or a warning', async () => {
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintFromString({
      source: JSON.stringify(doc),
      absoluteRef: 'openapi.json',
      config,
    });
    const found = problems
      .map((p) => `${p.severity} ${p.ruleId}: ${p.message} at ${p.location[0]?.pointer}`)
      .filter((p) => !resolvedByParameters(p));
    expect(found).toEqual([]);
  });

  it('declares uploads, file answers, 410 and 415, and names the entities', () => {
    const all = operations();
    const multipart = all.filter(
      ({ op }) => (op.requestBody as Json | undefined)?.content?.['multipart/form-data'],
    );
    expect(multipart.length).toBe(22);
    const upload = doc.paths['/api/flowfile'].post;
    expect(upload.requestBody.content['multipart/form-data'].schema.properties.file).toMatchObject({
      type: 'string',
      format: 'binary',
    });
    expect(Object.keys(upload.responses)).toEqual(expect.arrayContaining(['201', '413', '415', '422']));
    // Every success answer says what it holds: JSON with a schema, or a file with its content type.
    for (const { key, op } of all) {
      expect(op.description, key).toBeTruthy();
      expect(op.summary, key).not.toMatch(/Default Response/);
      for (const [code, answer] of Object.entries(op.responses as Json)) {
        if (code.startsWith('2') && code !== '204') expect(answer.content, `${key} ${code}`).toBeTruthy();
      }
    }
    const pdf = doc.paths['/api/quotation/{hash}/downloadbycustomer'].get.responses;
    expect(pdf['200'].content['application/pdf'].schema).toEqual({ type: 'string', format: 'binary' });
    expect(pdf['410'].$ref).toBe('#/components/responses/Error410');
    expect(doc.paths['/api/flow/{hash}/getbycustomer'].get.responses['410']).toBeDefined();
    for (const name of [
      'Relation',
      'Organization',
      'Flow',
      'SalesDocument',
      'Calculation',
      'Task',
      'Product',
    ])
      expect(doc.components.schemas[name], name).toBeDefined();
    expect(doc.paths['/api/relation/{id}'].get.responses['200'].content['application/json'].schema.$ref).toBe(
      '#/components/schemas/RelationDetail',
    );
  });

  it('generates a typed client that compiles under tsc --strict and drives calls through it', async () => {
    const source = astToString(
      await openapiTS(doc, {
        // A binary body or answer is a Blob in the client (the generator's documented transform).
        transform: (schema) =>
          schema.format === 'binary' ? ts.factory.createTypeReferenceNode('Blob') : undefined,
      }),
    );
    const dir = path.resolve(import.meta.dirname, '../../../typed-client');
    mkdirSync(path.join(dir, 'generated'), { recursive: true });
    writeFileSync(path.join(dir, 'generated', 'api.ts'), source);
    const program = ts.createProgram([path.join(dir, 'client.ts')], {
      strict: true,
      noEmit: true,
      target: ts.ScriptTarget.ES2022,
      lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'],
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      types: [],
      skipLibCheck: true,
    });
    const diagnostics = ts
      .getPreEmitDiagnostics(program)
      .map((d) => `${d.file?.fileName ?? ''}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`);
    expect(diagnostics).toEqual([]);

    // Imported by a computed path: the project's typecheck runs without the generated file; this
    // test compiled the client against it just above.
    const clientModule = path.join(dir, 'client.ts');
    const { typedClient }: { typedClient: (baseUrl: string) => TypedClient } = await import(clientModule);
    const companyId = await t.createTestCompany();
    const user = await t.createTestUser({ companyId });
    const client = typedClient(t.baseUrl);
    const session = await client.login({ email: user.email, password: TEST_PASSWORD });
    expect(session.token).toBeTruthy();
    const relation = await client.createRelation({ surname: 'Jansen', createnewflow: 1 });
    expect(relation.surname).toBe('Jansen');
    expect(relation.flow_id).toBeGreaterThan(0);
    const pdfBytes = Buffer.from(
      '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
    );
    const stored = await client.uploadFlowFile({
      file: new Blob([pdfBytes], { type: 'application/pdf' }),
      filename: 'tekening.pdf',
      flow_id: String(relation.flow_id),
    });
    expect(stored).toMatchObject({ filename: 'tekening.pdf', mime_type: 'application/pdf' });
    const download = await client.downloadFlowFile(stored.id);
    expect(download.type).toBe('application/pdf');
    expect(Buffer.from(await download.pdf.arrayBuffer()).equals(pdfBytes)).toBe(true);
  }, 120_000);
});
