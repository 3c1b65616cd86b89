import {
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  TouchSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import {
  arrayMove,
  SortableContext,
  sortableKeyboardCoordinates,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { FORM_MESSAGES, type VerticalDataField, type VerticalDetail } from '@im/domain';
import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { type PointerEvent as ReactPointerEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showActionError } from '../../../ui/alert-dialog';
import { confirm } from '../../../ui/confirm-dialog';
import { useIsPhone } from '../../../ui/responsive';
import { toast } from '../../../ui/toasts';
import { FieldModal } from '../modals/field.modal';
import { useFieldMutations } from '../queries';
import { FieldCard } from './field-card';

/** Decision 020: a finger drags after a long press, so a swipe still scrolls the page. */
const LONG_PRESS_MS = 250;

/** Mouse and pen drag through pointer events; a finger is left to the TouchSensor (long press). */
class NoTouchPointerSensor extends PointerSensor {
  static override activators = PointerSensor.activators.map((activator) => ({
    ...activator,
    handler: (event: ReactPointerEvent, options: Parameters<typeof activator.handler>[1]) =>
      event.nativeEvent.pointerType !== 'touch' && activator.handler(event, options),
  }));
}

/** The fields in order of their order number, so a stale answer can never shuffle the list. */
export function fieldsInOrder(fields: readonly VerticalDataField[]): VerticalDataField[] {
  return [...fields].sort((a, b) => a.order - b.order || a.id - b.id);
}

/** Where a field moves to when dropped on another: its new 1-based position, or null for no move. */
export function moveTarget(
  fields: readonly VerticalDataField[],
  activeId: number,
  overId: number,
): { order: number; ordered: VerticalDataField[] } | null {
  const from = fields.findIndex((f) => f.id === activeId);
  const to = fields.findIndex((f) => f.id === overId);
  if (from < 0 || to < 0 || from === to) return null;
  return { order: to + 1, ordered: arrayMove([...fields], from, to) };
}

// null: closed; 'new': a new field; else that field.
type Editing = VerticalDataField | 'new' | null;

/** The form's data fields: drag (mouse, long press, keyboard) to reorder, add, edit, duplicate, delete. */
export function FieldList({ vertical }: { vertical: VerticalDetail }) {
  const { t } = useTranslation();
  const isPhone = useIsPhone();
  const fields = fieldsInOrder(vertical.verticaldatafields);
  const mutations = useFieldMutations(vertical.id);
  const [editing, setEditing] = useState<Editing>(null);
  const sensors = useSensors(
    useSensor(NoTouchPointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: LONG_PRESS_MS, tolerance: 8 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over) return;
    const move = moveTarget(fields, Number(active.id), Number(over.id));
    if (!move) return;
    mutations.move.mutate({ id: Number(active.id), ...move }, { onError: (e) => showActionError(e) });
  };

  const onDuplicate = async (field: VerticalDataField) => {
    const isConfirmed = await confirm({
      title: t('verticals.duplicateFieldTitle'),
      message: FORM_MESSAGES.confirmDuplicate,
      confirmLabel: t('common.duplicate'),
    });
    if (!isConfirmed) return;
    mutations.duplicate.mutate(field.id, {
      onSuccess: () => toast.success(t('verticals.fieldDuplicated')),
      onError: (e) => showActionError(e),
    });
  };

  const onDelete = async (field: VerticalDataField) => {
    const isConfirmed = await confirm({
      title: t('verticals.deleteFieldTitle'),
      message: FORM_MESSAGES.confirmDeleteField,
      confirmLabel: t('common.delete'),
      isDanger: true,
    });
    if (!isConfirmed) return;
    mutations.remove.mutate(field.id, {
      onSuccess: (answer) => toast.success(answer.message),
      onError: (e) => showActionError(e),
    });
  };

  return (
    <Card withBorder padding={isPhone ? 'xs' : 'md'} component="section" aria-label={t('common.fields')}>
      <Group justify="space-between" mb="sm" wrap="wrap" gap="xs">
        <Title order={2} size="h4">
          {t('common.fields')}
        </Title>
        <Button size="xs" leftSection={<IconPlus size={14} />} onClick={() => setEditing('new')}>
          {t('verticals.addField')}
        </Button>
      </Group>
      {fields.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('verticals.noFields')}
        </Text>
      )}
      <DndContext
        sensors={sensors}
        collisionDetection={closestCenter}
        onDragEnd={onDragEnd}
        accessibility={{ screenReaderInstructions: { draggable: t('verticals.dragInstructions') } }}
      >
        <SortableContext items={fields.map((f) => f.id)} strategy={verticalListSortingStrategy}>
          <Stack gap={6}>
            {fields.map((field, index) => (
              <FieldCard
                key={field.id}
                field={field}
                index={index}
                onEdit={setEditing}
                onDuplicate={(f) => void onDuplicate(f)}
                onDelete={(f) => void onDelete(f)}
              />
            ))}
          </Stack>
        </SortableContext>
      </DndContext>
      <FieldModal
        vertical={vertical}
        field={editing === 'new' ? null : editing}
        opened={editing !== null}
        onClose={() => setEditing(null)}
      />
    </Card>
  );
}
