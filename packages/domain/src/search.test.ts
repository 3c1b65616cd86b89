import { describe, expect, it } from 'vitest';
import { SEARCH_KINDS, searchKindsFor, searchTerms } from './search';

describe('search terms', () => {
  it('keeps postcodes, numbers, e-mail addresses and short words whole, longer words as prefixes', () => {
    expect(searchTerms('Asbest dak 1234 ab jan@voorbeeld.nl 1042')).toEqual([
      { text: 'asbest', exact: false },
      { text: 'dak', exact: true },
      { text: '1234ab', exact: true },
      { text: 'jan@voorbeeld.nl', exact: true },
      { text: '1042', exact: true },
    ]);
  });

  it('drops quotes, backslashes and operators, repeats, and words beyond eight', () => {
    expect(searchTerms(`"asbest' \\ & | ! :* (dak) asbest`).map((t) => t.text)).toEqual(['asbest', 'dak']);
    expect(searchTerms('a b c d e f g h i j')).toHaveLength(8);
    expect(searchTerms('x'.repeat(2000))[0]?.text).toHaveLength(50);
  });
});

describe('search kinds', () => {
  it('are the kinds whose screens the user may open', () => {
    const all = new Set([
      'BASIS',
      'CRM',
      'SETTINGS',
      'QUOTATION',
      'CONFIRMATION',
      'PROJECT',
      'INVOICE',
      'INTAKE',
    ]);
    expect(searchKindsFor({ modules: all, role: 1000 })).toEqual([...SEARCH_KINDS]);
    expect(searchKindsFor({ modules: new Set(['BASIS', 'CRM']), role: 100 })).not.toContain('invoice');
    expect(searchKindsFor({ modules: new Set(['BASIS', 'CRM']), role: 100 })).toContain('message');
  });
});
