import { ActionIcon, Button, Group, Text } from '@mantine/core';
import { IconChevronLeft, IconChevronRight, IconChevronsLeft, IconChevronsRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { pageWindow, totalPagesOf } from './page-window';

interface FullNumberPagerProps {
  page: number;
  pageSize: number;
  total: number;
  /** More matched than `total`: the range says "van meer dan". */
  capped?: boolean;
  onPageChange: (page: number) => void;
}

export function FullNumberPager({
  page,
  pageSize,
  total,
  capped = false,
  onPageChange,
}: FullNumberPagerProps) {
  const { t } = useTranslation();
  const totalPages = totalPagesOf(total, pageSize);
  if (totalPages === 0) return null;
  const from = (page - 1) * pageSize + 1;
  const to = Math.min(page * pageSize, total);
  const isFirst = page <= 1;
  const isLast = page >= totalPages;

  return (
    <Group justify="space-between" p="xs" wrap="wrap" gap="xs">
      <Text size="sm" c="dimmed">
        {t(capped ? 'ui.tableRangeCapped' : 'ui.tableRange', { from, to, total })}
      </Text>
      <Group gap={4} component="nav" aria-label={t('ui.tablePage', { page })}>
        <ActionIcon
          variant="default"
          disabled={isFirst}
          onClick={() => onPageChange(1)}
          aria-label={t('ui.tableFirst')}
        >
          <IconChevronsLeft size={14} />
        </ActionIcon>
        <ActionIcon
          variant="default"
          disabled={isFirst}
          onClick={() => onPageChange(page - 1)}
          aria-label={t('ui.tablePrevious')}
        >
          <IconChevronLeft size={14} />
        </ActionIcon>
        {pageWindow(page, totalPages).map((n) => (
          <Button
            key={n}
            size="compact-sm"
            variant={n === page ? 'filled' : 'default'}
            aria-current={n === page ? 'page' : undefined}
            aria-label={t('ui.tablePage', { page: n })}
            onClick={() => onPageChange(n)}
          >
            {n}
          </Button>
        ))}
        <ActionIcon
          variant="default"
          disabled={isLast}
          onClick={() => onPageChange(page + 1)}
          aria-label={t('ui.tableNext')}
        >
          <IconChevronRight size={14} />
        </ActionIcon>
        <ActionIcon
          variant="default"
          disabled={isLast}
          onClick={() => onPageChange(totalPages)}
          aria-label={t('ui.tableLast')}
        >
          <IconChevronsRight size={14} />
        </ActionIcon>
      </Group>
    </Group>
  );
}
