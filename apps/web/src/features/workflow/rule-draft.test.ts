import { delayToMinutes } from '@im/domain';
import { describe, expect, it } from 'vitest';
import { draftErrors, draftOf, emptyCondition, emptyDraft, toRequest } from './rule-draft';
import { createTestRule, createTestRuleOptions } from './test-factories';

describe('rule drafts', () => {
  it('show a stored delay in its display unit, with the direction apart', () => {
    expect(draftOf(createTestRule({ is_delayed: true, delaytime: 4320 }))).toMatchObject({
      delay_amount: 3,
      delaytime_unit: 'days',
      direction: 'after',
    });
    expect(draftOf(createTestRule({ is_delayed: true, delaytime: -90 }))).toMatchObject({
      delay_amount: 1.5,
      delaytime_unit: 'hours',
      direction: 'before',
    });
    expect(draftOf(createTestRule({ cancel_tags: 'akkoord, afgewezen,' })).cancel_tags).toEqual([
      'akkoord',
      'afgewezen',
    ]);
  });

  it('send the delay as entered (negative before a date) and only the fields the action uses', () => {
    const body = toRequest({
      ...emptyDraft(),
      event_trigger_tag: 'leaddate_project_start',
      type: 'send_message',
      morph_id: 31,
      user_id: 8,
      text: 'left over from another action',
      is_delayed: true,
      delay_amount: 2,
      delaytime_unit: 'weeks',
      direction: 'before',
    });
    expect(body).toMatchObject({
      morph_id: 31,
      user_id: null,
      text: '',
      delaytime_raw: -2,
      delaytime_unit: 'weeks',
    });
    expect(delayToMinutes(2, 'weeks')).toBe(20160);
    expect(toRequest({ ...emptyDraft(), delay_amount: 5 }).delaytime_raw).toBe(0);
  });

  it("say everything missing at once, in the contract's Dutch words", () => {
    const errors = draftErrors({
      ...emptyDraft(),
      conditions: [{ ...emptyCondition(), operator: 'isbigger' }],
    });
    expect(errors).toMatchObject({
      event_trigger_tag: 'Kies een trigger.',
      type: 'Kies een actie.',
      'conditions.0.field_name': 'Een voorwaarde heeft een veld en een operator nodig.',
      'conditions.0.field_value': 'Vul een waarde in voor deze voorwaarde.',
    });
    const options = createTestRuleOptions();
    expect(
      draftErrors(
        {
          ...emptyDraft(),
          event_trigger_tag: 'flow_created',
          type: 'create_notification',
          user_id: 0,
          text: 'Nieuw dossier',
        },
        options,
      ),
    ).toEqual({});
    expect(
      draftErrors(
        { ...emptyDraft(), event_trigger_tag: 'flow_created', type: 'change_handler', user_id: 0 },
        options,
      ),
    ).toEqual({ user_id: 'Kies een gebruiker.' });
  });
});
