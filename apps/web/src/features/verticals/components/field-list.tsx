import { FORM_MESSAGES, type VerticalDataField, type VerticalDetail } from '@im/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showActionError } from '../../../ui/alert-dialog';
import { confirm } from '../../../ui/confirm-dialog';
import { useIsPhone } from '../../../ui/responsive';
import { SortableCardList } from '../../../ui/sortable/sortable-card-list';
import { toast } from '../../../ui/toasts';
import { FieldModal } from '../modals/field.modal';
import { useFieldMutations } from '../queries';
import { FieldCard } from './field-card';

/** The fields in order of their order number, so a stale answer can never shuffle the list. */
export function fieldsInOrder(fields: readonly VerticalDataField[]): VerticalDataField[] {
  return [...fields].sort((a, b) => a.order - b.order || a.id - b.id);
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
    <SortableCardList
      title={t('common.fields')}
      addLabel={t('verticals.addField')}
      onAdd={() => setEditing('new')}
      emptyText={t('verticals.noFields')}
      dragInstructions={t('verticals.dragInstructions')}
      items={fields}
      onMove={(move) => mutations.move.mutate(move, { onError: (e) => showActionError(e) })}
      padding={isPhone ? 'xs' : 'md'}
      extra={
        <FieldModal
          vertical={vertical}
          field={editing === 'new' ? null : editing}
          opened={editing !== null}
          onClose={() => setEditing(null)}
        />
      }
    >
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
    </SortableCardList>
  );
}
