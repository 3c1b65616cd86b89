import { describe, expect, it } from 'vitest';
import { toOrganizationRequest, validateOrganizationFields } from './organization-fields';

const values = {
  name: 'Gemeente Groningen',
  email: '',
  phone: '',
  coc_number: '',
  vat_number: '',
  oin: ' 00000001001589623000 ',
  buyer_reference: ' Afdeling Vastgoed ',
  order_reference: ' 4500012345 ',
};

describe('organization fields', () => {
  it('sends the OIN and the references trimmed', () => {
    expect(toOrganizationRequest(values)).toMatchObject({
      oin: '00000001001589623000',
      buyer_reference: 'Afdeling Vastgoed',
      order_reference: '4500012345',
    });
  });

  it('refuses an OIN that is not 20 digits, and accepts an empty one', () => {
    expect(validateOrganizationFields({ ...values, oin: '12345' }).oin).toBe(
      'Een OIN bestaat uit 20 cijfers.',
    );
    expect(validateOrganizationFields({ ...values, oin: '' }).oin).toBeUndefined();
    expect(validateOrganizationFields(values).oin).toBeUndefined();
  });
});
