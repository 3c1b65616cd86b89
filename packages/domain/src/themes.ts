/** Alert styles of system notifications and statbox widgets (spec 000 section 9). */
export const THEMES = [
  'primary',
  'light',
  'info',
  'danger',
  'warning',
  'success',
  'green',
  'purple',
] as const;
export type Theme = (typeof THEMES)[number];
