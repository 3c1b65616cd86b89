import { DEFAULT_THEME, mergeThemeOverrides } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { contrast, cssVariablesResolver, theme } from './theme';

describe('theme', () => {
  const full = mergeThemeOverrides(DEFAULT_THEME, theme) as typeof DEFAULT_THEME;
  const light = cssVariablesResolver(full).light;

  it('gives every colour light-variant text of at least 4.5:1 at rest and under the pointer', () => {
    for (const [name, shades] of Object.entries(full.colors)) {
      const text = light[`--mantine-color-${name}-light-color`]!;
      expect(contrast(text, shades[1]), `${name} at rest`).toBeGreaterThanOrEqual(4.5);
      expect(contrast(text, shades[2]), `${name} hovered`).toBeGreaterThanOrEqual(4.5);
    }
  });
});
