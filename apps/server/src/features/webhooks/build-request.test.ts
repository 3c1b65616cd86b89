import { createHmac } from 'node:crypto';
import { type WebhookTag, zWebhookTag } from '@im/domain';
import { describe, expect, it } from 'vitest';
import {
  newWebhookSecret,
  renderWebhookRequest,
  signedHeaders,
  tagValue,
  WEBHOOK_USER_AGENT,
  type WebhookConnectionParts,
  webhookSignature,
} from './build-request';

const tag = (fieldkey: string, fieldvalue: string, example = '', nullvalue = ''): WebhookTag =>
  zWebhookTag.parse({ fieldkey, fieldvalue, example, nullvalue });

const connection: WebhookConnectionParts = {
  url: 'https://crm.example.com/hooks/in?source=im',
  method: 'POST',
  headerTags: [
    tag('Authorization', 'Bearer abc', 'Bearer test'),
    tag('X-Dossier', '{{ dossier.nummer }}', '1'),
  ],
  bodyTags: [
    tag('dossier', '{{ dossier.nummer }}', '1042'),
    tag('klant', '{{ relatie.naam }}', 'Jan de Vries'),
    tag('email', '{{ relatie.email }}', '', 'onbekend'),
    tag('vast', 'zonnepanelen'),
  ],
  queryTags: [tag('plaats', '{{ relatie.plaats }}', 'Groningen', '-')],
};

const data = { dossier: { nummer: 7 }, relatie: { naam: 'Piet & Co <b>', email: '', plaats: 'Assen' } };

describe('renderWebhookRequest', () => {
  it('renders merge tags from the flow, with nullvalue for an empty result and no HTML escaping', () => {
    const r = renderWebhookRequest(connection, { kind: 'merge', data });
    expect(r.method).toBe('POST');
    expect(r.url).toBe('https://crm.example.com/hooks/in?source=im&plaats=Assen');
    expect(r.headers).toEqual({ Authorization: 'Bearer abc', 'X-Dossier': '7' });
    expect(JSON.parse(r.body)).toEqual({
      dossier: '7',
      klant: 'Piet & Co <b>',
      email: 'onbekend',
      vast: 'zonnepanelen',
    });
  });

  it('sends the examples on a test, nullvalue where an example is empty', () => {
    const r = renderWebhookRequest(connection, { kind: 'example' });
    expect(JSON.parse(r.body)).toEqual({
      dossier: '1042',
      klant: 'Jan de Vries',
      email: 'onbekend',
      vast: '',
    });
    expect(r.headers.Authorization).toBe('Bearer test');
    expect(new URL(r.url).searchParams.get('plaats')).toBe('Groningen');
  });

  it('GET and DELETE send no body; query values are encoded', () => {
    const r = renderWebhookRequest(
      { ...connection, method: 'GET', queryTags: [tag('q', '{{ relatie.naam }}')] },
      { kind: 'merge', data },
    );
    expect(r.body).toBe('');
    expect(new URL(r.url).searchParams.get('q')).toBe('Piet & Co <b>');
    expect(r.url).toContain('q=Piet+%26+Co+%3Cb%3E');
    expect(renderWebhookRequest({ ...connection, method: 'DELETE' }, { kind: 'example' }).body).toBe('');
  });

  it('never sends a header name that is not allowed, and strips line breaks from values', () => {
    const r = renderWebhookRequest(
      {
        ...connection,
        headerTags: [tag('Host', 'evil'), tag('Bad Name', 'x'), tag('X-Ok', 'a\r\nInjected: 1')],
      },
      { kind: 'merge', data },
    );
    expect(r.headers).toEqual({ 'X-Ok': 'a Injected: 1' });
  });

  it('a tag without data renders empty and falls back to nullvalue', () => {
    expect(tagValue(tag('a', '{{ relatie.naam }}', '', 'n.v.t.'), { kind: 'merge', data: {} })).toBe(
      'n.v.t.',
    );
  });
});

describe('signedHeaders', () => {
  it('adds the fixed headers and a signature a receiver can verify with the secret', () => {
    const secret = newWebhookSecret();
    expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const rendered = renderWebhookRequest(connection, { kind: 'merge', data });
    const now = new Date('2026-11-26T10:00:00Z');
    const headers = signedHeaders(rendered, secret, '42', now);
    const timestamp = String(now.getTime() / 1000);
    expect(headers).toMatchObject({
      'Content-Type': 'application/json',
      'User-Agent': WEBHOOK_USER_AGENT,
      'X-Webhook-Id': '42',
      'X-Webhook-Timestamp': timestamp,
      Authorization: 'Bearer abc',
    });
    // What docs/api/webhooks.md tells a receiver to do.
    const expected = createHmac('sha256', secret).update(`${timestamp}.${rendered.body}`).digest('hex');
    expect(headers['X-Webhook-Signature']).toBe(`sha256=${expected}`);
    expect(webhookSignature('other-secret', Number(timestamp), rendered.body)).not.toBe(
      headers['X-Webhook-Signature'],
    );
  });

  it('tags cannot override the fixed headers', () => {
    const rendered = {
      method: 'POST' as const,
      url: 'https://x.example',
      body: '{}',
      headers: { 'x-webhook-signature': 'forged', 'content-type': 'text/plain' },
    };
    const headers = signedHeaders(rendered, 's', '1');
    expect(headers['x-webhook-signature']).toBeUndefined();
    expect(headers['content-type']).toBeUndefined();
    expect(headers['X-Webhook-Signature']).toMatch(/^sha256=[0-9a-f]{64}$/);
  });
});
