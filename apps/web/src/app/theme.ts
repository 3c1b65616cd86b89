import { createTheme } from '@mantine/core';

// Spec 000 section 9: breakpoints 480, 768, 992, 1200 px (em at a 16 px root).
export const theme = createTheme({
  primaryColor: 'blue',
  defaultRadius: 'sm',
  breakpoints: { xs: '30em', sm: '48em', md: '62em', lg: '75em', xl: '88em' },
});

/** Top bar colour of companies with the ADMIN module. */
export const ADMIN_TOP_BAR_COLOR = 'var(--mantine-color-grape-8)';
