import { randomUUID } from 'node:crypto';
import type { WebhookMethod, WebhookTestResult } from '@im/domain';
import type { webhookConnection } from '../../platform/db/tables/webhooks.schema';
import { renderWebhookRequest, signedHeaders, type WebhookConnectionParts } from './build-request';
import { type CallOptions, type CallResult, callWebhook } from './outgoing-call';

export function connectionParts(row: typeof webhookConnection.$inferSelect): WebhookConnectionParts {
  return {
    url: row.url,
    method: row.method as WebhookMethod,
    headerTags: row.headerTags,
    bodyTags: row.bodyTags,
    queryTags: row.queryTags,
  };
}

/** What the test answers and the toast shows: the response body, else why there was none. */
export function responseText(result: CallResult): string {
  if (result.ok) return result.excerpt;
  return [result.error, result.excerpt].filter(Boolean).join(' ');
}

/**
 * The test call: each tag's example value, signed, sent now through the guard (spec 002: "success or
 * not, plus the response"). Runs outside any transaction; the caller records the outcome.
 */
export async function sendTestCall(
  row: typeof webhookConnection.$inferSelect,
  options: CallOptions,
): Promise<WebhookTestResult> {
  const rendered = renderWebhookRequest(connectionParts(row), { kind: 'example' });
  const headers = signedHeaders(rendered, row.secret, `test-${randomUUID()}`);
  const result = await callWebhook({ ...rendered, headers }, options);
  return { success: result.ok, response: responseText(result), status: result.status };
}
