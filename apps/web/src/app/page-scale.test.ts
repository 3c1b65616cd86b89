import { describe, expect, it } from 'vitest';
import { pageScaleFor } from './page-scale';

describe('page scale', () => {
  it('scales the page down below 793 px and leaves wider screens alone', () => {
    expect(pageScaleFor(1200)).toBe(1);
    expect(pageScaleFor(793)).toBe(1);
    expect(pageScaleFor(396.5)).toBeCloseTo(0.5);
    expect(pageScaleFor(375)).toBeCloseTo(375 / 793);
  });
});
