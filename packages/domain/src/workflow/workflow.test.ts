import { describe, expect, it } from 'vitest';
import { zSaveEventTriggerRule } from '../contract/workflow';
import { ACTION_TYPES } from './actions';
import { evaluateConditions, type RuleCondition, type RuleFacts } from './conditions';
import { delayDisplay, delayToMinutes, formatDelay } from './delays';
import { EVENT_TRIGGERS, touchesLeadDates, triggersOfEvent } from './triggers';

describe('delays (spec 000 section 4)', () => {
  it('shows years above 525599 minutes, days above 1439, hours above 59, else minutes', () => {
    expect(delayDisplay(525600)).toEqual({ raw: 1, unit: 'years' });
    expect(delayDisplay(525599).unit).toBe('days');
    expect(delayDisplay(1440)).toEqual({ raw: 1, unit: 'days' });
    expect(delayDisplay(1439).unit).toBe('hours');
    expect(delayDisplay(60)).toEqual({ raw: 1, unit: 'hours' });
    expect(delayDisplay(59)).toEqual({ raw: 59, unit: 'minutes' });
    expect(delayDisplay(-4320)).toEqual({ raw: -3, unit: 'days' });
  });
  it('converts back with 60/1440/10080/43200/525600 minutes', () => {
    expect(delayToMinutes(2, 'hours')).toBe(120);
    expect(delayToMinutes(3, 'days')).toBe(4320);
    expect(delayToMinutes(1, 'weeks')).toBe(10080);
    expect(delayToMinutes(1, 'months')).toBe(43200);
    expect(delayToMinutes(1, 'years')).toBe(525600);
    expect(formatDelay(4320)).toBe('3 dagen');
    expect(formatDelay(60)).toBe('1 uur');
  });
});

describe('triggers of domain events', () => {
  it('maps flow, document, intake, task, message, incident and form events', () => {
    expect(triggersOfEvent({ kind: 'flow.create', changes: null })).toEqual(['flow_created']);
    expect(triggersOfEvent({ kind: 'flow.create', changes: { website_id: 3 } })).toEqual([
      'flow_created',
      'flow_created_website',
    ]);
    expect(triggersOfEvent({ kind: 'flow.status', changes: { flow_status: ['new', 'quotation'] } })).toEqual([
      'flow_status_changed',
    ]);
    expect(triggersOfEvent({ kind: 'flow.status', changes: { flow_phase_id: [1, 2] } })).toEqual([
      'flow_substatus_changed',
    ]);
    expect(triggersOfEvent({ kind: 'quotation.send', changes: { status: ['draft', 'sent'] } })).toEqual([
      'quotation_sent',
    ]);
    expect(triggersOfEvent({ kind: 'quotation.status', changes: { status: ['sent', 'approved'] } })).toEqual([
      'quotation_approved',
    ]);
    expect(
      triggersOfEvent({ kind: 'confirmation.status', changes: { status: ['sent', 'rejected'] } }),
    ).toEqual(['confirmation_rejected']);
    expect(triggersOfEvent({ kind: 'invoice.status', changes: { status: ['sent', 'paid'] } })).toEqual([
      'invoice_paid',
    ]);
    expect(triggersOfEvent({ kind: 'intake.status', changes: { status: ['draft', 'planned'] } })).toEqual([
      'intake_planned',
    ]);
    expect(triggersOfEvent({ kind: 'task.status', changes: { status: 'afgerond' } })).toEqual([
      'task_completed',
    ]);
    expect(triggersOfEvent({ kind: 'message.create', changes: { by: 'customer' } })).toEqual([
      'message_from_customer',
    ]);
    expect(triggersOfEvent({ kind: 'message.create', changes: null })).toEqual([]);
    expect(triggersOfEvent({ kind: 'incident.create', changes: null })).toEqual(['incident_reported']);
    expect(
      triggersOfEvent({ kind: 'flowdataitem.status', changes: { status: ['open', 'sent'], by: 'customer' } }),
    ).toEqual(['form_sent_by_customer']);
  });
  it('knows which events move lead dates', () => {
    expect(touchesLeadDates({ kind: 'flow.status', changes: {} })).toBe(true);
    expect(touchesLeadDates({ kind: 'flow.update', changes: { date_project_start: '2027-01-01' } })).toBe(
      true,
    );
    expect(touchesLeadDates({ kind: 'flow.update', changes: { description: 'x' } })).toBe(false);
  });
  it('every trigger and action type has a unique tag and a Dutch label', () => {
    expect(new Set(EVENT_TRIGGERS.map((t) => t.tag)).size).toBe(EVENT_TRIGGERS.length);
    expect(new Set(ACTION_TYPES.map((a) => a.type)).size).toBe(ACTION_TYPES.length);
    expect(ACTION_TYPES.length).toBeGreaterThanOrEqual(29);
  });
});

describe('conditions (spec 000 section 5)', () => {
  const facts: RuleFacts = {
    flow: { flow_status: 'quotation', lead_source: 'Eigen website', tags: ['subsidie', 'spoed'], user_id: 7 },
    relation: { city: 'Zwolle', postcode: '8011AB' },
    form: { 12: [14, 22], 13: [] },
    flowprofile_id: 3,
    partner_id: null,
  };
  const c = (partial: Partial<RuleCondition>): RuleCondition => ({
    field_name: null,
    verticaldatafield_id: null,
    vertical_id: null,
    operator: 'issame',
    field_value: null,
    type: 'flow',
    pretty_description: '',
    ...partial,
  });
  it('evaluates the fourteen operators', () => {
    const hold = (x: Partial<RuleCondition>) => evaluateConditions([c(x)], facts).holds;
    expect(hold({ field_name: 'flow_status', field_value: 'quotation' })).toBe(true);
    expect(hold({ field_name: 'flow_status', operator: 'isnotsame', field_value: 'quotation' })).toBe(false);
    expect(hold({ field_name: 'user_id', operator: 'isbigger', field_value: '5' })).toBe(true);
    expect(hold({ field_name: 'user_id', operator: 'isbiggerorequal', field_value: '7' })).toBe(true);
    expect(hold({ field_name: 'user_id', operator: 'issmaller', field_value: '7' })).toBe(false);
    expect(hold({ field_name: 'user_id', operator: 'issmallerorequal', field_value: '7' })).toBe(true);
    expect(hold({ field_name: 'description', operator: 'isfilledin' })).toBe(false);
    expect(hold({ field_name: 'description', operator: 'isnotfilledin' })).toBe(true);
    expect(hold({ operator: 'hasflowprofile', field_value: '3' })).toBe(true);
    expect(hold({ operator: 'doesnothaveflowprofile', field_value: '3' })).toBe(false);
    expect(hold({ operator: 'haspartner', field_value: '1' })).toBe(false);
    expect(hold({ operator: 'doesnothavepartner', field_value: '1' })).toBe(true);
    expect(hold({ operator: 'partnerpresent' })).toBe(false);
    expect(hold({ operator: 'partnernotpresent' })).toBe(true);
  });
  it('reads tags as a set, relation fields and form fields over every copy', () => {
    const hold = (x: Partial<RuleCondition>) => evaluateConditions([c(x)], facts).holds;
    expect(hold({ field_name: 'tags', field_value: 'Spoed' })).toBe(true);
    expect(hold({ field_name: 'tags', operator: 'isnotsame', field_value: 'spoed' })).toBe(false);
    expect(hold({ type: 'relation', field_name: 'city', field_value: 'zwolle' })).toBe(true);
    expect(hold({ type: 'form', verticaldatafield_id: 12, operator: 'isbigger', field_value: '20' })).toBe(
      true,
    );
    expect(hold({ type: 'form', verticaldatafield_id: 12, operator: 'isnotsame', field_value: '14' })).toBe(
      false,
    );
    expect(hold({ type: 'form', verticaldatafield_id: 13, operator: 'isnotfilledin' })).toBe(true);
  });
  it('all must hold, and the outcome says what was found', () => {
    const result = evaluateConditions(
      [
        c({ field_name: 'flow_status', field_value: 'quotation' }),
        c({ field_name: 'lead_source', field_value: 'Beurs' }),
      ],
      facts,
    );
    expect(result.holds).toBe(false);
    expect(result.outcomes.map((o) => [o.holds, o.actual])).toEqual([
      [true, 'Offerte'],
      [false, 'Eigen website'],
    ]);
  });
});

describe('rule validation', () => {
  const base = {
    event_trigger_tag: 'quotation_sent',
    type: 'create_action',
    user_id: 9999999,
    text: 'Nabellen',
  };
  it('accepts a valid rule with 1/0 flags and a comma list of cancel tags', () => {
    const r = zSaveEventTriggerRule.parse({
      ...base,
      is_delayed: 1,
      delaytime_raw: 3,
      cancel_tags: 'akkoord, ,geen',
    });
    expect(r.is_delayed).toBe(true);
    expect(r.cancel_tags).toBe('akkoord,geen');
  });
  it('refuses what the action needs but lacks, with Dutch messages', () => {
    const messages = (input: object) =>
      zSaveEventTriggerRule.safeParse(input).error?.issues.map((i) => i.message) ?? [];
    expect(messages({ ...base, text: '' })).toContain('Vul een tekst in.');
    expect(messages({ ...base, user_id: null })).toContain('Kies een gebruiker.');
    expect(messages({ ...base, type: 'send_email' })).toContain('Kies waar de actie mee werkt.');
    expect(messages({ ...base, type: 'add_flow_tags' })).toContain('Kies minimaal één tag.');
    expect(messages({ ...base, type: 'change_status', text: 'bogus' })).toContain('Kies een status.');
    expect(messages({ ...base, event_trigger_tag: 'nope' })).toContain('Kies een trigger.');
    expect(messages({ ...base, is_delayed: true, delaytime_raw: -2 })).toContain(
      'Een vertraging vóór een datum kan alleen bij een datumtrigger.',
    );
    expect(
      messages({ ...base, event_trigger_tag: 'leaddate_project_start', is_delayed: true, delaytime_raw: -2 }),
    ).toEqual([]);
    expect(messages({ ...base, conditions: [{ operator: 'issame' }] })).toContain(
      'Een voorwaarde heeft een veld en een operator nodig.',
    );
  });
});
