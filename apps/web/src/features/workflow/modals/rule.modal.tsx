import {
  ACTION_TYPES,
  type ActionType,
  EVENT_TRIGGERS,
  type EventTriggerRule,
  FLOW_STAGE_LABELS,
  triggerDefinition,
} from '@im/domain';
import { Alert, List, Select, Stack, TagsInput, Text, TextInput } from '@mantine/core';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../api/client';
import { FormActions } from '../../../ui/form/form-actions';
import { FormError } from '../../../ui/form/form-error';
import { FormModal } from '../../../ui/form/form-modal';
import { useIsPhone } from '../../../ui/responsive';
import { toast } from '../../../ui/toasts';
import { ActionFields } from '../components/action-fields';
import { ConditionsEditor } from '../components/conditions-editor';
import { DelayFields } from '../components/delay-fields';
import { useEventTriggers, useRuleOptions, useSaveRule } from '../queries';
import {
  type ConditionDraft,
  draftErrors,
  draftOf,
  emptyDraft,
  type RuleDraft,
  toRequest,
} from '../rule-draft';

interface Props {
  opened: boolean;
  onClose: () => void;
  /** null: a new rule. */
  rule: EventTriggerRule | null;
}

/** Create or edit a workflow rule (a full-screen sheet on a phone, app/touch.css). */
export function RuleModal({ opened, onClose, rule }: Props) {
  const { t } = useTranslation();
  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title={rule ? t('workflow.editRuleTitle') : t('workflow.newRuleTitle')}
      size="xl"
    >
      <RuleForm rule={rule} onDone={onClose} />
    </FormModal>
  );
}

// Fields whose server errors have a place on the form; anything else shows above it.
const FIELD_KEYS = [
  'event_trigger_tag',
  'type',
  'morph_id',
  'user_id',
  'text',
  'flowTags',
  'delaytime_raw',
  'description',
  'cancel_tags',
];
const isFieldKey = (key: string) => FIELD_KEYS.includes(key) || key.startsWith('conditions.');

/** Which error keys a change touches: their messages show from then on. */
function touchedBy(patch: Partial<RuleDraft>, before: RuleDraft): string[] {
  const keys: string[] = [];
  for (const key of Object.keys(patch) as (keyof RuleDraft)[]) {
    if (key === 'conditions') {
      const next = patch.conditions ?? [];
      next.forEach((c: ConditionDraft, i) => {
        const old = before.conditions[i];
        if (old && JSON.stringify(old) !== JSON.stringify(c))
          for (const f of ['field_name', 'verticaldatafield_id', 'operator', 'field_value'])
            keys.push(`conditions.${i}.${f}`);
      });
    } else if (
      key === 'is_delayed' ||
      key === 'delay_amount' ||
      key === 'delaytime_unit' ||
      key === 'direction'
    )
      keys.push('delaytime_raw');
    else keys.push(key);
  }
  return keys;
}

function RuleForm({ rule, onDone }: { rule: EventTriggerRule | null; onDone: () => void }) {
  const { t } = useTranslation();
  const isPhone = useIsPhone();
  const summaryId = useId();
  const options = useRuleOptions();
  const triggers = useEventTriggers();
  const save = useSaveRule();
  const [draft, setDraft] = useState<RuleDraft>(() => (rule ? draftOf(rule) : emptyDraft()));
  const [touched, setTouched] = useState<Set<string>>(() => new Set());
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);

  const errors = draftErrors(draft, options.data);
  const isValid = Object.keys(errors).length === 0;
  const errorOf = (key: string) => serverErrors[key] ?? (touched.has(key) ? errors[key] : undefined);
  const missing = [...new Set(Object.values(errors))];

  const change = (patch: Partial<RuleDraft>) => {
    const keys = touchedBy(patch, draft);
    setTouched((current) => new Set([...current, ...keys]));
    setServerErrors((current) => {
      const next = { ...current };
      for (const key of keys) delete next[key];
      return next;
    });
    setDraft((current) => ({ ...current, ...patch }));
  };

  // The server's list carries the administrator's descriptions; the domain's is the fallback.
  const triggerList = triggers.data?.length
    ? triggers.data.map((t) => ({
        tag: t.tag,
        description: t.description,
        flowstage: t.flowstage,
        leadDate: t.lead_date,
      }))
    : EVENT_TRIGGERS.map((t) => ({
        tag: t.tag,
        description: t.description,
        flowstage: t.flowstage,
        leadDate: t.leadDate ?? null,
      }));
  const stages = Object.keys(FLOW_STAGE_LABELS) as (keyof typeof FLOW_STAGE_LABELS)[];
  const triggerData = stages
    .map((stage) => ({
      group: FLOW_STAGE_LABELS[stage],
      items: triggerList
        .filter((t) => t.flowstage === stage)
        .map((t) => ({ value: t.tag, label: t.description })),
    }))
    .filter((g) => g.items.length > 0);
  const leadDate =
    triggerList.find((t) => t.tag === draft.event_trigger_tag)?.leadDate ??
    (draft.event_trigger_tag ? (triggerDefinition(draft.event_trigger_tag)?.leadDate ?? null) : null);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!isValid) {
      setTouched(new Set(Object.keys(errors)));
      return;
    }
    setFormError(null);
    save.mutate(
      { id: rule?.id ?? null, body: toRequest(draft, options.data) },
      {
        onSuccess: () => {
          toast.success(t('workflow.saved'));
          onDone();
        },
        onError: (error) => {
          const onFields: Record<string, string> = {};
          const elsewhere: string[] = [];
          if (isApiError(error))
            for (const [key, messages] of Object.entries(error.errors)) {
              if (!messages[0]) continue;
              if (isFieldKey(key)) onFields[key] = messages[0];
              else elsewhere.push(messages[0]);
            }
          setServerErrors(onFields);
          setFormError(
            Object.keys(onFields).length && !elsewhere.length
              ? null
              : [error.message, ...elsewhere].join(' '),
          );
        },
      },
    );
  };

  return (
    <form noValidate onSubmit={submit}>
      <FormError message={formError} />
      {options.isError && (
        <Alert color="red" mb="sm" role="alert">
          {t('workflow.optionsLoadFailed')}
        </Alert>
      )}
      <Stack gap="sm">
        <Select
          label={t('workflow.trigger')}
          placeholder={t('workflow.triggerPlaceholder')}
          required
          data={triggerData}
          value={draft.event_trigger_tag}
          searchable={!isPhone}
          comboboxProps={{ withinPortal: true }}
          onChange={(tag) => {
            const isDate = tag ? Boolean(triggerList.find((t) => t.tag === tag)?.leadDate) : false;
            change({ event_trigger_tag: tag, ...(isDate ? {} : { direction: 'after' as const }) });
          }}
          error={errorOf('event_trigger_tag')}
          data-autofocus
        />
        <Select
          label={t('common.action')}
          placeholder={t('workflow.actionPlaceholder')}
          required
          data={ACTION_TYPES.map((a) => ({ value: a.type, label: a.label }))}
          value={draft.type}
          searchable={!isPhone}
          comboboxProps={{ withinPortal: true }}
          onChange={(type) => change({ type: type as ActionType | null })}
          error={errorOf('type')}
        />
        <ActionFields
          draft={draft}
          onChange={change}
          options={options.data}
          errorOf={errorOf}
          storedMorphLabel={rule?.morph_label ?? null}
        />
        <TextInput
          label={t('common.description')}
          description={t('workflow.descriptionHint')}
          maxLength={500}
          value={draft.description}
          onChange={(event) => change({ description: event.currentTarget.value })}
          error={errorOf('description')}
        />
        <DelayFields draft={draft} onChange={change} leadDate={leadDate} errorOf={errorOf} />
        <TagsInput
          label={t('workflow.cancelTags')}
          description={t('workflow.cancelTagsHint')}
          data={options.data?.flow_tags ?? []}
          value={draft.cancel_tags}
          onChange={(cancel_tags) => change({ cancel_tags })}
          error={errorOf('cancel_tags')}
          clearable
          comboboxProps={{ withinPortal: true }}
        />
        <ConditionsEditor
          conditions={draft.conditions}
          onChange={(conditions) => change({ conditions })}
          options={options.data}
          errorOf={errorOf}
        />
        {!isValid && (
          <div id={summaryId} aria-live="polite">
            <Text size="sm" fw={600}>
              {t('workflow.notComplete')}
            </Text>
            <List size="sm" c="red.8">
              {missing.map((message) => (
                <List.Item key={message}>{message}</List.Item>
              ))}
            </List>
          </div>
        )}
        <FormActions onCancel={onDone} isPending={save.isPending} isSubmitDisabled={!isValid} mt="sm" />
      </Stack>
    </form>
  );
}
