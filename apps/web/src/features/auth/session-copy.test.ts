import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dropSessionCopy, keepSessionCopy, readSessionCopy } from '../../api/session-copy';
import { mockFetch } from '../../test/fetch-mock';
import { createTestSession } from '../../test/render';
import { currentUserQuery } from './queries';

afterEach(() => {
  window.localStorage.clear();
  vi.unstubAllGlobals();
});

const offline = () =>
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    }),
  );

describe('the kept session (offline start, decision 059)', () => {
  it('keeps each fresh answer and answers with it when the network fails', async () => {
    const session = createTestSession({ username: 'Sanne de Vries' });
    mockFetch(() => ({ body: session }));
    const client = new QueryClient();
    expect(await client.fetchQuery(currentUserQuery('token-1'))).toEqual(session);

    offline();
    const later = new QueryClient();
    expect(await later.fetchQuery({ ...currentUserQuery('token-1'), retry: false })).toEqual(session);
  });

  it('never answers with another token’s copy, and never on a refusal', async () => {
    keepSessionCopy('token-1', createTestSession());
    offline();
    await expect(
      new QueryClient().fetchQuery({ ...currentUserQuery('token-2'), retry: false }),
    ).rejects.toMatchObject({ status: 0 });

    mockFetch(() => ({ status: 401, body: { message: 'Unauthenticated.' } }));
    await expect(
      new QueryClient().fetchQuery({ ...currentUserQuery('token-1'), retry: false }),
    ).rejects.toMatchObject({ status: 401 });
  });

  it('is dropped at logout and ignores a damaged copy', () => {
    keepSessionCopy('token-1', createTestSession());
    expect(readSessionCopy('token-1')).not.toBeNull();
    dropSessionCopy();
    expect(readSessionCopy('token-1')).toBeNull();
    window.localStorage.setItem('im.session', '{"token":"token-1","session":{"username":1}}');
    expect(readSessionCopy('token-1')).toBeNull();
    window.localStorage.setItem('im.session', 'not json');
    expect(readSessionCopy('token-1')).toBeNull();
  });
});
