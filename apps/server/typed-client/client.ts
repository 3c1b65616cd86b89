/**
 * A small client typed only by the types openapi-typescript generates from the live description
 * (`generated/api.ts`, written by `openapi.api.test.ts`, not committed). The test type-checks this file
 * under `tsc --strict` and then drives these calls against a running server: if the description
 * stops matching what a client needs (a request body, a file answer), this file no longer compiles.
 */
import type { components, paths } from './generated/api';

type Json<T> = T extends { content: { 'application/json': infer B } } ? B : never;

export type Relation = components['schemas']['RelationDetail'];
type LoginRequest = Json<paths['/api/authenticate']['post']['requestBody']>;
type LoginAnswer = Json<paths['/api/authenticate']['post']['responses']['200']>;
type NewRelation = Json<NonNullable<paths['/api/relation']['post']['requestBody']>>;
type RelationAnswer = Json<paths['/api/relation']['post']['responses']['201']>;
type FlowFileUpload = paths['/api/flowfile']['post']['requestBody']['content']['multipart/form-data'];
type FlowFileAnswer = Json<paths['/api/flowfile']['post']['responses']['201']>;
type FlowFilePdf = paths['/api/flowfile/{id}']['get']['responses']['200']['content']['application/pdf'];
type ApiError = Json<paths['/api/flowfile']['post']['responses']['415']>;

export class ApiFailure extends Error {
  constructor(
    readonly status: number,
    readonly body: ApiError,
  ) {
    super(`${status}: ${body.message}`);
  }
}

export function typedClient(baseUrl: string) {
  let token = '';
  const headers = () => (token ? { authorization: `Bearer ${token}` } : ({} as Record<string, string>));
  const json = async <T>(res: Response, ok: number): Promise<T> => {
    const body = await res.json();
    if (res.status !== ok) throw new ApiFailure(res.status, body as ApiError);
    return body as T;
  };
  return {
    async login(input: LoginRequest): Promise<LoginAnswer> {
      const res = await fetch(`${baseUrl}/api/authenticate`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(input),
      });
      const answer = await json<LoginAnswer>(res, 200);
      token = answer.token;
      return answer;
    },
    async createRelation(input: NewRelation): Promise<RelationAnswer> {
      const res = await fetch(`${baseUrl}/api/relation`, {
        method: 'POST',
        headers: { ...headers(), 'content-type': 'application/json' },
        body: JSON.stringify(input),
      });
      return json<RelationAnswer>(res, 201);
    },
    /** multipart/form-data as the description declares it: the file (a Blob) and the text fields. */
    async uploadFlowFile(input: FlowFileUpload & { filename: string }): Promise<FlowFileAnswer> {
      const form = new FormData();
      for (const [name, value] of Object.entries(input)) {
        if (name === 'filename' || value === undefined) continue;
        if (value instanceof Blob) form.append(name, value, input.filename);
        else form.append(name, String(value));
      }
      const res = await fetch(`${baseUrl}/api/flowfile`, { method: 'POST', headers: headers(), body: form });
      return json<FlowFileAnswer>(res, 201);
    },
    /** A binary answer: the description's `application/pdf` content, typed as a Blob. */
    async downloadFlowFile(id: number): Promise<{ type: string; pdf: FlowFilePdf }> {
      const res = await fetch(`${baseUrl}/api/flowfile/${id}`, { headers: headers() });
      if (res.status !== 200) throw new ApiFailure(res.status, (await res.json()) as ApiError);
      const pdf: FlowFilePdf = await res.blob();
      return { type: res.headers.get('content-type') ?? '', pdf };
    },
  };
}
