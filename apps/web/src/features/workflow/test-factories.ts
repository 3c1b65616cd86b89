import {
  type DelayedRule,
  EVENT_TRIGGERS,
  type EventTrigger,
  type EventTriggerRule,
  type RuleOptions,
  type RuleRun,
} from '@im/domain';

// Answers of the workflow calls (packages/domain/src/contract/workflow.ts) for unit tests.

export function createTestTriggers(): EventTrigger[] {
  return EVENT_TRIGGERS.map((t, i) => ({
    id: i + 1,
    tag: t.tag,
    description: t.description,
    flowstage: t.flowstage,
    hasDocument: t.hasDocument,
    hasTask: t.hasTask,
    lead_date: t.leadDate ?? null,
    rules_count: 0,
  }));
}

export function createTestRule(overrides: Partial<EventTriggerRule> = {}): EventTriggerRule {
  return {
    id: 1,
    event_trigger_tag: 'quotation_sent',
    event_trigger_description: 'Offerte verstuurd',
    flowstage: 'quotation',
    type: 'send_email',
    type_label: 'E-mail naar de klant sturen',
    is_delayed: false,
    delaytime: 0,
    delaytime_unit: 'days',
    delaytime_raw: 0,
    cancel_tags: '',
    text: '',
    description: '',
    morph_id: 11,
    morph_label: 'Herinnering offerte',
    user_id: null,
    user_label: null,
    conditions: [],
    startfromnow: false,
    flowTags: [],
    pending_count: 0,
    created_at: '2026-11-01T10:00:00+01:00',
    updated_at: '2026-11-01T10:00:00+01:00',
    ...overrides,
  };
}

export function createTestRuleOptions(): RuleOptions {
  return {
    flowphases: [
      { id: 3, name: 'Wacht op klant', flowstage: 'quotation' },
      { id: 4, name: 'Ingepland', flowstage: 'project' },
    ],
    flowprofiles: [
      { id: 21, name: 'Zonnepanelen' },
      { id: 22, name: 'Warmtepomp' },
    ],
    mailtemplates: [
      { id: 11, name: 'Herinnering offerte', template_type: 'custom' },
      { id: 12, name: 'Welkomstmail', template_type: 'newflowwebsite' },
    ],
    messagetemplates: [{ id: 31, name: 'Bedankt' }],
    webhookconnections: [{ id: 41, name: 'Boekhouding', status: 'active' }],
    documenttemplates: [
      { id: 51, name: 'Offerte standaard', kind: 'quotation' },
      { id: 52, name: 'Opleverrapport', kind: 'document' },
    ],
    tasktemplates: [{ id: 61, name: 'Schouwen' }],
    users: [
      { id: 7, name: 'Anna de Vries' },
      { id: 8, name: 'Bram Jansen' },
    ],
    partners: [{ id: 71, name: 'Dakwerken Noord' }],
    formfields: [
      { id: 81, vertical_id: 9, vertical_name: 'Zonnepanelen opname', label: 'Dakhelling' },
      { id: 82, vertical_id: 9, vertical_name: 'Zonnepanelen opname', label: 'Aantal panelen' },
    ],
    flow_tags: ['subsidie', 'spoed'],
  };
}

export function createTestDelayedRule(overrides: Partial<DelayedRule> = {}): DelayedRule {
  return {
    id: 301,
    rule_id: 1,
    rule_description: 'Herinnering na een week',
    type_label: 'E-mail naar de klant sturen',
    event_trigger_description: 'Offerte verstuurd',
    flow_id: 41,
    due_at: '2026-12-03T09:30:00+01:00',
    status: 'pending',
    reason: null,
    created_at: '2026-11-26T09:30:00+01:00',
    ...overrides,
  };
}

export function createTestRuleRun(overrides: Partial<RuleRun> = {}): RuleRun {
  return {
    id: 501,
    rule_id: 1,
    rule_description: 'Herinnering na een week',
    type_label: 'E-mail naar de klant sturen',
    trigger: 'quotation_sent',
    trigger_description: 'Offerte verstuurd',
    outcome: 'fired',
    reason: 'Alle voorwaarden gelden.',
    conditions: [],
    delayed_rule_id: null,
    created_at: '2026-11-26T10:15:00+01:00',
    ...overrides,
  };
}
