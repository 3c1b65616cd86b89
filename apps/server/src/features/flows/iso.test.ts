import { describe, expect, it } from 'vitest';
import { isoFast } from '../../platform/db/iso';
import { toIso } from '../../platform/http/dates';
import { parseTextQuery } from './flow-filters';

describe('isoFast', () => {
  it('formats exactly like toIso, around both daylight-saving changes and across years', () => {
    const moments = [
      Date.UTC(2026, 2, 29, 0, 59, 59),
      Date.UTC(2026, 2, 29, 1, 0, 0),
      Date.UTC(2026, 9, 25, 0, 59, 59),
      Date.UTC(2026, 9, 25, 1, 0, 0),
      Date.UTC(2025, 11, 31, 23, 30, 0),
      Date.UTC(2027, 6, 1, 12, 0, 0, 999),
    ];
    for (let ms = Date.UTC(2025, 0, 1); ms < Date.UTC(2027, 0, 1); ms += 7_777_777) moments.push(ms);
    // Microseconds from PostgreSQL (epoch milliseconds with a fraction), the last instant of an hour,
    // and times before 1970.
    moments.push(Date.UTC(2026, 10, 27, 23, 59, 59, 999) + 0.999, Date.UTC(2026, 4, 6, 7, 8, 9) + 0.456);
    moments.push(Date.UTC(1969, 6, 20, 20, 17, 40), Date.UTC(1965, 0, 1, 0, 0, 0) - 0.5);
    for (const ms of moments) expect(isoFast(ms)).toBe(toIso(new Date(ms)));
    expect(isoFast(new Date(moments[0]!))).toBe(toIso(new Date(moments[0]!)));
  });
});

describe('parseTextQuery', () => {
  it('keeps words of 3+ characters, lower case, once; a 1- or 2-digit query is a flow number', () => {
    expect(parseTextQuery('  Jansen  de ZWOLLE jansen ')).toEqual({ words: ['jansen', 'zwolle'] });
    expect(parseTextQuery('42')).toEqual({ words: [], number: 42 });
    expect(parseTextQuery('1042')).toEqual({ words: ['1042'] });
    expect(parseTextQuery('de')).toEqual({ words: [] });
    expect(parseTextQuery(undefined)).toEqual({ words: [] });
  });
});
