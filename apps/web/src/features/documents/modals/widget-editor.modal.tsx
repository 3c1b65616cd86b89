import {
  CALCULATION_WIDGET_TAGS,
  CUSTOM_HTML_TAGS,
  type DocumentWidget,
  PLAIN_LINE_TAGS,
  RICH_TEXT_TAGS,
  type SalesDocument,
  TWO_COLUMN_TAGS,
  type UpdateDocumentWidget,
  WIDGET_TAG_LABELS,
} from '@im/domain';
import { Alert, Checkbox, Modal, Select, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../api/client';
import { useVerticals } from '../../../api/verticals';
import { FormActions } from '../../../ui/form/form-actions';
import { FormError } from '../../../ui/form/form-error';
import { useIsPhone } from '../../../ui/responsive';
import { RichTextEditor } from '../../../ui/rich-text/rich-text-editor';
import {
  CalculationTableFields,
  completeColumns,
  completeRows,
} from '../components/calculation-table-fields';
import { ShowRulesField } from '../components/show-rules-field';
import { WidgetPictureField } from '../components/widget-picture-field';
import { useWidgetMutations } from '../queries';

interface Props {
  document: SalesDocument;
  widget: DocumentWidget | null;
  onClose: () => void;
}

/** The widget editor: the fields its type has, plus description, styling, visibility and show rules. */
export function WidgetEditorModal({ document, widget, onClose }: Props) {
  const { t } = useTranslation();
  const isPhone = useIsPhone();
  const tag = widget?.documentwidgettype.tag;
  return (
    <Modal
      opened={widget !== null}
      onClose={onClose}
      title={tag ? `${t('documents.editWidget')}: ${WIDGET_TAG_LABELS[tag]}` : t('documents.editWidget')}
      size={isPhone ? undefined : 'xl'}
      closeOnClickOutside={false}
      closeButtonProps={{ 'aria-label': t('common.close') }}
      centered
    >
      {widget && <WidgetForm key={widget.id} document={document} widget={widget} onClose={onClose} />}
    </Modal>
  );
}

type Draft = Pick<
  DocumentWidget,
  | 'description'
  | 'textcontent'
  | 'textcontent2'
  | 'stringcontent'
  | 'custom_class'
  | 'custom_styling'
  | 'is_hidden'
  | 'conditions'
  | 'calculationitemColumns'
  | 'calculationitemRows'
  | 'recurringvertical_id'
>;

function WidgetForm({
  document,
  widget,
  onClose,
}: {
  document: SalesDocument;
  widget: DocumentWidget;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const tag = widget.documentwidgettype.tag;
  const mutations = useWidgetMutations(document.kind, document.id);
  // The picture changes at once (upload, remove): show the document's current copy of the widget.
  const current = document.documentwidgets.find((w) => w.id === widget.id) ?? widget;
  const [draft, setDraft] = useState<Draft>(() => ({
    description: widget.description,
    textcontent: widget.textcontent,
    textcontent2: widget.textcontent2,
    stringcontent: widget.stringcontent,
    custom_class: widget.custom_class,
    custom_styling: widget.custom_styling,
    is_hidden: widget.is_hidden,
    conditions: widget.conditions,
    calculationitemColumns: completeColumns(widget.calculationitemColumns),
    calculationitemRows: completeRows(widget.calculationitemRows),
    recurringvertical_id: widget.recurringvertical_id,
  }));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);

  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => {
    setDraft((d) => ({ ...d, [key]: value }));
    setErrors((e) =>
      Object.fromEntries(Object.entries(e).filter(([k]) => k !== key && !k.startsWith(`${key}.`))),
    );
  };
  const isPlain = PLAIN_LINE_TAGS.includes(tag);
  // RECURRING: rich text repeated per filled-in copy of its form (decision 023).
  const isRecurring = tag === 'RECURRING';
  const isRich = RICH_TEXT_TAGS.includes(tag) || isRecurring;
  const hasForm = isRecurring || tag === 'VERTICALPHOTOS';
  const verticals = useVerticals(undefined, hasForm);
  const isTwoColumns = TWO_COLUMN_TAGS.includes(tag);
  const isHtml = CUSTOM_HTML_TAGS.includes(tag);
  const isCalculation = CALCULATION_WIDGET_TAGS.includes(tag);
  const isPicture = tag === 'WIDGETPICTURE';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const body: UpdateDocumentWidget = {
      description: draft.description,
      custom_class: draft.custom_class,
      custom_styling: draft.custom_styling,
      is_hidden: draft.is_hidden,
      conditions: draft.conditions,
      ...(isPlain || isRich || isHtml ? { textcontent: draft.textcontent } : {}),
      ...(isTwoColumns ? { textcontent2: draft.textcontent2 } : {}),
      ...(isPicture ? { stringcontent: draft.stringcontent } : {}),
      ...(hasForm ? { recurringvertical_id: draft.recurringvertical_id } : {}),
      ...(isCalculation
        ? {
            calculationitemColumns: draft.calculationitemColumns,
            calculationitemRows: draft.calculationitemRows,
          }
        : {}),
    };
    mutations.update.mutate(
      { id: widget.id, ...body },
      {
        onSuccess: onClose,
        onError: (failure) => {
          // 'conditions.2.field_value' belongs to the second rule; other fields by their own name.
          const next: Record<string, string> = {};
          for (const [key, messages] of Object.entries(isApiError(failure) ? failure.errors : {})) {
            const [field, index] = key.split('.');
            const name = field === 'conditions' ? `conditions.${index ?? ''}` : (field ?? key);
            if (messages[0] && !next[name]) next[name] = messages[0];
          }
          setErrors(next);
          if (Object.keys(next).length === 0) setFormError(failure.message);
        },
      },
    );
  };

  const ruleErrors = Object.fromEntries(
    Object.entries(errors)
      .filter(([key]) => key.startsWith('conditions.'))
      .map(([key, message]) => [key.slice('conditions.'.length), message]),
  );

  return (
    <form noValidate onSubmit={submit}>
      <FormError message={formError} />
      <Stack gap="sm">
        <TextInput
          label={t('common.description')}
          value={draft.description}
          onChange={(e) => set('description', e.currentTarget.value)}
          error={errors.description}
        />
        {isPlain && (
          <TextInput
            label={t('common.text')}
            description={t('documents.mergeTagsAllowed')}
            data-autofocus
            value={draft.textcontent}
            onChange={(e) => set('textcontent', e.currentTarget.value)}
            error={errors.textcontent}
          />
        )}
        {isRich && (
          <RichTextEditor
            label={isTwoColumns ? `${t('common.text')} 1` : t('common.text')}
            value={draft.textcontent}
            onChange={(html) => set('textcontent', html)}
            error={errors.textcontent}
          />
        )}
        {hasForm && (
          <Select
            label={t('common.form')}
            description={
              isRecurring ? t('documents.widgetFormRecurringHint') : t('documents.widgetFormPhotosHint')
            }
            placeholder={isRecurring ? t('documents.chooseForm') : t('documents.allForms')}
            data={(verticals.data ?? []).map((v) => ({ value: String(v.id), label: v.name }))}
            value={draft.recurringvertical_id === null ? null : String(draft.recurringvertical_id)}
            onChange={(value) => set('recurringvertical_id', value === null ? null : Number(value))}
            clearable
            error={errors.recurringvertical_id}
          />
        )}
        {isTwoColumns && (
          <RichTextEditor
            label={t('documents.text2')}
            value={draft.textcontent2}
            onChange={(html) => set('textcontent2', html)}
            error={errors.textcontent2}
          />
        )}
        {isHtml && (
          <>
            <Alert color="blue" variant="light" p="xs">
              {t('documents.htmlNote')}
            </Alert>
            <Textarea
              label={t('documents.html')}
              autosize
              minRows={6}
              maxRows={20}
              spellCheck={false}
              styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 13 } }}
              value={draft.textcontent}
              onChange={(e) => set('textcontent', e.currentTarget.value)}
              error={errors.textcontent}
            />
          </>
        )}
        {isPicture && (
          <WidgetPictureField
            widget={current}
            layout={draft.stringcontent}
            onLayout={(layout) => set('stringcontent', layout)}
            layoutError={errors.stringcontent}
            isBusy={
              mutations.uploadPicture.isPending ||
              mutations.removePicture.isPending ||
              mutations.pictureFromMedia.isPending
            }
            onUpload={(file) => mutations.uploadPicture.mutateAsync({ id: widget.id, file })}
            onPickMedia={(mediafileId) =>
              mutations.pictureFromMedia.mutateAsync({ id: widget.id, mediafileId })
            }
            onRemove={() => mutations.removePicture.mutateAsync(widget.id)}
          />
        )}
        {isCalculation && (
          <CalculationTableFields
            columns={draft.calculationitemColumns}
            rows={draft.calculationitemRows}
            onColumns={(columns) => set('calculationitemColumns', columns)}
            onRows={(rows) => set('calculationitemRows', rows)}
            error={errors.calculationitemColumns ?? errors.calculationitemRows}
          />
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput
            label={t('documents.customClass')}
            value={draft.custom_class}
            onChange={(e) => set('custom_class', e.currentTarget.value)}
            error={errors.custom_class}
          />
          <TextInput
            label={t('documents.customStyling')}
            value={draft.custom_styling}
            onChange={(e) => set('custom_styling', e.currentTarget.value)}
            error={errors.custom_styling}
          />
        </SimpleGrid>
        <Checkbox
          label={t('documents.isHidden')}
          checked={draft.is_hidden}
          onChange={(e) => set('is_hidden', e.currentTarget.checked)}
        />
        <ShowRulesField
          rules={draft.conditions}
          onChange={(rules) => set('conditions', rules)}
          errors={{ ...ruleErrors, ...(errors['conditions.'] ? { '': errors['conditions.'] } : {}) }}
        />
        <FormActions onCancel={onClose} isPending={mutations.update.isPending} mt="sm" />
      </Stack>
    </form>
  );
}
