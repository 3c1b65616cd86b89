import { describe, expect, it } from 'vitest';
import { pageScaleFor } from './page-scale';

describe('page scale', () => {
  it('scales the page down from 600 to 793 px and leaves wider screens alone', () => {
    expect(pageScaleFor(1200)).toBe(1);
    expect(pageScaleFor(793)).toBe(1);
    expect(pageScaleFor(700)).toBeCloseTo(700 / 793);
    expect(pageScaleFor(600)).toBeCloseTo(600 / 793);
  });

  it('leaves a phone (below 600 px) at full size: it has its own layout', () => {
    expect(pageScaleFor(599)).toBe(1);
    expect(pageScaleFor(390)).toBe(1);
  });
});
