// Calls to a provider's API (decision 065): JSON over HTTPS with a bearer token and a time limit. Every failure
// becomes a ProviderError whose kind says what to do next: try again later, link again, or accept the refusal.

export type ProviderErrorKind = 'unreachable' | 'expired' | 'refused';

export class ProviderError extends Error {
  constructor(
    readonly kind: ProviderErrorKind,
    message: string,
    readonly status: number | null = null,
  ) {
    super(message);
  }
}

export interface ProviderHttp {
  get<T>(path: string): Promise<T>;
  post<T>(path: string, body: unknown): Promise<T>;
  patch<T>(path: string, body: unknown): Promise<T>;
  delete<T>(path: string): Promise<T>;
}

/** How a provider's error body names the problem (Exact: OData `error.message.value`; SnelStart: `[{ message }]`). */
export type ErrorText = (body: unknown) => string | null;

const plainErrorText: ErrorText = (body) => {
  if (body && typeof body === 'object') {
    const b = body as Record<string, unknown>;
    if (typeof b.message === 'string') return b.message;
    if (typeof b.error === 'string') return b.error;
  }
  return null;
};

export function providerHttp(options: {
  baseUrl: string;
  accessToken: string;
  timeoutMs: number;
  errorText?: ErrorText;
  /** Headers every call carries besides the token (SnelStart's subscription key). */
  headers?: Record<string, string>;
}): ProviderHttp {
  const errorText = options.errorText ?? plainErrorText;
  async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
    let res: Response;
    try {
      res = await fetch(`${options.baseUrl}${path}`, {
        method,
        headers: {
          ...options.headers,
          authorization: `Bearer ${options.accessToken}`,
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(options.timeoutMs),
      });
    } catch (err) {
      throw new ProviderError('unreachable', err instanceof Error ? err.message : String(err));
    }
    const text = await res.text();
    let parsed: unknown = null;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      parsed = null;
    }
    if (res.ok) return parsed as T;
    const said = errorText(parsed) ?? (text.slice(0, 300) || `HTTP ${res.status}`);
    if (res.status === 401) throw new ProviderError('expired', said, 401);
    if (res.status === 429 || res.status >= 500) throw new ProviderError('unreachable', said, res.status);
    throw new ProviderError('refused', said, res.status);
  }
  return {
    get: (path) => call('GET', path),
    post: (path, body) => call('POST', path, body),
    patch: (path, body) => call('PATCH', path, body),
    delete: (path) => call('DELETE', path),
  };
}
