import { describe, expect, it } from 'vitest';
import { dispositionFilename } from './download';

describe('dispositionFilename', () => {
  it('prefers the UTF-8 name, then the plain one', () => {
    expect(dispositionFilename(`attachment; filename="a_b.xlsx"; filename*=UTF-8''a%C3%A9b.xlsx`)).toBe(
      'aéb.xlsx',
    );
    expect(dispositionFilename('attachment; filename="statistieken-3.csv"')).toBe('statistieken-3.csv');
    expect(dispositionFilename(null)).toBeNull();
  });
});
