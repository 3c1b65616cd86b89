import type { StatboxTheme } from '@im/domain';

/** The Mantine colour of each statbox theme of spec 000 section 9. */
export const STATBOX_COLORS: Record<StatboxTheme, string> = {
  primary: 'blue',
  light: 'gray',
  info: 'cyan',
  danger: 'red',
  warning: 'orange',
  success: 'teal',
  green: 'green',
  purple: 'grape',
};
