import { FORM_MESSAGES } from '@im/domain';
import { describe, expect, it } from 'vitest';
import { createTestField } from '../test-factories';
import { draftBody, draftErrors, draftFromField, uniqueFieldName, withLabel } from './field-draft';

describe('field draft', () => {
  it('an existing field follows its label only where the user never changed name or description', () => {
    const untouched = draftFromField(createTestField({ field_label: 'Lengte', field_name: 'lengte' }));
    expect(withLabel(untouched, 'Lengte (m)', new Set())).toMatchObject({
      field_name: 'lengte_m',
      description: 'Lengte (m)',
    });
    const own = draftFromField(
      createTestField({ field_label: 'Lengte', field_name: 'l', description: 'Lengte van de ruimte' }),
    );
    expect(withLabel(own, 'Lengte (m)', new Set())).toMatchObject({
      field_name: 'l',
      description: 'Lengte van de ruimte',
    });
  });

  it('gives a taken name a number suffix like the server does', () => {
    expect(uniqueFieldName('lengte', new Set(['lengte', 'lengte_2']))).toBe('lengte_3');
    expect(uniqueFieldName('breedte', new Set(['lengte']))).toBe('breedte');
  });

  it('blocks a duplicate name, a selectbox without options and formulas of calculated fields only', () => {
    const draft = {
      ...draftFromField(null),
      field_label: 'Dak',
      field_name: 'lengte',
      field_type: 'selectbox' as const,
    };
    expect(draftErrors(draft, ['lengte'])).toEqual({
      field_name: FORM_MESSAGES.fieldNameTaken,
      options: FORM_MESSAGES.optionsRequired,
    });
    const text = {
      ...draft,
      field_name: 'dak',
      field_type: 'text' as const,
      calculationrules: [{ formula: '', showrules: [] }],
    };
    expect(draftErrors(text, ['lengte'])).toEqual({});
    expect(draftBody(text).calculationrules).toEqual([]);
    expect(draftErrors({ ...text, field_type: 'hidden' }, ['lengte'])).toEqual({
      'calculationrules.0.formula': FORM_MESSAGES.formulaRequired,
    });
  });
});
