import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { ActionIcon } from '@mantine/core';
import { IconGripVertical } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** A line as a sortable item: its element ref, its style while dragged, and its drag handle (none when read-only). */
export function useSortableLine(id: number, isReadOnly?: boolean) {
  const { t } = useTranslation();
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({ id });
  const style = {
    transform: CSS.Transform.toString(transform),
    transition,
    opacity: isDragging ? 0.6 : undefined,
  };
  const handle = !isReadOnly && (
    <ActionIcon
      variant="subtle"
      color="gray"
      aria-label={t('calculations.reorder')}
      style={{ touchAction: 'none', cursor: 'grab' }}
      {...attributes}
      {...listeners}
    >
      <IconGripVertical size={16} />
    </ActionIcon>
  );
  return { setNodeRef, style, handle };
}
