// The API contract of workflow rules (spec 000 sections 3-5 and 9; decision 027): event triggers,
// event trigger rules with conditions and delays, delayed rules, the "why" log and the dry run.
import { z } from 'zod';
import { zFlag } from '../flags';
import { FLOW_STAGES, FLOW_STATUSES } from '../flows';
import { zPaginated, zPaginationQuery } from '../pagination';
import { ACTION_TYPE_TAGS, actionDefinition, RULE_USER_EVERYONE } from '../workflow/actions';
import {
  CONDITION_OPERATORS,
  CONDITION_TYPES,
  FLOW_LEVEL_OPERATORS,
  VALUELESS_OPERATORS,
} from '../workflow/conditions';
import { DELAY_UNITS, type DelayUnit, delayToMinutes, MAX_DELAY_MINUTES } from '../workflow/delays';
import { EVENT_TRIGGER_TAGS, triggerDefinition } from '../workflow/triggers';
import { zId } from './common';

export const WORKFLOW_MESSAGES = {
  triggerRequired: 'Kies een trigger.',
  actionRequired: 'Kies een actie.',
  userRequired: 'Kies een gebruiker.',
  textRequired: 'Vul een tekst in.',
  tagsRequired: 'Kies minimaal één tag.',
  morphRequired: 'Kies waar de actie mee werkt.',
  statusRequired: 'Kies een status.',
  delayInvalid: 'Vul een geldige vertraging in.',
  delayNegative: 'Een vertraging vóór een datum kan alleen bij een datumtrigger.',
  conditionField: 'Een voorwaarde heeft een veld en een operator nodig.',
  conditionValue: 'Vul een waarde in voor deze voorwaarde.',
  ruleNotFound: 'Workflowregel niet gevonden.',
  triggerNotFound: 'Trigger niet gevonden.',
  delayedNotFound: 'Uitgestelde regel niet gevonden.',
  delayedNotPending: 'Deze uitgestelde regel is al uitgevoerd of geannuleerd.',
} as const;

export const zFlowStageOrGeneral = z.enum([...FLOW_STAGES, 'algemeen']);

// ---------------------------------------------------------------- event triggers

export const zEventTrigger = z.object({
  id: z.number().int(),
  tag: z.string(),
  description: z.string(),
  flowstage: zFlowStageOrGeneral,
  hasDocument: z.boolean(),
  hasTask: z.boolean(),
  /** Date triggers: the lead date the delay counts from. */
  lead_date: z.string().nullable(),
  /** Rules of the caller's company on this trigger. */
  rules_count: z.number().int(),
});
export type EventTrigger = z.infer<typeof zEventTrigger>;

export const zUpdateEventTrigger = z.object({
  description: z.string().trim().min(1, 'Vul een omschrijving in.').max(200).optional(),
  flowstage: zFlowStageOrGeneral.optional(),
  hasDocument: zFlag.optional(),
  hasTask: zFlag.optional(),
});
export type UpdateEventTrigger = z.infer<typeof zUpdateEventTrigger>;

// ---------------------------------------------------------------- rules

export const zRuleConditionInput = z
  .object({
    type: z.enum(CONDITION_TYPES).default('flow'),
    field_name: z.string().trim().max(100).nullable().optional(),
    verticaldatafield_id: zId.nullable().optional(),
    vertical_id: zId.nullable().optional(),
    operator: z.enum(CONDITION_OPERATORS, { message: WORKFLOW_MESSAGES.conditionField }),
    field_value: z
      .union([z.string().max(500), z.number()])
      .nullable()
      .optional(),
    pretty_description: z.string().max(500).optional(),
  })
  .superRefine((c, ctx) => {
    const flowLevel = FLOW_LEVEL_OPERATORS.includes(c.operator);
    if (!flowLevel && c.type === 'form' && !c.verticaldatafield_id)
      ctx.addIssue({
        code: 'custom',
        message: WORKFLOW_MESSAGES.conditionField,
        path: ['verticaldatafield_id'],
      });
    if (!flowLevel && c.type !== 'form' && !c.field_name)
      ctx.addIssue({ code: 'custom', message: WORKFLOW_MESSAGES.conditionField, path: ['field_name'] });
    const valueless = VALUELESS_OPERATORS.includes(c.operator);
    const value = c.field_value === null || c.field_value === undefined ? '' : String(c.field_value).trim();
    if (!valueless && c.operator !== 'issame' && c.operator !== 'isnotsame' && value === '')
      ctx.addIssue({ code: 'custom', message: WORKFLOW_MESSAGES.conditionValue, path: ['field_value'] });
  });
export type RuleConditionInput = z.input<typeof zRuleConditionInput>;

export const zRuleCondition = z.object({
  type: z.enum(CONDITION_TYPES),
  field_name: z.string().nullable(),
  verticaldatafield_id: z.number().int().nullable(),
  vertical_id: z.number().int().nullable(),
  operator: z.enum(CONDITION_OPERATORS),
  field_value: z.string().nullable(),
  pretty_description: z.string(),
});

const zRuleTags = z.array(z.string().trim().min(1).max(100)).max(50);

/** A comma-separated list (the spec's form) or a list. */
const zCancelTags = z.union([z.string().max(2000), zRuleTags]).transform((v) =>
  (Array.isArray(v) ? v : v.split(','))
    .map((t) => t.trim())
    .filter(Boolean)
    .join(','),
);

const ruleFields = {
  event_trigger_tag: z.enum(EVENT_TRIGGER_TAGS as [string, ...string[]], {
    message: WORKFLOW_MESSAGES.triggerRequired,
  }),
  type: z.enum(ACTION_TYPE_TAGS, { message: WORKFLOW_MESSAGES.actionRequired }),
  is_delayed: zFlag.default(false),
  /** The delay as entered: a number in `delaytime_unit`; negative only for date triggers (before). */
  delaytime_raw: z.coerce
    .number({ message: WORKFLOW_MESSAGES.delayInvalid })
    .finite(WORKFLOW_MESSAGES.delayInvalid)
    .default(0),
  delaytime_unit: z.enum(DELAY_UNITS).default('days'),
  cancel_tags: zCancelTags.default(''),
  text: z.string().max(20_000).default(''),
  description: z.string().trim().max(500).default(''),
  morph_id: zId.nullable().default(null),
  user_id: z.coerce.number().int().min(0).max(2_147_483_647).nullable().default(null),
  conditions: z.array(zRuleConditionInput).max(30).default([]),
  startfromnow: zFlag.default(false),
  flowTags: zRuleTags.default([]),
};

/** What the engine checks of a rule's action before saving (the rule modal saves only when valid). */
function refineRule(
  r: {
    event_trigger_tag?: string;
    type?: string;
    user_id?: number | null;
    text?: string;
    flowTags?: string[];
    morph_id?: number | null;
    is_delayed?: boolean;
    delaytime_raw?: number;
    delaytime_unit?: DelayUnit;
  },
  ctx: z.RefinementCtx,
) {
  const def = r.type ? actionDefinition(r.type) : undefined;
  if (def) {
    if (def.user === 'required' && (r.user_id === null || r.user_id === undefined))
      ctx.addIssue({ code: 'custom', message: WORKFLOW_MESSAGES.userRequired, path: ['user_id'] });
    if (def.text && !(r.text ?? '').trim())
      ctx.addIssue({
        code: 'custom',
        message:
          def.morph === 'flowstatus' ? WORKFLOW_MESSAGES.statusRequired : WORKFLOW_MESSAGES.textRequired,
        path: ['text'],
      });
    if (def.morph === 'flowstatus' && r.text && !(FLOW_STATUSES as readonly string[]).includes(r.text))
      ctx.addIssue({ code: 'custom', message: WORKFLOW_MESSAGES.statusRequired, path: ['text'] });
    if (def.tags && !(r.flowTags ?? []).length)
      ctx.addIssue({ code: 'custom', message: WORKFLOW_MESSAGES.tagsRequired, path: ['flowTags'] });
    if (def.morph && def.morph !== 'flowstatus' && !r.morph_id)
      ctx.addIssue({ code: 'custom', message: WORKFLOW_MESSAGES.morphRequired, path: ['morph_id'] });
    if (r.user_id === RULE_USER_EVERYONE && r.type !== 'create_action' && r.type !== 'create_notification')
      ctx.addIssue({ code: 'custom', message: WORKFLOW_MESSAGES.userRequired, path: ['user_id'] });
  }
  if (
    r.is_delayed &&
    Math.abs(delayToMinutes(r.delaytime_raw ?? 0, r.delaytime_unit ?? 'days')) > MAX_DELAY_MINUTES
  )
    ctx.addIssue({ code: 'custom', message: WORKFLOW_MESSAGES.delayInvalid, path: ['delaytime_raw'] });
  const trigger = r.event_trigger_tag ? triggerDefinition(r.event_trigger_tag) : undefined;
  if (r.is_delayed && r.delaytime_raw !== undefined && r.delaytime_raw < 0 && trigger && !trigger.leadDate)
    ctx.addIssue({ code: 'custom', message: WORKFLOW_MESSAGES.delayNegative, path: ['delaytime_raw'] });
}

export const zSaveEventTriggerRule = z.object(ruleFields).superRefine(refineRule);
export type SaveEventTriggerRule = z.infer<typeof zSaveEventTriggerRule>;

/** A PATCH sends the whole rule as the modal holds it (a rule's fields depend on each other). */
export const zUpdateEventTriggerRule = zSaveEventTriggerRule;

export const zEventTriggerRule = z.object({
  id: z.number().int(),
  event_trigger_tag: z.string(),
  event_trigger_description: z.string(),
  flowstage: zFlowStageOrGeneral,
  type: z.string(),
  type_label: z.string(),
  is_delayed: z.boolean(),
  /** Minutes; negative: before the date of a date trigger. */
  delaytime: z.number().int(),
  delaytime_unit: z.enum(DELAY_UNITS),
  delaytime_raw: z.number(),
  cancel_tags: z.string(),
  text: z.string(),
  description: z.string(),
  morph_id: z.number().int().nullable(),
  /** What morph_id names, readable ('Welkomstmail', 'Fase Ingepland', ...). */
  morph_label: z.string().nullable(),
  user_id: z.number().int().nullable(),
  user_label: z.string().nullable(),
  conditions: z.array(zRuleCondition),
  startfromnow: z.boolean(),
  flowTags: z.array(z.string()),
  pending_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type EventTriggerRule = z.infer<typeof zEventTriggerRule>;

export const zEventTriggerRuleQuery = z.object({
  event_trigger_tag: z.string().max(100).optional(),
  type: z.enum(ACTION_TYPE_TAGS).optional(),
  flowstage: zFlowStageOrGeneral.optional(),
});
export type EventTriggerRuleQuery = z.infer<typeof zEventTriggerRuleQuery>;

/** The choices the rule modal offers, all of the caller's company. */
export const zRuleOptions = z.object({
  flowphases: z.array(z.object({ id: z.number().int(), name: z.string(), flowstage: z.string() })),
  flowprofiles: z.array(z.object({ id: z.number().int(), name: z.string() })),
  mailtemplates: z.array(z.object({ id: z.number().int(), name: z.string(), template_type: z.string() })),
  messagetemplates: z.array(z.object({ id: z.number().int(), name: z.string() })),
  webhookconnections: z.array(z.object({ id: z.number().int(), name: z.string(), status: z.string() })),
  documenttemplates: z.array(z.object({ id: z.number().int(), name: z.string(), kind: z.string() })),
  tasktemplates: z.array(z.object({ id: z.number().int(), name: z.string() })),
  users: z.array(z.object({ id: z.number().int(), name: z.string() })),
  partners: z.array(z.object({ id: z.number().int(), name: z.string() })),
  formfields: z.array(
    z.object({
      id: z.number().int(),
      vertical_id: z.number().int(),
      vertical_name: z.string(),
      label: z.string(),
    }),
  ),
  flow_tags: z.array(z.string()),
});
export type RuleOptions = z.infer<typeof zRuleOptions>;

// ---------------------------------------------------------------- delayed rules and the why log

export const DELAYED_RULE_STATUSES = [
  'pending',
  'running',
  'fired',
  'skipped',
  'failed',
  'cancelled',
] as const;
export const DELAYED_RULE_STATUS_LABELS: Record<(typeof DELAYED_RULE_STATUSES)[number], string> = {
  pending: 'Gepland',
  running: 'Bezig',
  fired: 'Uitgevoerd',
  skipped: 'Overgeslagen',
  failed: 'Mislukt',
  cancelled: 'Geannuleerd',
};

export const zDelayedRule = z.object({
  id: z.number().int(),
  rule_id: z.number().int().nullable(),
  rule_description: z.string(),
  type_label: z.string(),
  event_trigger_description: z.string(),
  flow_id: z.number().int(),
  due_at: z.string(),
  status: z.enum(DELAYED_RULE_STATUSES),
  reason: z.string().nullable(),
  created_at: z.string(),
});
export type DelayedRule = z.infer<typeof zDelayedRule>;

export const zUpdateDelayedRule = z.object({
  due_at: z.iso.datetime({ offset: true, message: 'Vul een geldig tijdstip in.' }),
});

export const RULE_RUN_OUTCOMES = ['fired', 'scheduled', 'skipped', 'failed', 'cancelled'] as const;
export const RULE_RUN_OUTCOME_LABELS: Record<(typeof RULE_RUN_OUTCOMES)[number], string> = {
  fired: 'Uitgevoerd',
  scheduled: 'Ingepland',
  skipped: 'Overgeslagen',
  failed: 'Mislukt',
  cancelled: 'Geannuleerd',
};

export const zConditionOutcome = z.object({
  pretty_description: z.string(),
  holds: z.boolean(),
  actual: z.string(),
});

export const zRuleRun = z.object({
  id: z.number().int(),
  rule_id: z.number().int().nullable(),
  rule_description: z.string(),
  type_label: z.string(),
  trigger: z.string(),
  trigger_description: z.string(),
  outcome: z.enum(RULE_RUN_OUTCOMES),
  reason: z.string(),
  conditions: z.array(zConditionOutcome),
  delayed_rule_id: z.number().int().nullable(),
  created_at: z.string(),
});
export type RuleRun = z.infer<typeof zRuleRun>;

export const zRuleRunQuery = zPaginationQuery;
export const zRuleRunPage = zPaginated(zRuleRun);

export const zDryRunRequest = z.object({
  flow_id: zId,
  event_trigger_tag: z.string().max(100).optional(),
});

export const zDryRunResult = z.array(
  z.object({
    rule_id: z.number().int(),
    description: z.string(),
    type_label: z.string(),
    trigger: z.string(),
    trigger_description: z.string(),
    would_fire: z.boolean(),
    /** For delayed rules: when it would fire if the trigger happened now (date triggers: from the date). */
    due_at: z.string().nullable(),
    reason: z.string(),
    conditions: z.array(zConditionOutcome),
  }),
);
export type DryRunResult = z.infer<typeof zDryRunResult>;
