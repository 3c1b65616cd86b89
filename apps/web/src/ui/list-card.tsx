import { Alert, Button, Card, Group, type MantineSpacing, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { LoadingBlock } from './loading-block';

interface ListCardProps {
  title: ReactNode;
  /** The add button top right; none when read-only. */
  add?: { label: string; onClick: () => void };
  /** More buttons before the add button. */
  headerExtra?: ReactNode;
  /** A load error, shown above the list. */
  error?: string | false;
  /** Holds the list's place while it loads; leave out to show nothing while loading. */
  isLoading?: boolean;
  /** Shown instead of the rows when the list is empty. */
  emptyText?: string | false;
  gap?: MantineSpacing;
  /** The rows. */
  children: ReactNode;
  /** What follows the rows (a switch, the modals). */
  after?: ReactNode;
}

/**
 * A record's list on a detail screen (actions, notes, tasks, agenda, incidents): a title with an add
 * button, a load error, a placeholder while loading, an empty text, and the rows.
 */
export function ListCard({
  title,
  add,
  headerExtra,
  error,
  isLoading,
  emptyText,
  gap = 'sm',
  children,
  after,
}: ListCardProps) {
  const addButton = add && (
    <Button size="xs" variant="light" leftSection={<IconPlus size={14} />} onClick={add.onClick}>
      {add.label}
    </Button>
  );
  return (
    <Card withBorder padding="lg">
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4">
          {title}
        </Title>
        {headerExtra ? (
          <Group gap="xs">
            {headerExtra}
            {addButton}
          </Group>
        ) : (
          addButton
        )}
      </Group>
      {error && <Alert color="red">{error}</Alert>}
      {isLoading !== undefined && <LoadingBlock when={isLoading} />}
      {emptyText && <Text c="dimmed">{emptyText}</Text>}
      <Stack gap={gap}>{children}</Stack>
      {after}
    </Card>
  );
}
