import { describe, expect, it } from 'vitest';
import { mockFetch } from '../test/fetch-mock';
import { ApiError, api, buildUrl } from './client';
import { setToken } from './token';

describe('api client', () => {
  it('sends the stored token as bearer and JSON bodies', async () => {
    setToken('abc123');
    const { calls } = mockFetch(() => ({ body: { ok: true } }));
    const answer = await api.post<{ ok: boolean }>('/api/thing', { a: 1 });
    expect(answer).toEqual({ ok: true });
    expect(calls[0]?.headers.Authorization).toBe('Bearer abc123');
    expect(calls[0]?.headers['Content-Type']).toBe('application/json');
    expect(calls[0]?.body).toEqual({ a: 1 });
  });

  it('sends no Authorization header without a token', async () => {
    const { calls } = mockFetch(() => ({ body: {} }));
    await api.get('/api/x');
    expect(calls[0]?.headers.Authorization).toBeUndefined();
  });

  it('throws ApiError with status, message and field errors of the error body', async () => {
    mockFetch(() => ({ status: 422, body: { message: 'Ongeldig', errors: { email: ['Bestaat al'] } } }));
    const error = await api.post('/api/register', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 422, message: 'Ongeldig', errors: { email: ['Bestaat al'] } });
  });

  it('falls back to a Dutch message when the error body has none', async () => {
    mockFetch(() => ({ status: 500 }));
    await expect(api.get('/api/x')).rejects.toMatchObject({
      status: 500,
      message: 'Er is iets misgegaan (500).',
    });
  });

  it('builds query strings without empty values', () => {
    expect(buildUrl('/api/flow', { offset: 0, limit: 25, query: '', sort: '-id', x: undefined })).toBe(
      '/api/flow?offset=0&limit=25&sort=-id',
    );
  });
});
