import { DOCUMENT_TEXTS, type DocumentWidget, type SalesDocument, WIDGET_TAG_LABELS } from '@im/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showActionError } from '../../../ui/alert-dialog';
import { confirm } from '../../../ui/confirm-dialog';
import { SortableCardList } from '../../../ui/sortable/sortable-card-list';
import { toast } from '../../../ui/toasts';
import { ChoiceModal } from '../modals/choice.modal';
import { WidgetEditorModal } from '../modals/widget-editor.modal';
import { useWidgetMutations, useWidgetTypes } from '../queries';
import { WidgetCard } from './widget-card';

/** The document's widgets in order: drag (mouse, long press, keyboard) to move, add, edit, hide, remove. */
export function WidgetList({ document }: { document: SalesDocument }) {
  const { t } = useTranslation();
  const widgets = document.documentwidgets;
  const mutations = useWidgetMutations(document.kind, document.id);
  const [editing, setEditing] = useState<DocumentWidget | null>(null);
  // null: closed; 0: at the end; else after that widget.
  const [addingAfter, setAddingAfter] = useState<number | null>(null);
  const types = useWidgetTypes(addingAfter !== null);
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
    <SortableCardList
      title={t('documents.widgets')}
      addLabel={t('documents.addWidget')}
      onAdd={() => setAddingAfter(0)}
      emptyText={t('documents.noWidgets')}
      dragInstructions={t('documents.dragInstructions')}
      items={widgets}
      onMove={(move) => mutations.move.mutate(move, { onError: (e) => showActionError(e) })}
      extra={
        <>
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
        </>
      }
    >
      {widgets.map((widget, index) => (
        <WidgetCard key={widget.id} widget={widget} index={index} {...handlers} />
      ))}
    </SortableCardList>
  );
}
