// Sends one webhook request through the SSRF guard: every host (the first and each redirect's) is
// resolved and vetted before a connection opens, and the socket goes to the vetted address only.
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { type Resolver, type VettedAddress, vetHost } from './ssrf-guard';

export const WEBHOOK_TIMEOUT_MS = 10_000;
export const MAX_RESPONSE_BYTES = 64 * 1024;
export const EXCERPT_CHARS = 2000;
export const MAX_REDIRECTS = 3;

export interface OutgoingRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: string;
}

export interface CallOptions {
  allowLoopback?: boolean;
  timeoutMs?: number;
  resolve?: Resolver;
}

export interface CallResult {
  /** A 2xx answer. */
  ok: boolean;
  status: number | null;
  /** The first characters of the response body. */
  excerpt: string;
  /** Why there was no 2xx answer: refused address, network error, timeout, redirect, status. */
  error: string | null;
  /** The guard refused an address (the first one or a redirect's): no connection was opened to it. */
  refused: boolean;
}

export const CALL_TEXTS = {
  timeout: `Geen antwoord binnen ${WEBHOOK_TIMEOUT_MS / 1000} seconden.`,
  tooManyRedirects: `Meer dan ${MAX_REDIRECTS} doorverwijzingen.`,
  badRedirect: 'Doorverwijzing naar een ongeldig adres.',
  status: (status: number) => `HTTP-status ${status}.`,
  network: (message: string) => `Verbinding mislukt: ${message}`,
} as const;

/** A DNS lookup cannot be cancelled; the call's deadline still ends the wait for it. */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(new Error('aborted'));
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(new Error('aborted'));
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (err) => {
        signal.removeEventListener('abort', onAbort);
        reject(err);
      },
    );
  });
}

interface Answer {
  status: number;
  location: string | undefined;
  body: string;
}

/** One request to a vetted address; `lookup` pins the socket to it while the URL keeps its host name (Host, SNI). */
function requestOnce(
  url: URL,
  target: VettedAddress,
  request: OutgoingRequest,
  signal: AbortSignal,
): Promise<Answer> {
  const lookup = ((_host: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
    if (options?.all) callback(null, [{ address: target.address, family: target.family }]);
    else callback(null, target.address, target.family);
  }) as unknown as LookupFunction;
  const client = url.protocol === 'https:' ? https : http;
  const headers: Record<string, string> = { ...request.headers };
  if (request.body) headers['Content-Length'] = String(Buffer.byteLength(request.body));
  return new Promise<Answer>((resolve, reject) => {
    const req = client.request(
      url,
      { method: request.method, headers, lookup, signal, agent: false },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        let done = false;
        const finish = () => {
          if (done) return;
          done = true;
          resolve({
            status: res.statusCode ?? 0,
            location: res.headers.location,
            body: Buffer.concat(chunks).toString('utf8'),
          });
        };
        res.on('data', (chunk: Buffer) => {
          if (done) return;
          const room = MAX_RESPONSE_BYTES - size;
          chunks.push(chunk.subarray(0, room));
          size += Math.min(chunk.length, room);
          if (size >= MAX_RESPONSE_BYTES) {
            finish();
            res.destroy();
          }
        });
        res.on('end', finish);
        res.on('error', (err) => (done ? undefined : reject(err)));
        res.on('close', finish);
      },
    );
    req.on('error', reject);
    req.end(request.body || undefined);
  });
}

/** Sends the request; follows at most three redirects, each target vetted like the first. Never throws. */
export async function callWebhook(request: OutgoingRequest, options: CallOptions = {}): Promise<CallResult> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), options.timeoutMs ?? WEBHOOK_TIMEOUT_MS);
  let current = { ...request };
  let url = new URL(request.url);
  try {
    for (let redirects = 0; ; redirects++) {
      const vetted = await untilAborted(vetHost(url.hostname, options), controller.signal);
      if (!vetted.ok) return { ok: false, status: null, excerpt: '', error: vetted.reason, refused: true };
      const answer = await requestOnce(url, vetted.target, current, controller.signal);
      const excerpt = answer.body.slice(0, EXCERPT_CHARS);
      const isRedirect = answer.status >= 300 && answer.status < 400 && answer.location !== undefined;
      if (!isRedirect) {
        const ok = answer.status >= 200 && answer.status < 300;
        return {
          ok,
          status: answer.status,
          excerpt,
          error: ok ? null : CALL_TEXTS.status(answer.status),
          refused: false,
        };
      }
      if (redirects >= MAX_REDIRECTS)
        return {
          ok: false,
          status: answer.status,
          excerpt,
          error: CALL_TEXTS.tooManyRedirects,
          refused: false,
        };
      let next: URL;
      try {
        next = new URL(answer.location!, url);
      } catch {
        return { ok: false, status: answer.status, excerpt, error: CALL_TEXTS.badRedirect, refused: false };
      }
      if (next.protocol !== 'http:' && next.protocol !== 'https:')
        return { ok: false, status: answer.status, excerpt, error: CALL_TEXTS.badRedirect, refused: false };
      const nextVetted = await untilAborted(vetHost(next.hostname, options), controller.signal);
      if (!nextVetted.ok)
        return { ok: false, status: answer.status, excerpt, error: nextVetted.reason, refused: true };
      // 303, and 301/302 after a POST, continue as GET without a body (as browsers do); 307/308 keep both.
      const toGet =
        answer.status === 303 ||
        ((answer.status === 301 || answer.status === 302) && current.method === 'POST');
      // The connection's own headers (tokens) go to its own origin only.
      const headers = next.origin === url.origin ? current.headers : withoutOwnHeaders(current.headers);
      current = toGet
        ? { method: 'GET', url: next.toString(), headers, body: '' }
        : { ...current, url: next.toString(), headers };
      url = next;
    }
  } catch (err) {
    if (controller.signal.aborted)
      return { ok: false, status: null, excerpt: '', error: CALL_TEXTS.timeout, refused: false };
    const message = err instanceof Error ? err.message : String(err);
    return { ok: false, status: null, excerpt: '', error: CALL_TEXTS.network(message), refused: false };
  } finally {
    clearTimeout(timer);
  }
}

const KEEP_ACROSS_ORIGINS = new Set([
  'content-type',
  'user-agent',
  'x-webhook-id',
  'x-webhook-timestamp',
  'x-webhook-signature',
]);

function withoutOwnHeaders(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(headers).filter(([name]) => KEEP_ACROSS_ORIGINS.has(name.toLowerCase())),
  );
}
