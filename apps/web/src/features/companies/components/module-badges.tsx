import { Badge, Group } from '@mantine/core';

export function ModuleBadges({ tags }: { tags: readonly string[] }) {
  return (
    <Group gap={4}>
      {tags.map((tag) => (
        <Badge key={tag} size="xs" variant="light" c="blue.9">
          {tag}
        </Badge>
      ))}
    </Group>
  );
}
