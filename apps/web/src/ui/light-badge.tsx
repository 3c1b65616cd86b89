import { Badge } from '@mantine/core';

/** Text on the light badge: dark enough for WCAG AA (4.5:1) on each light background. */
const TEXT = {
  gray: '#3d4148',
  blue: '#1c4f8c',
  green: '#1e6b30',
  red: '#a51d1d',
  dark: '#1f2125',
  orange: '#8a3208',
} as const;
export type LightBadgeColor = keyof typeof TEXT;

/** A status as a light badge whose text meets the contrast rule. */
export function LightBadge({
  color,
  size,
  children,
}: {
  color: LightBadgeColor;
  size?: 'sm' | 'md';
  children: string;
}) {
  return (
    <Badge color={color} c={TEXT[color]} variant="light" size={size} style={{ flexShrink: 0 }}>
      {children}
    </Badge>
  );
}
