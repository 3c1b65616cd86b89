import { Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** What a field shows for no value, so the row never looks broken. */
export const EMPTY_VALUE = '—';

function isEmpty(value: ReactNode): boolean {
  return value === null || value === undefined || value === '' || value === false;
}

export interface DetailFieldProps {
  label: ReactNode;
  children?: ReactNode;
  layout?: 'stacked' | 'inline';
  multiline?: boolean;
}

/**
 * A label and its value on a detail screen. `stacked` (the default) puts the label above the value;
 * `inline` puts it in a column of its own beside the value (a card of many short fields). A long value
 * (an e-mail address, a word without hyphens) wraps inside its card instead of running past its edge
 * on a phone; `multiline` keeps the value's own line breaks (a description typed in a textarea). An
 * empty value (nothing, '' or false; 0 is a value) shows a dash.
 */
export function DetailField({ label, children, layout = 'stacked', multiline = false }: DetailFieldProps) {
  const value = (
    <Text
      size="sm"
      component="div"
      miw={0}
      style={{ overflowWrap: 'anywhere', whiteSpace: multiline ? 'pre-wrap' : undefined }}
    >
      {isEmpty(children) ? EMPTY_VALUE : children}
    </Text>
  );
  if (layout === 'inline')
    return (
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <Text size="sm" c="dimmed" w={150} style={{ flexShrink: 0 }}>
          {label}
        </Text>
        {value}
      </Group>
    );
  return (
    <Stack gap={0} miw={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      {value}
    </Stack>
  );
}
