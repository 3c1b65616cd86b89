import { FIELD_TYPES, type FieldType, type VerticalDataField, type VerticalDetail } from '@im/domain';
import { Checkbox, Group, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { type FormEvent, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../api/client';
import { FormActions } from '../../../ui/form/form-actions';
import { FormError } from '../../../ui/form/form-error';
import { FormModal } from '../../../ui/form/form-modal';
import { toast } from '../../../ui/toasts';
import {
  draftBody,
  draftErrors,
  draftFromField,
  type FieldDraft,
  hasFormulas,
  withLabel,
} from '../components/field-draft';
import { FormulaRulesEditor } from '../components/formula-rules-editor';
import { ShowRulesEditor } from '../components/show-rules-editor';
import { FIELD_TYPE_LABELS } from '../i18n';
import { useFieldMutations } from '../queries';

interface Props {
  vertical: VerticalDetail;
  /** null: a new field. */
  field: VerticalDataField | null;
  opened: boolean;
  onClose: () => void;
}

const TYPE_OPTIONS = FIELD_TYPES.map((type) => ({ value: type, label: FIELD_TYPE_LABELS[type] }));

// The server's keys this dialog shows next to their input; any other error shows above the form.
const SHOWN_KEYS =
  /^(field_label|field_name|description|options|(calculationrules\.\d+\.)?showrules\.\d+\.(field_name|operator|field_value)|calculationrules\.\d+\.formula)$/;

/** Vertical data field create and edit (spec 002 section 5), with a static backdrop; closes once saved. */
export function FieldModal({ vertical, field, opened, onClose }: Props) {
  const { t } = useTranslation();
  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title={field ? t('verticals.editField') : t('verticals.newField')}
      size="xl"
    >
      <FieldForm key={field?.id ?? 'new'} vertical={vertical} field={field} onClose={onClose} />
    </FormModal>
  );
}

function FieldForm({ vertical, field, onClose }: Omit<Props, 'opened'>) {
  const { t } = useTranslation();
  const mutations = useFieldMutations(vertical.id);
  const mutation = field ? mutations.update : mutations.create;
  const others = useMemo(
    () => vertical.verticaldatafields.filter((f) => f.id !== field?.id),
    [vertical.verticaldatafields, field?.id],
  );
  const otherNames = useMemo(() => others.map((f) => f.field_name), [others]);
  const taken = useMemo(() => new Set(otherNames), [otherNames]);
  const fieldOptions = others.map((f) => ({
    value: f.field_name,
    label: `${f.field_label} (${f.field_name})`,
  }));

  const [draft, setDraft] = useState<FieldDraft>(() => draftFromField(field));
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [isSubmitAttempted, setSubmitAttempted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const clientErrors = draftErrors(draft, otherNames);

  const errorOf = (key: string) =>
    serverErrors[key] ?? (isSubmitAttempted || touched.has(key) ? clientErrors[key] : undefined);

  const edit = (next: (d: FieldDraft) => FieldDraft, key?: string) => {
    setDraft(next);
    if (key) setTouched((t) => new Set(t).add(key));
    setServerErrors({});
  };

  const showServerError = (error: unknown) => {
    const next: Record<string, string> = {};
    if (isApiError(error)) {
      for (const [key, messages] of Object.entries(error.errors))
        if (SHOWN_KEYS.test(key) && messages[0]) next[key] = messages[0];
    }
    setServerErrors(next);
    if (Object.keys(next).length === 0) setFormError(error instanceof Error ? error.message : String(error));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitAttempted(true);
    setFormError(null);
    if (Object.keys(clientErrors).length > 0) return;
    const body = draftBody(draft);
    const callbacks = {
      onSuccess: () => {
        toast.success(field ? t('verticals.fieldSaved') : t('verticals.fieldCreated'));
        onClose();
      },
      onError: showServerError,
    };
    if (field) mutations.update.mutate({ id: field.id, ...body }, callbacks);
    else mutations.create.mutate({ vertical_id: vertical.id, ...body }, callbacks);
  };

  return (
    <form onSubmit={submit} noValidate>
      <FormError message={formError} />
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput
            label={t('verticals.fieldLabel')}
            required
            data-autofocus
            value={draft.field_label}
            onChange={(e) => {
              const label = e.currentTarget.value;
              edit((d) => withLabel(d, label, taken), 'field_label');
            }}
            error={errorOf('field_label')}
          />
          <Select
            label={t('common.type')}
            data={TYPE_OPTIONS}
            value={draft.field_type}
            allowDeselect={false}
            onChange={(value) => value && edit((d) => ({ ...d, field_type: value as FieldType }))}
          />
          <TextInput
            label={t('verticals.fieldName')}
            description={t('verticals.fieldNameHint')}
            value={draft.field_name}
            onChange={(e) => {
              const name = e.currentTarget.value;
              edit((d) => ({ ...d, field_name: name, nameFollows: false }), 'field_name');
            }}
            error={errorOf('field_name')}
            autoComplete="off"
            spellCheck={false}
          />
          <TextInput
            label={t('common.description')}
            description={t('verticals.fieldDescriptionHint')}
            value={draft.description}
            onChange={(e) => {
              const description = e.currentTarget.value;
              edit((d) => ({ ...d, description, descriptionFollows: false }), 'description');
            }}
            error={errorOf('description')}
          />
        </SimpleGrid>
        {draft.field_type === 'selectbox' && (
          <TextInput
            label={t('verticals.options')}
            description={t('verticals.optionsHint')}
            required
            value={draft.options}
            onChange={(e) => {
              const options = e.currentTarget.value;
              edit((d) => ({ ...d, options }), 'options');
            }}
            error={errorOf('options')}
          />
        )}
        <Group gap="lg">
          <Checkbox
            label={t('verticals.selectableInProducts')}
            checked={draft.selectable_in_products}
            onChange={(e) => {
              const checked = e.currentTarget.checked;
              edit((d) => ({ ...d, selectable_in_products: checked }));
            }}
          />
          <Checkbox
            label={t('verticals.allowLocations')}
            checked={draft.allow_locations}
            onChange={(e) => {
              const checked = e.currentTarget.checked;
              edit((d) => ({ ...d, allow_locations: checked }));
            }}
          />
        </Group>
        <ShowRulesEditor
          legend={t('verticals.showRules')}
          hint={t('verticals.showRulesHint')}
          rules={draft.showrules}
          onChange={(showrules) => edit((d) => ({ ...d, showrules }))}
          fields={fieldOptions}
          errorOf={errorOf}
          prefix="showrules"
        />
        {hasFormulas(draft.field_type) && (
          <FormulaRulesEditor
            rules={draft.calculationrules}
            onChange={(calculationrules) => edit((d) => ({ ...d, calculationrules }))}
            fields={fieldOptions}
            otherNames={otherNames}
            errorOf={(key) => serverErrors[key] ?? (isSubmitAttempted ? clientErrors[key] : undefined)}
            isSubmitAttempted={isSubmitAttempted}
          />
        )}
      </Stack>
      <FormActions onCancel={onClose} isPending={mutation.isPending} mt="md" />
    </form>
  );
}
