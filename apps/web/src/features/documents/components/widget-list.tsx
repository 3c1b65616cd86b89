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
import { DOCUMENT_TEXTS, type DocumentWidget, type SalesDocument, WIDGET_TAG_LABELS } from '@im/domain';
import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { PointerEvent as ReactPointerEvent } from 'react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showActionError } from '../../../ui/alert-dialog';
import { confirm } from '../../../ui/confirm-dialog';
import { toast } from '../../../ui/toasts';
import { ChoiceModal } from '../modals/choice.modal';
import { WidgetEditorModal } from '../modals/widget-editor.modal';
import { useWidgetMutations, useWidgetTypes } from '../queries';
import { WidgetCard } from './widget-card';

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

/** The document's widgets in order: drag (mouse, long press, keyboard) to move, add, edit, hide, remove. */
export function WidgetList({ document }: { document: SalesDocument }) {
  const { t } = useTranslation();
  const widgets = document.documentwidgets;
  const mutations = useWidgetMutations(document.kind, document.id);
  const [editing, setEditing] = useState<DocumentWidget | null>(null);
  // null: closed; 0: at the end; else after that widget.
  const [addingAfter, setAddingAfter] = useState<number | null>(null);
  const types = useWidgetTypes(addingAfter !== null);
  const sensors = useSensors(
    useSensor(NoTouchPointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: LONG_PRESS_MS, tolerance: 8 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = widgets.findIndex((w) => w.id === active.id);
    const to = widgets.findIndex((w) => w.id === over.id);
    if (from < 0 || to < 0) return;
    const ordered = arrayMove(widgets, from, to);
    mutations.move.mutate(
      { id: Number(active.id), order: to + 1, ordered },
      { onError: (e) => showActionError(e) },
    );
  };

  const onDelete = async (widget: DocumentWidget) => {
    const isConfirmed = await confirm({
      title: t('documents.deleteWidget'),
      message: DOCUMENT_TEXTS.deleteWidgetConfirm,
      confirmLabel: t('common.delete'),
      isDanger: true,
    });
    if (!isConfirmed) return;
    mutations.remove.mutate(widget.id, {
      onSuccess: () => toast.success(t('documents.widgetDeleted')),
      onError: (e) => showActionError(e),
    });
  };

  const onPersist = async (widget: DocumentWidget) => {
    const isConfirmed = await confirm({
      title: t('documents.persistWidget'),
      message: DOCUMENT_TEXTS.persistConfirm,
      confirmLabel: t('documents.persist'),
      isDanger: true,
    });
    if (!isConfirmed) return;
    mutations.persist.mutate(widget.id, {
      onSuccess: (answer) => toast.success(answer.message),
      onError: (e) => showActionError(e),
    });
  };

  const handlers = {
    onEdit: setEditing,
    onDuplicate: (widget: DocumentWidget) =>
      mutations.duplicate.mutate(widget.id, {
        onSuccess: () => toast.success(t('documents.widgetDuplicated')),
        onError: (e) => showActionError(e),
      }),
    onDelete,
    onToggleHidden: (widget: DocumentWidget) =>
      mutations.update.mutate(
        { id: widget.id, is_hidden: !widget.is_hidden },
        { onError: (e) => showActionError(e) },
      ),
    onAddAfter: (widget: DocumentWidget) => setAddingAfter(widget.id),
    onPersist,
  };

  return (
    <Card withBorder padding="md" component="section" aria-label={t('documents.widgets')}>
      <Group justify="space-between" mb="sm" wrap="wrap" gap="xs">
        <Title order={2} size="h4">
          {t('documents.widgets')}
        </Title>
        <Button size="xs" leftSection={<IconPlus size={14} />} onClick={() => setAddingAfter(0)}>
          {t('documents.addWidget')}
        </Button>
      </Group>
      {widgets.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('documents.noWidgets')}
        </Text>
      )}
      <DndContext
        sensors={sensors}
        collisionDetection={closestCenter}
        onDragEnd={onDragEnd}
        accessibility={{ screenReaderInstructions: { draggable: t('documents.dragInstructions') } }}
      >
        <SortableContext items={widgets.map((w) => w.id)} strategy={verticalListSortingStrategy}>
          <Stack gap={6}>
            {widgets.map((widget, index) => (
              <WidgetCard key={widget.id} widget={widget} index={index} {...handlers} />
            ))}
          </Stack>
        </SortableContext>
      </DndContext>
      <ChoiceModal
        opened={addingAfter !== null}
        onClose={() => setAddingAfter(null)}
        title={addingAfter ? t('documents.addWidgetAfter') : t('documents.addWidget')}
        label={t('documents.widgetType')}
        options={types.data
          ?.filter((type) => type.is_active && type.available)
          .map((type) => ({
            value: String(type.id),
            label: type.description || WIDGET_TAG_LABELS[type.tag],
          }))}
        submitLabel={t('documents.addWidget')}
        onSubmit={async (typeId) => {
          const created = await mutations.add.mutateAsync({
            document_widget_type_id: Number(typeId),
            ...(addingAfter ? { after_id: addingAfter } : {}),
          });
          toast.success(t('documents.widgetAdded'));
          setEditing(created);
        }}
      />
      <WidgetEditorModal document={document} widget={editing} onClose={() => setEditing(null)} />
    </Card>
  );
}
