// Spec themes (statbox and alert styles, THEMES in @im/domain) onto Mantine colours; used by the
// system notification banners and the preview in their editor.
const THEME_COLORS: Record<string, string> = {
  primary: 'blue',
  light: 'gray',
  info: 'cyan',
  danger: 'red',
  warning: 'yellow',
  success: 'green',
  green: 'teal',
  purple: 'grape',
};

export function themeAlertProps(theme: string): { color: string; variant: 'light' | 'outline' } {
  return { color: THEME_COLORS[theme] ?? 'blue', variant: theme === 'light' ? 'outline' : 'light' };
}
