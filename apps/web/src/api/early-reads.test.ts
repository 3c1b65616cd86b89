import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from './client';
import { EARLY_READ_TTL_MS, startEarlyRead, takeEarlyRead } from './early-reads';
import { setToken } from './token';

const answer = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

describe('reads started before the app has loaded', () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    vi.stubGlobal('fetch', fetchMock);
    fetchMock.mockReset();
    setToken('tok-1');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
    setToken(null);
  });

  it('the client takes the early answer once for the same GET and token; a later read asks the server', async () => {
    fetchMock
      .mockResolvedValueOnce(answer({ widgets: ['leads'] }))
      .mockResolvedValueOnce(answer({ widgets: [] }));
    startEarlyRead('/api/user/getdashboard?usecase=standard', 'tok-1');
    const init = fetchMock.mock.calls[0]![1] as RequestInit;
    expect(init.headers).toMatchObject({ Authorization: 'Bearer tok-1' });
    expect(await api.get('/api/user/getdashboard', { query: { usecase: 'standard' } })).toEqual({
      widgets: ['leads'],
    });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(await api.get('/api/user/getdashboard', { query: { usecase: 'standard' } })).toEqual({
      widgets: [],
    });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('another token, another address or an answer older than its lifetime is not used', () => {
    fetchMock.mockImplementation(async () => answer({}));
    startEarlyRead('/api/a', 'tok-1');
    expect(takeEarlyRead('/api/a', 'tok-2')).toBeNull();
    startEarlyRead('/api/a', 'tok-1');
    expect(takeEarlyRead('/api/b', 'tok-1')).toBeNull();
    expect(takeEarlyRead('/api/a', 'tok-1')).not.toBeNull();
    vi.useFakeTimers();
    startEarlyRead('/api/a', 'tok-1');
    vi.advanceTimersByTime(EARLY_READ_TTL_MS + 1);
    expect(takeEarlyRead('/api/a', 'tok-1')).toBeNull();
  });

  it("a failed early read is the screen's network error, never an unhandled rejection", async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    startEarlyRead('/api/user/getdashboard', 'tok-1');
    await expect(api.get('/api/user/getdashboard')).rejects.toMatchObject({ status: 0 });
  });
});
