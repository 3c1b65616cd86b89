import { describe, expect, it } from 'vitest';
import { pageWindow, totalPagesOf } from './page-window';

describe('full-number paging window', () => {
  it('shows 5 page numbers centred on the current page', () => {
    expect(pageWindow(5, 10)).toEqual([3, 4, 5, 6, 7]);
    expect(pageWindow(6, 20)).toEqual([4, 5, 6, 7, 8]);
  });

  it('shifts the window at the edges instead of shrinking it', () => {
    expect(pageWindow(1, 10)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(2, 10)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(9, 10)).toEqual([6, 7, 8, 9, 10]);
    expect(pageWindow(10, 10)).toEqual([6, 7, 8, 9, 10]);
  });

  it('shows all pages when there are 5 or fewer, and none without data', () => {
    expect(pageWindow(2, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(1, 0)).toEqual([]);
  });

  it('clamps a current page outside the range', () => {
    expect(pageWindow(40, 10)).toEqual([6, 7, 8, 9, 10]);
    expect(pageWindow(0, 10)).toEqual([1, 2, 3, 4, 5]);
  });

  it('counts pages of 25', () => {
    expect(totalPagesOf(0, 25)).toBe(0);
    expect(totalPagesOf(25, 25)).toBe(1);
    expect(totalPagesOf(26, 25)).toBe(2);
  });
});
