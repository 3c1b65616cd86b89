import { contrast } from '@im/domain';
import { describe, expect, it } from 'vitest';
import { brandColors } from './brand';
import { customerPageScale } from './page-scale';

const rgb = (hex: string) =>
  [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16)) as [number, number, number];

describe('brand colours', () => {
  it.each([
    '#ffd400',
    '#f5f5f5',
    '#0f766e',
    '#000000',
    '#ffffff',
    '#e11d48',
    '#7fb3d5',
    '#abc',
    null,
    'rood',
  ])('reads at 4.5:1 or more for %s: button text on the button, the ink on white', (color) => {
    const c = brandColors(color);
    expect(contrast(rgb(c.buttonText), rgb(c.button))).toBeGreaterThanOrEqual(4.5);
    expect(contrast(rgb(c.ink), [255, 255, 255])).toBeGreaterThanOrEqual(4.5);
  });

  it('keeps a dark brand colour as it is and puts white text on it', () => {
    expect(brandColors('#0f766e')).toEqual({ button: '#0f766e', buttonText: '#ffffff', ink: '#0f766e' });
    expect(brandColors('#ffd400').buttonText).toBe('#000000');
  });
});

describe('customer page scale (spec 002 section 9, decision 020)', () => {
  it('scales between 600 and 793 px, not on a phone or wider screens', () => {
    expect(customerPageScale(390)).toBe(1);
    expect(customerPageScale(700)).toBeCloseTo(700 / 793);
    expect(customerPageScale(793)).toBe(1);
    expect(customerPageScale(1280)).toBe(1);
  });
});
