import {
  type ActionType,
  actionDefinition,
  CONDITION_FIELDS,
  type ConditionOperator,
  type ConditionType,
  type DelayUnit,
  delayDisplay,
  describeCondition,
  type EventTriggerRule,
  FLOW_LEVEL_OPERATORS,
  FLOW_STATUS_LABELS,
  type FlowStatus,
  RULE_USER_EVERYONE,
  RULE_USER_HANDLER,
  type RuleOptions,
  VALUELESS_OPERATORS,
  zSaveEventTriggerRule,
} from '@im/domain';
import type { SaveRuleRequest } from './queries';

// What the rule modal holds while it is edited, and its one way to the request body: the body is
// checked with the contract's own schema (`zSaveEventTriggerRule`), so the modal saves only what the
// server accepts (spec 000 section 5: "Workflow rule modal ... save only when valid").

export interface ConditionDraft {
  type: ConditionType;
  field_name: string | null;
  verticaldatafield_id: number | null;
  vertical_id: number | null;
  operator: ConditionOperator | null;
  field_value: string;
}

export interface RuleDraft {
  event_trigger_tag: string | null;
  type: ActionType | null;
  description: string;
  morph_id: number | null;
  user_id: number | null;
  text: string;
  flowTags: string[];
  is_delayed: boolean;
  /** The delay as typed: a positive number; `direction` says before or after (date triggers). */
  delay_amount: number | string;
  delaytime_unit: DelayUnit;
  direction: 'before' | 'after';
  startfromnow: boolean;
  cancel_tags: string[];
  conditions: ConditionDraft[];
}

export const emptyCondition = (): ConditionDraft => ({
  type: 'flow',
  field_name: null,
  verticaldatafield_id: null,
  vertical_id: null,
  operator: null,
  field_value: '',
});

export function emptyDraft(): RuleDraft {
  return {
    event_trigger_tag: null,
    type: null,
    description: '',
    morph_id: null,
    user_id: null,
    text: '',
    flowTags: [],
    is_delayed: false,
    delay_amount: 1,
    delaytime_unit: 'days',
    direction: 'after',
    startfromnow: false,
    cancel_tags: [],
    conditions: [],
  };
}

/** A stored rule as the modal shows it: the delay in the unit `delayDisplay` picks (4320 minutes: 3 dagen). */
export function draftOf(rule: EventTriggerRule): RuleDraft {
  const shown = delayDisplay(rule.delaytime);
  return {
    event_trigger_tag: rule.event_trigger_tag,
    type: (actionDefinition(rule.type)?.type as ActionType | undefined) ?? null,
    description: rule.description,
    morph_id: rule.morph_id,
    user_id: rule.user_id,
    text: rule.text,
    flowTags: rule.flowTags,
    is_delayed: rule.is_delayed,
    delay_amount: rule.is_delayed ? Math.abs(shown.raw) : 1,
    delaytime_unit: rule.is_delayed ? shown.unit : 'days',
    direction: rule.delaytime < 0 ? 'before' : 'after',
    startfromnow: rule.startfromnow,
    cancel_tags: rule.cancel_tags
      .split(',')
      .map((t) => t.trim())
      .filter(Boolean),
    conditions: rule.conditions.map((c) => ({
      type: c.type,
      field_name: c.field_name,
      verticaldatafield_id: c.verticaldatafield_id,
      vertical_id: c.vertical_id,
      operator: c.operator,
      field_value: c.field_value ?? '',
    })),
  };
}

export const isFlowLevel = (operator: ConditionOperator | null) =>
  operator !== null && FLOW_LEVEL_OPERATORS.includes(operator);
export const isValueless = (operator: ConditionOperator | null) =>
  operator !== null && VALUELESS_OPERATORS.includes(operator);

/** A condition's field as a person reads it ('Status', 'Plaats', 'Dakoppervlak (Zonnepanelen)'). */
export function conditionFieldLabel(c: ConditionDraft, options: RuleOptions | undefined): string {
  if (c.type === 'form') {
    const field = options?.formfields.find((f) => f.id === c.verticaldatafield_id);
    return field ? field.label : '';
  }
  return CONDITION_FIELDS.find((f) => f.type === c.type && f.field_name === c.field_name)?.label ?? '';
}

/** A condition's value as a person reads it: names instead of ids, status labels instead of tags. */
export function conditionValueLabel(c: ConditionDraft, options: RuleOptions | undefined): string {
  const value = c.field_value;
  const byId = (list: { id: number; name: string }[] | undefined) =>
    list?.find((item) => String(item.id) === value)?.name ?? value;
  if (c.operator === 'hasflowprofile' || c.operator === 'doesnothaveflowprofile')
    return byId(options?.flowprofiles);
  if (c.operator === 'haspartner' || c.operator === 'doesnothavepartner') return byId(options?.partners);
  if (c.type !== 'flow') return value;
  if (c.field_name === 'flow_status') return FLOW_STATUS_LABELS[value as FlowStatus] ?? value;
  if (c.field_name === 'flow_phase_id') return byId(options?.flowphases);
  if (c.field_name === 'user_id' || c.field_name === 'office_user_id' || c.field_name === 'project_user_id')
    return byId(options?.users);
  return value;
}

function conditionRequest(c: ConditionDraft, options: RuleOptions | undefined) {
  const flowLevel = isFlowLevel(c.operator);
  const valueless = isValueless(c.operator);
  const body = {
    type: c.type,
    field_name: flowLevel || c.type === 'form' ? null : c.field_name,
    verticaldatafield_id: flowLevel || c.type !== 'form' ? null : c.verticaldatafield_id,
    vertical_id: flowLevel || c.type !== 'form' ? null : c.vertical_id,
    operator: c.operator as ConditionOperator,
    field_value: valueless ? null : c.field_value,
  };
  const pretty =
    c.operator === null
      ? ''
      : describeCondition(
          { ...body, field_value: valueless ? null : conditionValueLabel(c, options) },
          conditionFieldLabel(c, options),
        );
  return { ...body, pretty_description: pretty };
}

/** The request body of a draft; what the modal sends and what the schema checks. */
export function toRequest(draft: RuleDraft, options?: RuleOptions): SaveRuleRequest {
  const def = draft.type ? actionDefinition(draft.type) : undefined;
  const amount = draft.delay_amount === '' ? Number.NaN : Number(draft.delay_amount);
  return {
    event_trigger_tag: draft.event_trigger_tag ?? '',
    type: (draft.type ?? '') as ActionType,
    description: draft.description,
    // Only what the chosen action uses goes along: a field left over from another action is dropped.
    morph_id: def?.morph && def.morph !== 'flowstatus' ? draft.morph_id : null,
    user_id: def?.user ? draft.user_id : null,
    text: def?.text ? draft.text : '',
    flowTags: def?.tags ? draft.flowTags : [],
    is_delayed: draft.is_delayed,
    delaytime_raw: draft.is_delayed ? (draft.direction === 'before' ? -amount : amount) : 0,
    delaytime_unit: draft.delaytime_unit,
    startfromnow: draft.startfromnow,
    cancel_tags: draft.cancel_tags,
    conditions: draft.conditions.map((c) => conditionRequest(c, options)),
  };
}

/** The schema's messages by field path ('user_id', 'conditions.0.field_value'); empty when valid. */
export function draftErrors(draft: RuleDraft, options?: RuleOptions): Record<string, string> {
  const body = toRequest(draft, options);
  const errors: Record<string, string> = {};
  const collect = (value: SaveRuleRequest, skip: (key: string) => boolean) => {
    const result = zSaveEventTriggerRule.safeParse(value);
    if (result.success) return;
    for (const issue of result.error.issues) {
      const key = issue.path.join('.');
      if (!skip(key)) errors[key] ??= issue.message;
    }
  };
  collect(body, () => false);
  // The schema checks the action and conditions only once trigger and action are chosen; a second
  // look with stand-ins shows those messages too, so everything missing is said at once.
  if (errors.event_trigger_tag || errors.type)
    collect(
      {
        ...body,
        event_trigger_tag: draft.event_trigger_tag ?? STAND_IN_TRIGGER,
        type: draft.type ?? STAND_IN_ACTION,
      },
      (key) => (!draft.event_trigger_tag && key === 'delaytime_raw') || key === 'event_trigger_tag',
    );
  return errors;
}

// A trigger and an action that need nothing themselves (only for draftErrors' second look).
const STAND_IN_TRIGGER = 'flow_created';
const STAND_IN_ACTION: ActionType = 'start_project';

/** Who a rule's action may be for: the company's users, the flow's handler, and everyone where allowed. */
export function userChoices(
  type: ActionType | null,
  users: { id: number; name: string }[],
  texts: { userHandler: string; userEveryone: string },
): { value: string; label: string }[] {
  const everyone = type === 'create_action' || type === 'create_notification';
  return [
    { value: String(RULE_USER_HANDLER), label: texts.userHandler },
    ...(everyone ? [{ value: String(RULE_USER_EVERYONE), label: texts.userEveryone }] : []),
    ...users.map((u) => ({ value: String(u.id), label: u.name })),
  ];
}
