import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestSession } from '../test/render';
import { api, apiImage } from './client';
import {
  dropOfflineCopies,
  keepCopy,
  OFFLINE_BUDGET_BYTES,
  OfflineBudgetError,
  offlineSummary,
  readCopy,
  TAKE_ALONG_FRAME,
} from './offline-copies';
import { keepSessionCopy } from './session-copy';
import { setToken } from './token';

const answer = (body: unknown) =>
  vi.fn(async () => new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } }));
const offline = () =>
  vi.fn(async () => {
    throw new TypeError('Failed to fetch');
  });

function logIn(token: string, userId: number): void {
  setToken(token);
  keepSessionCopy(token, createTestSession({ currentuser_id: userId }));
}

beforeEach(() => logIn('token-a', 7));
afterEach(async () => {
  await dropOfflineCopies();
  window.name = '';
  vi.unstubAllGlobals();
  setToken(null);
  window.localStorage.clear();
});

describe('offline copies of reads (decision 060)', () => {
  it('keeps what the take-along frame reads and answers with it when the network fails', async () => {
    window.name = TAKE_ALONG_FRAME;
    vi.stubGlobal('fetch', answer({ id: 12, name: 'Opname 1' }));
    await api.get('/api/intake/12', { query: { with: 'forms' } });
    window.name = '';

    vi.stubGlobal('fetch', offline());
    expect(await api.get('/api/intake/12', { query: { with: 'forms' } })).toEqual({
      id: 12,
      name: 'Opname 1',
    });
    // Another address has no copy: the network error stands.
    await expect(api.get('/api/intake/13')).rejects.toMatchObject({ status: 0 });
    // Writes never answer from a copy.
    await expect(api.patch('/api/intake/12', { name: 'x' })).rejects.toMatchObject({ status: 0 });
  });

  it('refreshes a kept copy on every later read, and keeps nothing new outside the frame', async () => {
    window.name = TAKE_ALONG_FRAME;
    vi.stubGlobal('fetch', answer({ version: 1 }));
    await api.get('/api/flow/5');
    window.name = '';
    vi.stubGlobal('fetch', answer({ version: 2 }));
    await api.get('/api/flow/5');
    await api.get('/api/flow/6');
    await vi.waitFor(async () => expect(await readCopy('/api/flow/5')).toEqual({ version: 2 }));
    expect(await readCopy('/api/flow/6')).toBeUndefined();
    expect((await offlineSummary()).count).toBe(1);
  });

  it('never gives one user the copies of another, and removes the user’s own on request', async () => {
    window.name = TAKE_ALONG_FRAME;
    await keepCopy('/api/task/1', { secret: 'van Sanne' });
    window.name = '';
    logIn('token-b', 8);
    expect(await readCopy('/api/task/1')).toBeUndefined();
    expect((await offlineSummary()).count).toBe(0);
    logIn('token-a', 7);
    expect(await readCopy('/api/task/1')).toEqual({ secret: 'van Sanne' });
    await dropOfflineCopies();
    expect(await readCopy('/api/task/1')).toBeUndefined();
  });

  it('keeps a photo’s thumbnail read in the frame as an image, and shows it without a connection', async () => {
    window.name = TAKE_ALONG_FRAME;
    const jpeg = new Uint8Array([0xff, 0xd8, 0xff, 0xd9]);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(jpeg, { headers: { 'content-type': 'image/jpeg' } })),
    );
    const online = await apiImage('/api/picture/5/showthumbnail#v=2');
    expect(online?.size).toBe(4);
    expect((await offlineSummary()).bytes).toBe(4);
    window.name = '';
    vi.stubGlobal('fetch', offline());
    const kept = await apiImage('/api/picture/5/showthumbnail');
    expect(kept).toBeInstanceOf(Blob);
    expect([kept!.size, kept!.type]).toEqual([4, 'image/jpeg']);
    expect(await apiImage('/api/picture/6/showthumbnail')).toBeNull();
  });

  it('refuses a copy past the budget', async () => {
    window.name = TAKE_ALONG_FRAME;
    const large = 'x'.repeat(OFFLINE_BUDGET_BYTES / 2 / 2 + 10);
    await keepCopy('/api/picture/1', large);
    await expect(keepCopy('/api/picture/2', large)).rejects.toBeInstanceOf(OfflineBudgetError);
    expect((await offlineSummary()).count).toBe(1);
  });
});
