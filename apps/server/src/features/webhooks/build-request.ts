// The one request builder for a connection's test and its real deliveries (decision 025).
import { createHmac, randomBytes } from 'node:crypto';
import {
  isAllowedWebhookHeader,
  type MergeData,
  renderMergeTags,
  WEBHOOK_METHODS_WITHOUT_BODY,
  type WebhookMethod,
  type WebhookTag,
} from '@im/domain';

export const WEBHOOK_USER_AGENT = 'Installatiemanager-Webhook/1';

export interface WebhookConnectionParts {
  url: string;
  method: WebhookMethod;
  headerTags: WebhookTag[];
  bodyTags: WebhookTag[];
  queryTags: WebhookTag[];
}

/** What a connection sends, before the per-attempt X-Webhook-* headers are added. */
export interface RenderedRequest {
  method: WebhookMethod;
  url: string;
  /** The connection's own header tags. */
  headers: Record<string, string>;
  /** JSON of the body tags; empty for GET and DELETE. */
  body: string;
}

/** Where tag values come from: each tag's example (a test), or its value rendered with a flow's merge data. */
export type TagSource = { kind: 'example' } | { kind: 'merge'; data: MergeData };

/** A tag's value: rendered (or its example), with `nullvalue` standing in for an empty result. */
export function tagValue(tag: WebhookTag, source: TagSource): string {
  const value =
    source.kind === 'example' ? tag.example : renderMergeTags(tag.fieldvalue, source.data, { html: false });
  return value.trim() === '' ? tag.nullvalue : value;
}

export function renderWebhookRequest(connection: WebhookConnectionParts, source: TagSource): RenderedRequest {
  const url = new URL(connection.url);
  for (const tag of connection.queryTags) url.searchParams.append(tag.fieldkey, tagValue(tag, source));
  const headers: Record<string, string> = {};
  for (const tag of connection.headerTags) {
    // Saved tags were checked already; this keeps a stored bad name from ever reaching the wire.
    if (!isAllowedWebhookHeader(tag.fieldkey)) continue;
    headers[tag.fieldkey] = tagValue(tag, source).replace(/[\r\n]+/g, ' ');
  }
  let body = '';
  if (!WEBHOOK_METHODS_WITHOUT_BODY.includes(connection.method)) {
    const object: Record<string, string> = {};
    for (const tag of connection.bodyTags) object[tag.fieldkey] = tagValue(tag, source);
    body = JSON.stringify(object);
  }
  return { method: connection.method, url: url.toString(), headers, body };
}

/** `sha256=<hex HMAC-SHA256 of "<timestamp>.<body>">` (docs/api/webhooks.md). */
export function webhookSignature(secret: string, timestamp: number, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

/** The headers of one attempt: the tags, then the fixed ones (which tags cannot override). */
export function signedHeaders(
  rendered: RenderedRequest,
  secret: string,
  deliveryId: string,
  now: Date = new Date(),
): Record<string, string> {
  const timestamp = Math.floor(now.getTime() / 1000);
  const fixed: Record<string, string> = {
    'Content-Type': 'application/json',
    'User-Agent': WEBHOOK_USER_AGENT,
    'X-Webhook-Id': deliveryId,
    'X-Webhook-Timestamp': String(timestamp),
    'X-Webhook-Signature': webhookSignature(secret, timestamp, rendered.body),
  };
  const fixedNames = new Set(Object.keys(fixed).map((k) => k.toLowerCase()));
  const own = Object.entries(rendered.headers).filter(([name]) => !fixedNames.has(name.toLowerCase()));
  return { ...Object.fromEntries(own), ...fixed };
}

/** A new connection secret: 32 random bytes, base64url. */
export function newWebhookSecret(): string {
  return randomBytes(32).toString('base64url');
}
