import { Anchor, Group } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** The small row of links under an auth form. */
export function AuthLinks({ links }: { links: { to: string; label: ReactNode }[] }) {
  return (
    <Group justify="space-between" mt="md" gap="xs">
      {links.map((link) => (
        <Anchor key={link.to} component={Link} to={link.to} size="sm">
          {link.label}
        </Anchor>
      ))}
    </Group>
  );
}
