// The customer pages' own small API client: no token (the hash in the path or query is the
// customer's credential), JSON in and out, the contract's error body `{message}`.
import { customerHeaders, takeFirstRead } from './first-read';
import { TX } from './texts';

export { enablePreview, isPreview } from './preview';

/** An answer outside 2xx (status 0: no answer at all). */
export class CustomerApiError extends Error {
  override readonly name = 'CustomerApiError';
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export const isStatus = (error: unknown, status: number): boolean =>
  error instanceof CustomerApiError && error.status === status;

export const messageOf = (error: unknown): string =>
  error instanceof Error && error.message ? error.message : TX.failed(0);

async function send(
  method: string,
  path: string,
  body?: unknown,
  signal?: AbortSignal,
  keepalive = false,
): Promise<Response> {
  const headers = customerHeaders();
  let payload: BodyInit | undefined;
  if (body instanceof FormData) payload = body;
  else if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  let response: Response;
  try {
    const early = method === 'GET' ? takeFirstRead(path) : null;
    response = await (early ?? fetch(path, { method, headers, body: payload, signal, keepalive }));
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new CustomerApiError(0, TX.network);
  }
  if (!response.ok) {
    let message = TX.failed(response.status);
    try {
      const parsed = (await response.json()) as { message?: unknown };
      if (typeof parsed.message === 'string' && parsed.message) message = parsed.message;
    } catch {
      // Not JSON: keep the general text.
    }
    throw new CustomerApiError(response.status, message);
  }
  return response;
}

async function json<T>(response: Response): Promise<T> {
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

export const customerApi = {
  get: async <T>(path: string, signal?: AbortSignal) => json<T>(await send('GET', path, undefined, signal)),
  /** `keepalive`: the request outlives the page (a save sent as the tab closes). */
  post: async <T>(path: string, body?: unknown, options?: { keepalive?: boolean }) =>
    json<T>(await send('POST', path, body, undefined, options?.keepalive ?? false)),
};

/** A path segment or query value, encoded. */
export const enc = encodeURIComponent;

/** GET a binary answer (a PDF) and hand it to the browser as a file; the name comes from x-filename. */
export async function downloadFile(path: string, fallbackName: string): Promise<void> {
  const response = await send('GET', path);
  const header = response.headers.get('x-filename');
  let name = fallbackName;
  if (header) {
    try {
      name = decodeURIComponent(header);
    } catch {
      name = header;
    }
  }
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Only images and PDF may be uploaded by a customer (spec 002 section 5). */
export const isImageOrPdf = (file: File): boolean =>
  file.type
    ? file.type.startsWith('image/') || file.type === 'application/pdf'
    : /\.(pdf|jpe?g|png|gif|webp|heic|heif)$/i.test(file.name);
