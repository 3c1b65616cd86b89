import type { CalculationItem } from '@im/domain';
import { describe, expect, it } from 'vitest';
import {
  DISCOUNT_DRAFT,
  draftedEngineItem,
  draftKey,
  draftRequest,
  draftRequests,
  draftsFromSaved,
  isSendable,
  lineBase,
} from './line-drafts';

const item = (over: Partial<CalculationItem> = {}) =>
  ({
    id: 1,
    calculationitem_id: null,
    order: 0,
    item_type: 'product',
    product_type: 'standard',
    pricing: {
      calc_base: 'inc',
      calc_method: 'fixed',
      tiers: [{ unit_amount: 0, unit_rate_exc: 100, unit_rate_inc: 121 }],
    },
    product_amount: 2,
    unit_amount_manual: null,
    unit_rate_exc_manual: null,
    unit_rate_inc_manual: null,
    start_amount_exc: 0,
    start_amount_inc: 0,
    discount_percentage: 0,
    selected: true,
    additionalwork: false,
    percentage_vat_0: 0,
    percentage_vat_6: 0,
    percentage_vat_9: 0,
    percentage_vat_21: 100,
    ...over,
  }) as CalculationItem;

describe('line drafts', () => {
  it('edits the rate on the side the line is priced on', () => {
    expect(lineBase(item())).toBe('inc');
    expect(lineBase(item({ unit_rate_exc_manual: 5 }))).toBe('exc');
    expect(draftRequest(item(), 'rate', '99,95')).toEqual({ unit_rate_inc_manual: '99.95' });
    expect(draftRequest(item({ pricing: null }), 'rate', '10')).toEqual({ unit_rate_exc_manual: '10' });
  });

  it('applies only drafts that parse by the server rule; bad text keeps the saved value', () => {
    const drafted = draftedEngineItem(item(), {
      product_amount: '3',
      rate: 'tien',
      discount_percentage: '150',
    });
    expect(drafted).toMatchObject({
      product_amount: '3',
      unit_rate_inc_manual: null,
      discount_percentage: 0,
    });
    expect(draftRequest(item(), 'product_amount', '-1')).toBeNull();
    expect(draftRequest(item(), 'item_name', 'Nieuw')).toEqual({ item_name: 'Nieuw' });
  });

  it('turns the kept drafts into one request per line and the discount, skipping a deleted line', () => {
    const saved = {
      [draftKey(1, 'product_amount')]: '3',
      [draftKey(1, 'rate')]: '99,95',
      [draftKey(2, 'item_name')]: 'Steiger',
      [draftKey(9, 'item_name')]: 'Weg',
      [DISCOUNT_DRAFT]: '7,5',
    };
    const requests = draftRequests([item(), item({ id: 2, pricing: null })], saved);
    expect([...requests.items]).toEqual([
      [1, { product_amount: '3', unit_rate_inc_manual: '99.95' }],
      [2, { item_name: 'Steiger' }],
    ]);
    expect(requests.discount).toBe('7.5');
    expect(draftsFromSaved(saved)).toEqual({
      drafts: {
        1: { product_amount: '3', rate: '99,95' },
        2: { item_name: 'Steiger' },
        9: { item_name: 'Weg' },
      },
      discount: '7,5',
    });
    expect(isSendable('product_amount', 'drie')).toBe(false);
    expect(isSendable('item_name', '')).toBe(true);
  });
});
