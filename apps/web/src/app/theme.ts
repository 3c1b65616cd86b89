import { type CSSVariablesResolver, createTheme, darken, luminance, type MantineTheme } from '@mantine/core';
import { FOCUSABLE_SCROLL } from '../ui/data-table/focusable-scroll';

// Spec 000 section 9: breakpoints 480, 768, 992, 1200 px (em at a 16 px root).
// Shade 8 of blue and a darker "dimmed" grey keep text at WCAG AA contrast (4.5:1) on white and
// on the light grey page background; Mantine's defaults (shade 6, gray.6) fall short.
export const theme = createTheme({
  primaryColor: 'blue',
  primaryShade: { light: 8, dark: 6 },
  defaultRadius: 'sm',
  breakpoints: { xs: '30em', sm: '48em', md: '62em', lg: '75em', xl: '88em' },
  // Plain objects rather than Component.extend(): the theme loads with the login screen, these
  // components do not.
  components: {
    // A table that scrolls sideways can be scrolled from the keyboard too (axe scrollable-region-focusable).
    TableScrollContainer: { defaultProps: { scrollAreaProps: FOCUSABLE_SCROLL } },
    // The eye dropper (shown where the browser offers one) is an icon button: it needs a name.
    ColorInput: { defaultProps: { eyeDropperButtonProps: { 'aria-label': 'Kleur van het scherm kiezen' } } },
  },
});

export const cssVariablesResolver: CSSVariablesResolver = (t) => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': t.colors.gray[7],
    ...lightVariantTextColors(t),
  },
  dark: {},
});

/** WCAG AA for normal text. */
const AA_CONTRAST = 4.5;

/** WCAG contrast ratio of two colours. */
export function contrast(a: string, b: string): number {
  const [high, low] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (high + 0.05) / (low + 0.05);
}

/**
 * Light-variant text (light and subtle buttons, light badges, the active side-menu entry) is shade 9 on
 * shade 1, and on shade 2 under the pointer: for most colours shade 9 falls short of 4.5:1 there. Each
 * colour's light text is darkened in steps until it meets AA on the hover shade, so a hovered button
 * reads as well as a resting one.
 */
function lightVariantTextColors(t: MantineTheme): Record<string, string> {
  const variables: Record<string, string> = {};
  for (const [name, shades] of Object.entries(t.colors)) {
    let text: string = shades[9];
    for (let step = 1; contrast(text, shades[2]) < AA_CONTRAST && step <= 10; step++) {
      text = darken(shades[9], step * 0.05);
    }
    variables[`--mantine-color-${name}-light-color`] = text;
  }
  return variables;
}

/** Top bar colour of companies with the ADMIN module. */
export const ADMIN_TOP_BAR_COLOR = 'var(--mantine-color-grape-8)';
