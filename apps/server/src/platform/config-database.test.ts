import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

const PRIMARY = 'postgres://app@db.example.nl:5432/im';
const POOLER = 'postgres://app@pgbouncer.example.nl:6432/im';

describe('database connections (decision 053)', () => {
  it('counts DATABASE_URL as a transaction pooler once DATABASE_DIRECT_URL is set, unless told otherwise', () => {
    expect(loadConfig({ DATABASE_URL: PRIMARY }).DATABASE_POOLER).toBe('none');
    expect(loadConfig({ DATABASE_URL: POOLER, DATABASE_DIRECT_URL: PRIMARY }).DATABASE_POOLER).toBe(
      'transaction',
    );
    expect(
      loadConfig({ DATABASE_URL: POOLER, DATABASE_DIRECT_URL: PRIMARY, DATABASE_POOLER: 'none' })
        .DATABASE_POOLER,
    ).toBe('none');
  });

  it('refuses a transaction pooler without the direct connection, and an unknown pooler mode', () => {
    expect(() => loadConfig({ DATABASE_URL: POOLER, DATABASE_POOLER: 'transaction' })).toThrow(
      /DATABASE_POOLER=transaction needs DATABASE_DIRECT_URL/,
    );
    expect(() => loadConfig({ DATABASE_URL: POOLER, DATABASE_POOLER: 'session' })).toThrow(/DATABASE_POOLER/);
  });
});
