import { describe, expect, it } from 'vitest';
import { contrast, readableTextColor, rgbOf } from './colors';
import { TASK_TYPE_COLORS } from './planning/tasks';

describe('readable text on a colour', () => {
  it('picks the text colour with the higher contrast', () => {
    expect(readableTextColor('#f59f00')).toBe('#000000');
    expect(readableTextColor('#1864ab')).toBe('#ffffff');
    expect(readableTextColor('not a colour')).toBe('#ffffff');
  });

  it('keeps every task type colour readable at 4.5:1 or more', () => {
    for (const color of Object.values(TASK_TYPE_COLORS)) {
      const text = rgbOf(readableTextColor(color))!;
      expect(contrast(rgbOf(color)!, text)).toBeGreaterThanOrEqual(4.5);
    }
  });
});
