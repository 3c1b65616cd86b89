import { i18n } from '../i18n';
import { takeEarlyRead } from './early-reads';
import { isTakeAlongFrame, keepCopy, readCopy } from './offline-copies';
import { getToken } from './token';
import { buildUrl, type QueryValue } from './url';

export type FieldErrors = Record<string, string[]>;

export { buildUrl, type QueryValue } from './url';

/** An answer outside 2xx, carrying the contract's error body `{message, errors?}`. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly status: number,
    message: string,
    readonly errors: FieldErrors = {},
  ) {
    super(message);
  }
}

/** Status 0: the request never got an answer (offline, server down, aborted by the network). */
export const NETWORK_ERROR_STATUS = 0;

export interface RequestOptions {
  body?: unknown;
  query?: Record<string, QueryValue>;
  signal?: AbortSignal;
  /** Let the request outlive the page (closing the tab); the browser caps such bodies at 64 KB. */
  keepalive?: boolean;
  /** Headers of this request besides the defaults (a create's `Idempotency-Key`, decision 069). */
  headers?: Record<string, string>;
}

function readFieldErrors(value: unknown): FieldErrors {
  if (!value || typeof value !== 'object') return {};
  const result: FieldErrors = {};
  for (const [field, messages] of Object.entries(value)) {
    if (Array.isArray(messages)) result[field] = messages.map(String);
    else if (typeof messages === 'string') result[field] = [messages];
  }
  return result;
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  const type = response.headers.get('content-type') ?? '';
  if (type.includes('json')) {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  return text;
}

function fallbackMessage(status: number): string {
  return i18n.t('api.failed', { status });
}

/** In the take-along frame: how many requests are out, and when the last one ended (api/take-along.ts). */
interface FrameActivity {
  __imInFlight?: number;
  __imLastActivity?: number;
  __imTakeAlongError?: string;
}

function noteActivity(delta: number): void {
  if (!isTakeAlongFrame()) return;
  const frame = window as unknown as FrameActivity;
  frame.__imInFlight = (frame.__imInFlight ?? 0) + delta;
  frame.__imLastActivity = Date.now();
}

export async function apiRequest<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
  noteActivity(1);
  try {
    return await sendRequest<T>(method, path, options);
  } catch (error) {
    if (isTakeAlongFrame() && error instanceof Error && error.name === 'OfflineBudgetError')
      (window as unknown as FrameActivity).__imTakeAlongError = 'budget';
    throw error;
  } finally {
    noteActivity(-1);
  }
}

async function sendRequest<T>(method: string, path: string, options: RequestOptions): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;

  let body: BodyInit | undefined;
  if (options.body instanceof FormData) {
    body = options.body;
  } else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }

  const url = buildUrl(path, options.query);
  let response: Response;
  try {
    const early = method === 'GET' && body === undefined ? takeEarlyRead(url, token) : null;
    response = await (early ??
      fetch(url, {
        method,
        headers,
        body,
        signal: options.signal,
        keepalive: options.keepalive,
      }));
  } catch (error) {
    if (options.signal?.aborted) throw error;
    // Work taken along (decision 060): a read the network cannot answer is answered by its kept copy.
    const kept = method === 'GET' ? await readCopy(url).catch(() => undefined) : undefined;
    if (kept !== undefined) return kept as T;
    throw new ApiError(NETWORK_ERROR_STATUS, i18n.t('api.network'));
  }

  const payload = await readBody(response);
  if (response.ok && method === 'GET') {
    const keeping = keepCopy(url, payload);
    // The take-along frame must know when a copy did not fit; elsewhere keeping is best effort.
    if (isTakeAlongFrame()) await keeping;
    else void keeping.catch(() => undefined);
  }
  if (!response.ok) {
    const record = payload && typeof payload === 'object' ? (payload as Record<string, unknown>) : {};
    const message =
      typeof record.message === 'string' && record.message
        ? record.message
        : fallbackMessage(response.status);
    throw new ApiError(response.status, message, readFieldErrors(record.errors));
  }
  return payload as T;
}

/**
 * An image behind the API (a photo, its thumbnail): its bytes, or null when the server has none
 * (`x-imagestatus: unavailable`) or refuses. Kept like any read in the take-along frame, so a form's photos
 * show offline as thumbnails (decision 073); without a connection the kept copy answers.
 */
export async function apiImage(source: string): Promise<Blob | null> {
  // A fragment (a version that forces a new fetch) is never sent, nor part of the kept copy's address.
  const url = source.replace(/#.*$/, '');
  noteActivity(1);
  try {
    const token = getToken();
    let response: Response;
    try {
      response = await fetch(url, {
        headers: token ? { Authorization: `Bearer ${token}` } : {},
        cache: 'no-store',
      });
    } catch {
      const kept = await readCopy(url).catch(() => undefined);
      return kept instanceof Blob ? kept : null;
    }
    if (!response.ok || response.headers.get('x-imagestatus') === 'unavailable') return null;
    const image = await response.blob();
    const keeping = keepCopy(url, image);
    if (isTakeAlongFrame()) await keeping.catch(() => undefined);
    else void keeping.catch(() => undefined);
    return image;
  } finally {
    noteActivity(-1);
  }
}

export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'body'>) => apiRequest<T>('GET', path, options),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    apiRequest<T>('POST', path, { ...options, body }),
  patch: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    apiRequest<T>('PATCH', path, { ...options, body }),
  delete: <T>(path: string, options?: RequestOptions) => apiRequest<T>('DELETE', path, options),
};

export function isApiError(error: unknown, status?: number): error is ApiError {
  return error instanceof ApiError && (status === undefined || error.status === status);
}
