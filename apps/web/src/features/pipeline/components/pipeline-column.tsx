import { useDraggable, useDroppable } from '@dnd-kit/core';
import { FLOW_STATUS_LABELS, formatEuro } from '@im/domain';
import { Badge, Group, Paper, Text } from '@mantine/core';
import { observeElementRect, useVirtualizer } from '@tanstack/react-virtual';
import { memo, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { columnAmount } from '../board-state';
import type { PipelineColumn as Column, PipelineLead } from '../types';
import { PipelineCard } from './pipeline-card';

export const COLUMN_WIDTH = 280;
const CARD_ESTIMATE = 132;
const GAP = 6;
const NUMBER = new Intl.NumberFormat('nl-NL');
const FALLBACK_RECT = { width: COLUMN_WIDTH, height: 800 };

/** One column: a drop target whose cards are virtualised, so 10 000 cards cost as much as 20. */
export function PipelineColumn({
  column,
  height,
  width = COLUMN_WIDTH,
}: {
  column: Column;
  height: number | string;
  width?: number | string;
}) {
  const { t } = useTranslation();
  const { setNodeRef, isOver } = useDroppable({ id: column.flow_status });
  const label = FLOW_STATUS_LABELS[column.flow_status];
  const amount = useMemo(() => columnAmount(column.leads), [column.leads]);
  return (
    <Paper
      ref={setNodeRef}
      withBorder
      radius="md"
      bg={isOver ? 'var(--mantine-color-blue-1)' : 'var(--mantine-color-gray-0)'}
      w={width}
      style={{ flexShrink: 0, display: 'flex', flexDirection: 'column', height, scrollSnapAlign: 'start' }}
      role="region"
      aria-label={label}
      data-column={column.flow_status}
    >
      <Group
        justify="space-between"
        px="sm"
        py={6}
        style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}
      >
        <div style={{ minWidth: 0 }}>
          <Text fw={700} size="sm">
            {label}
          </Text>
          {amount !== null && (
            <Text
              size="xs"
              c="dimmed"
              data-testid="column-amount"
              title={t(column.leads.length < column.total ? 'pipeline.amountShown' : 'pipeline.amountAll')}
            >
              {formatEuro(amount)}
            </Text>
          )}
        </div>
        <Badge variant="light" color="gray" aria-label={t('pipeline.total', { count: column.total })}>
          {column.leads.length < column.total
            ? `${NUMBER.format(column.leads.length)}/${NUMBER.format(column.total)}`
            : NUMBER.format(column.total)}
        </Badge>
      </Group>
      <CardList leads={column.leads} />
    </Paper>
  );
}

// Separate and memoised: hovering a column re-renders its frame, not its list.
const CardList = memo(function CardList({ leads }: { leads: PipelineLead[] }) {
  const { t } = useTranslation();
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: leads.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => CARD_ESTIMATE,
    getItemKey: (index) => leads[index]?.id ?? index,
    overscan: 6,
    gap: GAP,
    paddingStart: GAP,
    paddingEnd: GAP,
    // Before layout (first paint, jsdom) a column measures 0 px: assume a screen's height.
    initialRect: FALLBACK_RECT,
    observeElementRect: (instance, onRect) =>
      observeElementRect(instance, (rect) => onRect(rect.height > 0 ? rect : FALLBACK_RECT)),
  });

  return (
    <div
      ref={scrollRef}
      style={{ flex: 1, overflowY: 'auto', contain: 'strict' }}
      data-testid="pipeline-scroll"
    >
      {leads.length === 0 && (
        <Text size="xs" c="dimmed" ta="center" mt="md">
          {t('pipeline.emptyColumn')}
        </Text>
      )}
      <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
        {virtualizer.getVirtualItems().map((item) => {
          const lead = leads[item.index];
          if (!lead) return null;
          return (
            <div
              key={item.key}
              data-index={item.index}
              ref={virtualizer.measureElement}
              style={{
                position: 'absolute',
                top: 0,
                left: GAP,
                right: GAP,
                transform: `translateY(${item.start}px)`,
              }}
            >
              <DraggableCard lead={lead} />
            </div>
          );
        })}
      </div>
    </div>
  );
});

function DraggableCard({ lead }: { lead: PipelineLead }) {
  // A group rather than a button: the card holds a link to the relation, and a button may not.
  const { attributes, listeners, setNodeRef, isDragging } = useDraggable({
    id: lead.id,
    data: { lead },
    attributes: { role: 'group' },
  });
  return (
    <div
      ref={setNodeRef}
      {...attributes}
      {...listeners}
      // A finger may still scroll over a card (the drag starts after a long press, see the board).
      style={{ opacity: isDragging ? 0.35 : 1, touchAction: 'manipulation' }}
      data-lead-id={lead.id}
    >
      <PipelineCard lead={lead} />
    </div>
  );
}
