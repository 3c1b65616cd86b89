import { type CSSVariablesResolver, createTheme } from '@mantine/core';
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
  // Light-variant blue text (active side-menu entry, light badges and buttons) likewise.
  light: {
    '--mantine-color-dimmed': t.colors.gray[7],
    '--mantine-color-blue-light-color': t.colors.blue[9],
    '--mantine-primary-color-light-color': t.colors.blue[9],
    '--mantine-primary-color-light-hover': t.colors.blue[1],
  },
  dark: {},
});

/** Top bar colour of companies with the ADMIN module. */
export const ADMIN_TOP_BAR_COLOR = 'var(--mantine-color-grape-8)';
