import {
  type ActionMorph,
  actionDefinition,
  FLOW_STAGE_LABELS,
  FLOW_STATUS_LABELS,
  FLOW_STATUSES,
  type RuleOptions,
} from '@im/domain';
import { Select, TagsInput, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useIsPhone } from '../../../ui/responsive';
import { type RuleDraft, userChoices } from '../rule-draft';

type Option = { value: string; label: string };
type OptionGroup = { group: string; items: Option[] };

/** The kind of document template each create action takes (the template's `kind`). */
const DOCUMENT_KIND: Record<string, string> = {
  create_quotation: 'quotation',
  create_confirmation: 'confirmation',
  create_document: 'document',
};

/** The records an action can work with, per kind, from the rule options. */
function morphChoices(
  morph: Exclude<ActionMorph, 'flowstatus'>,
  type: string,
  options: RuleOptions | undefined,
): (Option | OptionGroup)[] {
  const named = (list: { id: number; name: string }[] | undefined) =>
    (list ?? []).map((item) => ({ value: String(item.id), label: item.name }));
  switch (morph) {
    case 'flowphase': {
      const groups = new Map<string, Option[]>();
      for (const p of options?.flowphases ?? []) {
        const stage = FLOW_STAGE_LABELS[p.flowstage as keyof typeof FLOW_STAGE_LABELS] ?? p.flowstage;
        groups.set(stage, [...(groups.get(stage) ?? []), { value: String(p.id), label: p.name }]);
      }
      return [...groups].map(([group, items]) => ({ group, items }));
    }
    case 'flowprofile':
      return named(options?.flowprofiles);
    case 'mailtemplate':
      return named(options?.mailtemplates);
    case 'messagetemplate':
      return named(options?.messagetemplates);
    case 'webhookconnection':
      return named(options?.webhookconnections);
    case 'tasktemplate':
      return named(options?.tasktemplates);
    case 'documenttemplate': {
      const all = options?.documenttemplates ?? [];
      const kind = DOCUMENT_KIND[type];
      const own = all.filter((d) => d.kind === kind);
      return named(own.length ? own : all);
    }
  }
}

const hasValue = (data: (Option | OptionGroup)[], value: string) =>
  data.some((d) => ('items' in d ? d.items.some((i) => i.value === value) : d.value === value));

interface Props {
  draft: RuleDraft;
  onChange: (patch: Partial<RuleDraft>) => void;
  options: RuleOptions | undefined;
  errorOf: (key: string) => string | undefined;
  /** What a stored rule's record is called, when it is no longer among the options. */
  storedMorphLabel: string | null;
}

/** Only the fields the chosen action needs (ACTION_TYPES `needs`): its record, user, text, tags. */
export function ActionFields({ draft, onChange, options, errorOf, storedMorphLabel }: Props) {
  const { t } = useTranslation();
  const isPhone = useIsPhone();
  const def = draft.type ? actionDefinition(draft.type) : undefined;
  if (!def || !draft.type) return null;
  const common = { searchable: !isPhone, comboboxProps: { withinPortal: true }, required: true } as const;

  let morphField = null;
  if (def.morph === 'flowstatus') {
    morphField = (
      <Select
        {...common}
        label={t('common.status')}
        data={FLOW_STATUSES.map((s) => ({ value: s, label: FLOW_STATUS_LABELS[s] }))}
        value={draft.text || null}
        onChange={(value) => onChange({ text: value ?? '' })}
        error={errorOf('text')}
      />
    );
  } else if (def.morph) {
    const choices = morphChoices(def.morph, draft.type, options);
    const value = draft.morph_id === null ? null : String(draft.morph_id);
    const data =
      value && !hasValue(choices, value)
        ? [...choices, { value, label: storedMorphLabel ?? `#${value}` }]
        : choices;
    morphField = (
      <Select
        {...common}
        label={t(`workflow.morphLabels.${def.morph}`)}
        data={data}
        value={value}
        nothingFoundMessage={t('workflow.morphEmpty')}
        onChange={(next) => onChange({ morph_id: next ? Number(next) : null })}
        error={errorOf('morph_id')}
      />
    );
  }

  return (
    <>
      {morphField}
      {def.user && (
        <Select
          {...common}
          label={t('common.user')}
          data={userChoices(draft.type, options?.users ?? [], {
            userHandler: t('workflow.userHandler'),
            userEveryone: t('common.everyone'),
          })}
          value={draft.user_id === null ? null : String(draft.user_id)}
          onChange={(value) => onChange({ user_id: value === null ? null : Number(value) })}
          error={errorOf('user_id')}
        />
      )}
      {def.text && def.morph !== 'flowstatus' && (
        <Textarea
          label={t('common.text')}
          description={t('workflow.textHint')}
          required
          autosize
          minRows={3}
          maxRows={10}
          value={draft.text}
          onChange={(event) => onChange({ text: event.currentTarget.value })}
          error={errorOf('text')}
        />
      )}
      {def.tags && (
        <TagsInput
          label={t('common.tags')}
          description={t('workflow.tagsHint')}
          required
          data={options?.flow_tags ?? []}
          value={draft.flowTags}
          onChange={(flowTags) => onChange({ flowTags })}
          error={errorOf('flowTags')}
          clearable
          comboboxProps={{ withinPortal: true }}
        />
      )}
    </>
  );
}
