import {
  ACTION_TYPES,
  type ActionType,
  EVENT_TRIGGER_TAGS,
  type EventTrigger,
  type EventTriggerRule,
  FLOW_STAGE_LABELS,
  FLOW_STAGES,
} from '@im/domain';
import { Alert, Button, Card, Group, Loader, Select, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LightBadge } from '../../../ui/light-badge';
import { RuleItem } from '../components/rule-item';
import { RuleModal } from '../modals/rule.modal';
import { useEventTriggers, useRules } from '../queries';

type Stage = keyof typeof FLOW_STAGE_LABELS;
const STAGES: Stage[] = [...FLOW_STAGES, 'algemeen'];

type Editing = { rule: EventTriggerRule | null } | null;

interface Section {
  tag: string;
  description: string;
  flowstage: Stage;
  leadDate: string | null;
  rules: EventTriggerRule[];
}

/** Rules grouped by their trigger, in the triggers' own order (the domain's list). */
function sectionsOf(rules: EventTriggerRule[], triggers: EventTrigger[]): Section[] {
  const byTag = new Map<string, Section>();
  for (const rule of rules) {
    const trigger = triggers.find((t) => t.tag === rule.event_trigger_tag);
    const section = byTag.get(rule.event_trigger_tag) ?? {
      tag: rule.event_trigger_tag,
      description: trigger?.description ?? rule.event_trigger_description,
      flowstage: (trigger?.flowstage ?? rule.flowstage) as Stage,
      leadDate: trigger?.lead_date ?? null,
      rules: [],
    };
    section.rules.push(rule);
    byTag.set(rule.event_trigger_tag, section);
  }
  const order = (tag: string) => {
    const i = EVENT_TRIGGER_TAGS.indexOf(tag);
    return i < 0 ? EVENT_TRIGGER_TAGS.length : i;
  };
  return [...byTag.values()].sort((a, b) => order(a.tag) - order(b.tag));
}

/**
 * /account/company_eventtriggerrules (spec 000 sections 2-5): the company's workflow rules grouped by
 * trigger, filtered by action type and flow stage on the server; new, edit, duplicate and delete.
 */
export function RulesScreen() {
  const { t } = useTranslation();
  const [type, setType] = useState<ActionType | null>(null);
  const [flowstage, setFlowstage] = useState<Stage | null>(null);
  const rules = useRules({ type: type ?? undefined, flowstage: flowstage ?? undefined });
  const triggers = useEventTriggers().data ?? [];
  const [editing, setEditing] = useState<Editing>(null);
  const sections = sectionsOf(rules.data ?? [], triggers);
  const isFiltered = type !== null || flowstage !== null;

  return (
    <Stack gap="md" maw={1100}>
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <div>
          <Title order={1}>{t('workflow.rulesTitle')}</Title>
          <Text c="dimmed" size="sm">
            {t('workflow.rulesIntro')}
          </Text>
        </div>
        <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing({ rule: null })}>
          {t('workflow.newRule')}
        </Button>
      </Group>
      <Group gap="sm" wrap="wrap" align="flex-end">
        <Select
          label={t('common.action')}
          placeholder={t('workflow.allActions')}
          data={ACTION_TYPES.map((a) => ({ value: a.type, label: a.label }))}
          value={type}
          onChange={(value) => setType(value as ActionType | null)}
          clearable
          searchable
          style={{ flex: '1 1 260px', maxWidth: 400 }}
          comboboxProps={{ withinPortal: true }}
        />
        <Select
          label={t('workflow.filterStage')}
          placeholder={t('workflow.allStages')}
          data={STAGES.map((s) => ({ value: s, label: FLOW_STAGE_LABELS[s] }))}
          value={flowstage}
          onChange={(value) => setFlowstage(value as Stage | null)}
          clearable
          style={{ flex: '1 1 180px', maxWidth: 260 }}
        />
      </Group>
      {rules.isError && (
        <Alert color="red" role="alert" title={t('workflow.rulesLoadFailed')}>
          {rules.error.message}
        </Alert>
      )}
      {rules.isPending && <Loader aria-label={t('app.loading')} />}
      {rules.data && sections.length === 0 && (
        <Text c="dimmed">{isFiltered ? t('workflow.rulesEmptyFiltered') : t('workflow.rulesEmpty')}</Text>
      )}
      {sections.map((section) => (
        <Card
          withBorder
          padding="md"
          key={section.tag}
          component="section"
          aria-labelledby={`trigger-${section.tag}`}
        >
          <Group gap="sm" mb="sm" wrap="wrap">
            <Title order={2} size="h4" id={`trigger-${section.tag}`}>
              {section.description}
            </Title>
            <LightBadge color="blue" size="sm">
              {FLOW_STAGE_LABELS[section.flowstage] ?? section.flowstage}
            </LightBadge>
          </Group>
          <Stack gap="xs">
            {section.rules.map((rule) => (
              <RuleItem
                key={rule.id}
                rule={rule}
                leadDate={section.leadDate}
                onEdit={(r) => setEditing({ rule: r })}
              />
            ))}
          </Stack>
        </Card>
      ))}
      <RuleModal opened={editing !== null} rule={editing?.rule ?? null} onClose={() => setEditing(null)} />
    </Stack>
  );
}
