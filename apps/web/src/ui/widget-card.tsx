import { Anchor, Badge, Button, Card, Chip, Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** A dashboard widget: a card with a title, a link to the full overview and its content. */
export function WidgetCard({
  title,
  count,
  link,
  children,
  testId,
}: {
  title: string;
  /** A counter beside the title (capped counts show as 100+). */
  count?: number;
  link?: { to: string; label: string };
  children: ReactNode;
  testId?: string;
}) {
  return (
    <Card withBorder padding="lg" data-testid={testId}>
      <Group justify="space-between" mb="sm" wrap="nowrap">
        <Group gap="xs" wrap="nowrap">
          <Title order={2} size="h4">
            {title}
          </Title>
          {count !== undefined && count > 0 && (
            <Badge variant="light" radius="sm">
              {formatCount(count)}
            </Badge>
          )}
        </Group>
        {link && (
          <Anchor component={Link} to={link.to} size="sm" style={{ flexShrink: 0 }}>
            {link.label}
          </Anchor>
        )}
      </Group>
      {children}
    </Card>
  );
}

/** Dashboard counts are capped at 100: more shows as 100+. */
export function formatCount(n: number, cap = 100): string {
  return n >= cap ? `${cap}+` : String(n);
}

/** Spec 001 section 9: dashboard lists grow by 5 at a time or show all. */
export function GrowButtons({
  shown,
  limit,
  all,
  onMore,
  onAll,
}: {
  shown: number;
  limit: number;
  all: number;
  onMore: () => void;
  onAll: () => void;
}) {
  const { t } = useTranslation();
  if (shown < limit || limit >= all) return null;
  return (
    <Group gap="xs" mt="sm">
      <Button size="xs" variant="light" onClick={onMore}>
        {t('dashboard.widgets.more')}
      </Button>
      <Button size="xs" variant="subtle" onClick={onAll}>
        {t('common.showAll')}
      </Button>
    </Group>
  );
}

/** A widget's filter as chips that wrap on a phone, each with its count (capped at 100). */
export function FilterChips<T extends string>({
  value,
  options,
  onChange,
  label,
}: {
  value: T;
  options: { value: T; label: string; count?: number }[];
  onChange: (value: T) => void;
  /** The group's name for screen readers. */
  label: string;
}) {
  return (
    <Chip.Group multiple={false} value={value} onChange={(v) => onChange(v as T)}>
      <Group gap="xs" mb="sm" role="radiogroup" aria-label={label}>
        {options.map((o) => (
          <Chip key={o.value} value={o.value} type="radio" size="sm" variant="outline">
            {o.count === undefined ? o.label : `${o.label} (${formatCount(o.count)})`}
          </Chip>
        ))}
      </Group>
    </Chip.Group>
  );
}

/** A row of a dashboard list: a link (to the flow) with a badge beside it and a line of details below. */
export function WidgetRow({
  to,
  title,
  badge,
  meta,
}: {
  to: string;
  title: string;
  badge?: ReactNode;
  meta: string;
}) {
  return (
    <Stack gap={2}>
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Anchor component={Link} to={to} size="sm" style={{ overflowWrap: 'anywhere' }}>
          {title}
        </Anchor>
        {badge}
      </Group>
      <Text size="xs" c="dimmed" lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
        {meta}
      </Text>
    </Stack>
  );
}
