import { describe, expect, it } from 'vitest';
import { cachedReads, type RawRead } from './database';

describe('cachedReads', () => {
  it('builds a read once per key (compared as JSON) and forgets the one used longest ago', () => {
    const built: string[] = [];
    const read = cachedReads(2, (k: { status?: string; limit: number }): RawRead<number> => {
      built.push(JSON.stringify(k));
      return { text: `select ${k.limit}`, values: [k.status], map: () => k.limit };
    });
    const a = read({ status: 'new', limit: 10 });
    expect(read({ status: 'new', limit: 10 })).toBe(a);
    expect(read({ limit: 10, status: 'new' })).not.toBe(a); // another key order is another key
    read({ status: undefined, limit: 5 });
    expect(read({ limit: 5 })).toBe(read({ status: undefined, limit: 5 })); // undefined is no key
    // Size 2: the third key made the cache forget the first (used longest ago), so it is built again.
    expect(built).toHaveLength(3);
    read({ status: 'new', limit: 10 });
    expect(built).toHaveLength(4);
    expect(read({ limit: 5 }).text).toBe('select 5');
    expect(built).toHaveLength(4);
  });
});
