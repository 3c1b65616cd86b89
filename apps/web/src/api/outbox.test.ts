import 'fake-indexeddb/auto';
import { IDEMPOTENCY_KEY_HEADER } from '@im/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { replayKeptChanges } from '../app/pwa/replay-kept-changes';
import { mockFetch } from '../test/fetch-mock';
import { createTestSession } from '../test/render';
import { AUTOSAVE_STORAGE_PREFIX, keepChange, keptChanges } from '../ui/autosave/autosave-store';
import { forgetOutboxItem, outboxItems, sendOrKeep } from './outbox';
import { keepSessionCopy } from './session-copy';
import { setToken } from './token';

// The device's outbox (decision 069): photos and notes made without a connection, sent with their own key.

const offline = () =>
  vi.fn(async () => {
    throw new TypeError('Failed to fetch');
  });

function logIn(token: string, userId: number): void {
  setToken(token);
  keepSessionCopy(token, createTestSession({ currentuser_id: userId }));
}

const note = (content: string) => ({
  kind: 'note' as const,
  path: '/api/note',
  body: { flow_id: 12, content },
});
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

beforeEach(() => logIn('token-a', 7));
afterEach(async () => {
  for (const token of ['token-a', 'token-b']) {
    logIn(token, token === 'token-a' ? 7 : 8);
    for (const item of await outboxItems()) await forgetOutboxItem(item.key);
  }
  vi.unstubAllGlobals();
  setToken(null);
  window.localStorage.clear();
});

describe('the outbox', () => {
  it('sends a create at once with its own key and keeps nothing when the server has it', async () => {
    const { calls } = mockFetch(() => ({ status: 201, body: { id: 5, content: 'Dak' } }));
    expect(await sendOrKeep(note('Dak'))).toEqual({ id: 5, content: 'Dak' });
    expect(calls[0]!.headers[IDEMPOTENCY_KEY_HEADER]).toMatch(UUID);
    expect(await outboxItems()).toEqual([]);
  });

  it('keeps it without a connection and sends it later with the same key, once', async () => {
    vi.stubGlobal('fetch', offline());
    expect(await sendOrKeep(note('Meterkast vol'))).toBeNull();
    const [kept] = await outboxItems();
    expect(kept).toMatchObject({ kind: 'note', body: { content: 'Meterkast vol' } });

    const { calls } = mockFetch(() => ({ status: 201, body: { id: 6 } }));
    expect(await replayKeptChanges()).toBe(1);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.headers[IDEMPOTENCY_KEY_HEADER]).toBe(kept!.key);
    expect(await outboxItems()).toEqual([]);
    await replayKeptChanges();
    expect(calls).toHaveLength(1);
  });

  it('sends a photo as multipart with its fields and file', async () => {
    vi.stubGlobal('fetch', offline());
    const file = { bytes: new Uint8Array([1, 2, 3]).buffer, type: 'image/jpeg', name: 'dak.jpg' };
    await sendOrKeep({
      kind: 'picture',
      path: '/api/picture',
      body: { flow_id: 12, field_name: 'dak' },
      file,
    });
    const { calls } = mockFetch(() => ({ status: 201, body: { id: 9 } }));
    await replayKeptChanges();
    const form = calls[0]!.body as FormData;
    expect(form.get('flow_id')).toBe('12');
    expect(form.get('field_name')).toBe('dak');
    expect((form.get('file') as File).name).toBe('dak.jpg');
  });

  it('sends form changes, task completions, photos and notes in the order they were made', async () => {
    vi.stubGlobal('fetch', offline());
    window.localStorage.setItem(
      `${AUTOSAVE_STORAGE_PREFIX}form`,
      JSON.stringify({
        patch: { dakhelling: '35' },
        at: Date.now() - 10_000,
        replay: { path: '/api/flowdataitem/3', field: 'values' },
      }),
    );
    await sendOrKeep(note('Eerst'));
    await new Promise((r) => setTimeout(r, 5));
    keepChange('task:4', { status: 'afgerond' }, { path: '/api/task/4' }, { status: 'open' });
    await new Promise((r) => setTimeout(r, 5));
    await sendOrKeep(note('Daarna'));
    const { calls } = mockFetch((call) =>
      call.method === 'GET' ? { body: { id: 4, status: 'open' } } : { status: 201, body: { id: 1 } },
    );
    expect(await replayKeptChanges()).toBe(4);
    expect(
      calls.map((c) => `${c.method} ${c.url} ${c.body instanceof FormData ? '' : JSON.stringify(c.body)}`),
    ).toEqual([
      'PATCH /api/flowdataitem/3 {"values":{"dakhelling":"35"}}',
      'POST /api/note {"flow_id":12,"content":"Eerst"}',
      'GET /api/task/4 undefined',
      'PATCH /api/task/4 {"status":"afgerond"}',
      'POST /api/note {"flow_id":12,"content":"Daarna"}',
    ]);
    expect(keptChanges()).toEqual([]);
  });

  it('does not overwrite a task the office changed meanwhile: both values wait for the user', async () => {
    keepChange('task:4', { status: 'afgerond' }, { path: '/api/task/4' }, { status: 'open' });
    const { calls } = mockFetch(() => ({ body: { id: 4, status: 'onhold' } }));
    await replayKeptChanges();
    expect(calls.map((c) => c.method)).toEqual(['GET']);
    expect(keptChanges()[0]!.conflicts).toEqual({ status: { mine: 'afgerond', theirs: 'onhold' } });
  });

  it('keeps a refused item with its reason, forgets one made and deleted since (410), waits on 5xx and 401', async () => {
    vi.stubGlobal('fetch', offline());
    await sendOrKeep(note('Geweigerd'));
    await sendOrKeep(note('Al verwijderd'));
    await sendOrKeep(note('Komt aan'));
    const keys = (await outboxItems()).map((i) => i.key);
    // The server failing: everything waits.
    mockFetch(() => ({ status: 503, body: { message: 'Even niet' } }));
    expect(await replayKeptChanges()).toBe(0);
    expect(await outboxItems()).toHaveLength(3);
    // One answer per note: refused, made and deleted since, made.
    const { calls } = mockFetch(() => ({
      body: {
        results: [
          { key: keys[0], status: 422, note: null, message: 'De notitie is te lang.' },
          {
            key: keys[1],
            status: 410,
            note: null,
            message: 'Dit is al eerder ontvangen en intussen verwijderd.',
          },
          { key: keys[2], status: 201, note: { id: 3 }, message: null },
        ],
      },
    }));
    expect(await replayKeptChanges()).toBe(2);
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual(['POST /api/note/batch']);
    expect((await outboxItems()).map((i) => [i.body.content, i.refused ?? null])).toEqual([
      ['Geweigerd', 'De notitie is te lang.'],
    ]);
    // The session gone: the new note waits for the next login.
    vi.stubGlobal('fetch', offline());
    await sendOrKeep(note('Na het verlopen'));
    mockFetch(() => ({ status: 401, body: { message: 'Log opnieuw in.' } }));
    await replayKeptChanges();
    expect((await outboxItems()).map((i) => i.body.content)).toEqual(['Geweigerd', 'Na het verlopen']);
  });

  it('sends notes made one after another in one request, each with its key; a batch refused as a whole goes one by one', async () => {
    vi.stubGlobal('fetch', offline());
    for (const content of ['Een', 'Twee', 'Drie']) await sendOrKeep(note(content));
    const keys = (await outboxItems()).map((i) => i.key);
    const first = mockFetch((call) =>
      call.url === '/api/note/batch'
        ? { status: 422, body: { message: 'Controleer de invoer.' } }
        : { status: 201, body: { id: 1 } },
    );
    expect(await replayKeptChanges()).toBe(3);
    expect(first.calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      'POST /api/note/batch',
      'POST /api/note',
      'POST /api/note',
      'POST /api/note',
    ]);
    expect((first.calls[0]!.body as { notes: { key: string }[] }).notes.map((n) => n.key)).toEqual(keys);
    expect(first.calls.slice(1).map((c) => c.headers[IDEMPOTENCY_KEY_HEADER])).toEqual(keys);
    expect(await outboxItems()).toEqual([]);
  });

  it('keeps each user’s items apart: another user on the device neither sees nor sends them', async () => {
    vi.stubGlobal('fetch', offline());
    await sendOrKeep(note('Van gebruiker 7'));
    logIn('token-b', 8);
    expect(await outboxItems()).toEqual([]);
    const { calls } = mockFetch(() => ({ status: 201, body: { id: 1 } }));
    await replayKeptChanges();
    expect(calls).toHaveLength(0);
    // The same user logging in again finds it and sends it.
    logIn('token-a', 7);
    await replayKeptChanges();
    expect(calls).toHaveLength(1);
  });
});
