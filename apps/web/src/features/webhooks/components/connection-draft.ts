import {
  isAllowedWebhookHeader,
  WEBHOOK_MESSAGES,
  WEBHOOK_TAG_LISTS,
  type WebhookConnection,
  type WebhookMethod,
  type WebhookTag,
  type WebhookTagList,
} from '@im/domain';
import { isApiError } from '../../../api/client';
import { urlError } from '../modals/create-connection.modal';

/** What the detail screen edits and saves in one PATCH. */
export type Draft = { name: string; url: string; method: WebhookMethod } & Record<
  WebhookTagList,
  WebhookTag[]
>;

export function draftOf(c: WebhookConnection): Draft {
  return {
    name: c.name,
    url: c.url,
    method: c.method,
    header_tags: c.header_tags,
    body_tags: c.body_tags,
    query_tags: c.query_tags,
  };
}

const tagText = (tags: WebhookTag[]) =>
  JSON.stringify(tags.map((t) => [t.fieldkey, t.fieldvalue, t.example, t.nullvalue]));

export function isSameDraft(a: Draft, b: Draft): boolean {
  return (
    a.name === b.name &&
    a.url === b.url &&
    a.method === b.method &&
    WEBHOOK_TAG_LISTS.every((list) => tagText(a[list]) === tagText(b[list]))
  );
}

/** The rules the server applies too, keyed as its 422 answers are (`body_tags.0.fieldkey`). */
export function validateDraft(d: Draft): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!d.name.trim()) errors.name = WEBHOOK_MESSAGES.nameRequired;
  const url = urlError(d.url);
  if (url) errors.url = url;
  for (const list of WEBHOOK_TAG_LISTS) {
    const seen = new Set<string>();
    d[list].forEach((tag, i) => {
      const key = tag.fieldkey.trim();
      const at = `${list}.${i}.fieldkey`;
      if (!key) errors[at] = WEBHOOK_MESSAGES.fieldkeyRequired;
      else if (seen.has(key)) errors[at] = WEBHOOK_MESSAGES.duplicateKey(key);
      else if (list === 'header_tags' && !isAllowedWebhookHeader(key))
        errors[at] = WEBHOOK_MESSAGES.headerName(key);
      seen.add(key);
    });
  }
  return errors;
}

/** A 422's field errors, first message per field. */
export function serverErrorsOf(error: unknown): Record<string, string> {
  if (!isApiError(error)) return {};
  return Object.fromEntries(
    Object.entries(error.errors)
      .filter(([, messages]) => messages[0])
      .map(([field, messages]) => [field, messages[0]!]),
  );
}

/** The body of the PATCH: trimmed keys. */
export function requestOf(d: Draft) {
  const trimTags = (tags: WebhookTag[]) => tags.map((t) => ({ ...t, fieldkey: t.fieldkey.trim() }));
  return {
    name: d.name.trim(),
    url: d.url.trim(),
    method: d.method,
    header_tags: trimTags(d.header_tags),
    body_tags: trimTags(d.body_tags),
    query_tags: trimTags(d.query_tags),
  };
}
