import { closestCenter, DndContext, type DragEndEvent } from '@dnd-kit/core';
import {
  arrayMove,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import {
  ActionIcon,
  Button,
  Card,
  Group,
  type MantineSpacing,
  Paper,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconGripVertical, IconPlus } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useDragSensors } from './drag-sensors';

export interface SortableMove<T> {
  id: number;
  /** The new 1-based position. */
  order: number;
  /** The list as it is after the move. */
  ordered: T[];
}

/** Where an item moves to when dropped on another: its new 1-based position, or null for no move. */
export function moveTarget<T extends { id: number }>(
  items: readonly T[],
  activeId: number,
  overId: number,
): SortableMove<T> | null {
  const from = items.findIndex((item) => item.id === activeId);
  const to = items.findIndex((item) => item.id === overId);
  if (from < 0 || to < 0 || from === to) return null;
  return { id: activeId, order: to + 1, ordered: arrayMove([...items], from, to) };
}

interface SortableCardListProps<T extends { id: number }> {
  /** The heading, also the section's accessible name. */
  title: string;
  addLabel: string;
  onAdd: () => void;
  /** Shown when there are no items. */
  emptyText: string;
  /** What a screen reader says on a drag handle. */
  dragInstructions: string;
  items: readonly T[];
  onMove: (move: SortableMove<T>) => void;
  padding?: MantineSpacing;
  /** The cards (`SortableCard`), one per item in the same order. */
  children: ReactNode;
  /** Modals and the like after the list. */
  extra?: ReactNode;
  /** Above the list and its empty text (a filter of which items show). */
  header?: ReactNode;
}

/** A card with a heading, an add button and its items as cards: drag (mouse, long press, keyboard) to reorder. */
export function SortableCardList<T extends { id: number }>({
  title,
  addLabel,
  onAdd,
  emptyText,
  dragInstructions,
  items,
  onMove,
  padding = 'md',
  children,
  extra,
  header,
}: SortableCardListProps<T>) {
  const sensors = useDragSensors({ coordinateGetter: sortableKeyboardCoordinates });

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over) return;
    const move = moveTarget(items, Number(active.id), Number(over.id));
    if (move) onMove(move);
  };

  return (
    <Card withBorder padding={padding} component="section" aria-label={title}>
      <Group justify="space-between" mb="sm" wrap="wrap" gap="xs">
        <Title order={2} size="h4">
          {title}
        </Title>
        <Button size="xs" leftSection={<IconPlus size={14} />} onClick={onAdd}>
          {addLabel}
        </Button>
      </Group>
      {header}
      {items.length === 0 && (
        <Text size="sm" c="dimmed">
          {emptyText}
        </Text>
      )}
      <DndContext
        sensors={sensors}
        collisionDetection={closestCenter}
        onDragEnd={onDragEnd}
        accessibility={{ screenReaderInstructions: { draggable: dragInstructions } }}
      >
        <SortableContext items={items.map((item) => item.id)} strategy={verticalListSortingStrategy}>
          <Stack gap={6}>{children}</Stack>
        </SortableContext>
      </DndContext>
      {extra}
    </Card>
  );
}

interface SortableCardProps {
  id: number;
  /** The drag handle's accessible name. */
  handleLabel: string;
  /** `data-*` attributes of the card (test id, index). */
  data: Record<`data-${string}`, string | number>;
  /** What follows the drag handle in the card's row. */
  children: ReactNode;
}

/** One card of a `SortableCardList`: a drag handle and its content in one row. */
export function SortableCard({ id, handleLabel, data, children }: SortableCardProps) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({ id });
  return (
    <Paper
      ref={setNodeRef}
      withBorder
      p="xs"
      radius="sm"
      {...data}
      style={{
        transform: CSS.Transform.toString(transform),
        transition,
        opacity: isDragging ? 0.6 : 1,
        position: 'relative',
        zIndex: isDragging ? 2 : undefined,
        touchAction: 'manipulation',
      }}
    >
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <ActionIcon
          ref={setActivatorNodeRef}
          variant="subtle"
          color="gray"
          size="lg"
          aria-label={handleLabel}
          style={{ cursor: 'grab', touchAction: 'none', flexShrink: 0 }}
          {...attributes}
          {...listeners}
        >
          <IconGripVertical size={18} />
        </ActionIcon>
        {children}
      </Group>
    </Paper>
  );
}
