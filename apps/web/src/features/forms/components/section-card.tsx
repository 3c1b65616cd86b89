import { Card, Group, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A titled section of a stage screen (intake, project, aftercare, settings), with actions beside the title. */
export function SectionCard({
  title,
  children,
  actions,
}: {
  title: string;
  children: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <Card withBorder padding="md" component="section" aria-label={title}>
      <Group justify="space-between" mb="sm" wrap="wrap" gap="xs">
        <Title order={2} size="h4">
          {title}
        </Title>
        {actions}
      </Group>
      {children}
    </Card>
  );
}
