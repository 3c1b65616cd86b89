import { VAT_RATES, type VatRate } from '@im/domain';

/** The domain's rates that carry VAT: each shows its amount when the calculation or invoice has one. */
export const TAXED_RATES = VAT_RATES.filter((rate): rate is Exclude<VatRate, 0> => rate !== 0);
