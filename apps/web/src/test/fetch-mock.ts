import { vi } from 'vitest';

export interface MockCall {
  method: string;
  url: string;
  body: unknown;
  headers: Record<string, string>;
}

type Handler = (
  call: MockCall,
) => { status?: number; body?: unknown; headers?: Record<string, string> } | undefined;

/** Replaces global fetch with a handler answering JSON; records every call for assertions. */
export function mockFetch(handler: Handler) {
  const calls: MockCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const call: MockCall = {
      method: init?.method ?? 'GET',
      url: String(input),
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : init?.body,
      headers: (init?.headers ?? {}) as Record<string, string>,
    };
    calls.push(call);
    const answer = handler(call) ?? { status: 404, body: { message: 'Not found' } };
    const status = answer.status ?? 200;
    const headers = { 'content-type': 'application/json', ...answer.headers };
    // A file answer (its own content type) goes out as it is; everything else as JSON.
    const isJson = headers['content-type'].includes('json');
    const body =
      answer.body === undefined ? null : isJson ? JSON.stringify(answer.body) : String(answer.body);
    return new Response(body, { status, headers });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}
