import type { EngineItem } from '@im/domain';

export const ITEMS = 500;

/** 100 top-level lines, each with 4 sub-lines; every 7th priced from a 3-tier table, a third split 40/60. */
export function benchItems(count = ITEMS): EngineItem[] {
  const items: EngineItem[] = [];
  for (let i = 0; i < count; i++) {
    const top = i % 5 === 0;
    const split =
      i % 3 === 0
        ? { percentage_vat_0: 0, percentage_vat_6: 0, percentage_vat_9: 40, percentage_vat_21: 60 }
        : { percentage_vat_0: 0, percentage_vat_6: 0, percentage_vat_9: 0, percentage_vat_21: 100 };
    items.push({
      id: i + 1,
      parent_id: top ? null : Math.floor(i / 5) * 5 + 1,
      order: i,
      item_type: i % 7 === 0 ? 'product' : 'manual',
      product_type: null,
      pricing:
        i % 7 === 0
          ? {
              calc_base: i % 2 === 0 ? 'exc' : 'inc',
              calc_method: 'fixed',
              tiers: [
                { unit_amount: 0, unit_rate_exc: 179, unit_rate_inc: 216.59 },
                { unit_amount: 10, unit_rate_exc: 165, unit_rate_inc: 199.65 },
                { unit_amount: 20, unit_rate_exc: 155, unit_rate_inc: 187.55 },
              ],
            }
          : null,
      product_amount: String((i % 13) + 1),
      unit_amount_manual: null,
      alternative_amount: null,
      unit_rate_exc_manual: i % 7 === 0 ? null : `${(i % 50) + 12}.3456`,
      unit_rate_inc_manual: null,
      start_amount_exc: i % 4 === 0 ? '25' : '0',
      start_amount_inc: '0',
      discount_percentage: i % 6 === 0 ? '5' : '0',
      selected: i % 17 !== 0,
      additionalwork: false,
      ...split,
    });
  }
  return items;
}
