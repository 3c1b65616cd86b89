import { DrizzleQueryError } from 'drizzle-orm';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerErrorHandling } from './error-handler';

function pgError(code: string) {
  return Object.assign(new Error('database error'), { code, severity: 'ERROR', detail: 'x' });
}

describe('database errors', () => {
  it('map to 409/422 also when drizzle wraps them in a DrizzleQueryError', async () => {
    const app = Fastify({ logger: false });
    registerErrorHandling(app);
    app.get('/plain', async () => {
      throw pgError('23505');
    });
    app.get('/wrapped-unique', async () => {
      throw new DrizzleQueryError('insert ...', [], pgError('23505'));
    });
    app.get('/wrapped-check', async () => {
      throw new DrizzleQueryError('insert ...', [], pgError('23514'));
    });
    app.get('/wrapped-other', async () => {
      throw new DrizzleQueryError('select ...', [], pgError('XX000'));
    });
    app.get('/lock-timeout', async () => {
      throw new DrizzleQueryError('insert ...', [], pgError('55P03'));
    });
    app.get('/statement-timeout', async () => {
      throw pgError('57014');
    });
    const status = async (url: string) => (await app.inject({ url })).statusCode;
    expect(await status('/plain')).toBe(409);
    expect(await status('/wrapped-unique')).toBe(409);
    expect(await status('/wrapped-check')).toBe(422);
    expect(await status('/wrapped-other')).toBe(500);
    for (const url of ['/lock-timeout', '/statement-timeout']) {
      const busy = await app.inject({ url });
      expect(busy.statusCode).toBe(503);
      expect(busy.headers['retry-after']).toBe('30');
      expect(busy.json().message).toMatch(/^Een andere handeling houdt deze gegevens bezet/);
    }
    const body = (await app.inject({ url: '/wrapped-unique' })).json();
    expect(body).toEqual({ message: 'Dit record bestaat al.' });
    await app.close();
  });
});
