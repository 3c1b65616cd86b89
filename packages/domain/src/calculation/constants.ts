// Constants of products and calculations (spec 002 sections 3 and 9).
import { Decimal, type MoneyInput } from '../money';

export const VAT_RATES = [0, 6, 9, 21] as const;
export type VatRate = (typeof VAT_RATES)[number];
/**
 * The rates a new product or calculation line can have: the low rate of 6 % became 9 % on 1 January
 * 2019. The engine keeps 6 % (VAT_RATES) for products, lines and invoices that already have it
 * (decision 038).
 */
export const OPEN_VAT_RATES = [0, 9, 21] as const satisfies readonly VatRate[];
export const VAT_6_CLOSED = 'Het btw-tarief van 6% bestaat sinds 2019 niet meer; kies 9% of 21%.';

/**
 * Whether a split may have a 6 % share: only when the product or line already had one (old data keeps
 * computing and can be lowered); a new one, or one that had none, cannot get it.
 */
export function allowsVat6(before: { percentage_vat_6: MoneyInput } | null, next: MoneyInput): boolean {
  return (
    new Decimal(next).isZero() || (before !== null && new Decimal(before.percentage_vat_6).greaterThan(0))
  );
}

/** The rates to offer for a product or line: with 6 % only when it has a 6 % share already. */
export function vatRatesFor(before: { percentage_vat_6: MoneyInput } | null): readonly VatRate[] {
  return allowsVat6(before, 1) ? VAT_RATES : OPEN_VAT_RATES;
}

export const DEFAULT_VAT_RATE: VatRate = 21;
/** Default split of a new item or product over the rates 0, 6, 9 and 21 (percent). */
export const DEFAULT_VAT_SPLIT = { 0: 0, 6: 0, 9: 0, 21: 100 } as const satisfies Record<VatRate, number>;

export const DEFAULT_UNIT_OF_MEASUREMENT = 'stuks';
export const DEFAULT_PRODUCT_AMOUNT = 1;

export const ITEM_TYPES = ['product', 'manual', 'header'] as const;
export type ItemType = (typeof ITEM_TYPES)[number];

export const PRODUCT_TYPES = [
  'standard',
  'manual',
  'header',
  'combination',
  'sub',
  'derivative',
  'subderivative',
] as const;
export type ProductType = (typeof PRODUCT_TYPES)[number];

export const PRODUCT_STATUSES = ['approved', 'concept'] as const;
export type ProductStatus = (typeof PRODUCT_STATUSES)[number];
export const PRODUCT_STATUS_LABELS: Record<ProductStatus, string> = {
  approved: 'Goedgekeurd',
  concept: 'Concept',
};

export const DATA_ORIGINS = ['manual', 'fromobject'] as const;
export type DataOrigin = (typeof DATA_ORIGINS)[number];

/** Whether a product's rates are entered excluding or including VAT; the other side is derived. */
export const CALC_BASES = ['exc', 'inc'] as const;
export type CalcBase = (typeof CALC_BASES)[number];

/**
 * How the price table turns an amount into a price (decision 016):
 * fixed: every unit at the rate of the tier the amount reaches;
 * cumulative: each slice of the amount at the rate of its own tier;
 * total: the tier's rate is the price of the whole line.
 */
export const CALC_METHODS = ['fixed', 'cumulative', 'total'] as const;
export type CalcMethod = (typeof CALC_METHODS)[number];
export const CALC_METHOD_LABELS: Record<CalcMethod, string> = {
  fixed: 'Vaste prijs per eenheid (staffel)',
  cumulative: 'Oplopende staffel per schijf',
  total: 'Totaalprijs per staffel',
};

export const TOGGLE_OPERATORS = [
  'issame',
  'isnotsame',
  'isbigger',
  'isbiggerorequal',
  'issmaller',
  'issmallerorequal',
  'isfilledin',
  'isnotfilledin',
] as const;
export type ToggleOperator = (typeof TOGGLE_OPERATORS)[number];
export const DEFAULT_TOGGLE_OPERATOR: ToggleOperator = 'issame';

export interface TagColumn {
  tag: string;
  description: string;
  selected: boolean;
}

/** Columns a calculation shows on a document; the default four are spec 002 section 9's. */
export const DEFAULT_CALCULATION_COLUMNS: readonly TagColumn[] = [
  { tag: 'description', description: 'Omschrijving', selected: true },
  { tag: 'product_amount', description: 'Aantal', selected: true },
  { tag: 'unit_of_measurement', description: 'Eenheid', selected: false },
  { tag: 'unit_rate_exc', description: 'Stukprijs excl. btw', selected: false },
  { tag: 'unit_rate_inc_start', description: 'Stukprijs incl. btw en starttarief', selected: true },
  { tag: 'vat_percentage', description: 'Btw', selected: false },
  { tag: 'discount_percentage', description: 'Korting', selected: false },
  { tag: 'total_exc', description: 'Totaal excl. btw', selected: false },
  { tag: 'total_inc', description: 'Totaal incl. btw', selected: true },
];

/**
 * A calculation's stored columns with today's name of each known column: a calculation keeps its
 * choice of columns, while a renamed column ('Stukprijs incl. start incl. btw' before) reads the same
 * on every calculation.
 */
export function labelledCalculationColumns(columns: readonly TagColumn[]): TagColumn[] {
  const names = new Map(DEFAULT_CALCULATION_COLUMNS.map((c) => [c.tag, c.description]));
  return columns.map((c) => ({ ...c, description: names.get(c.tag) ?? c.description }));
}

/** Total rows under the items. */
export const DEFAULT_CALCULATION_ROWS: readonly TagColumn[] = [
  { tag: 'subtotal_exc', description: 'Subtotaal excl. btw', selected: true },
  { tag: 'discount', description: 'Korting', selected: true },
  { tag: 'vat', description: 'Btw per tarief', selected: true },
  { tag: 'total_inc', description: 'Totaal incl. btw', selected: true },
  { tag: 'unit_rate', description: 'Prijs per eenheid', selected: false },
];

/** Lines per calculation; the engine recomputes 500 in well under a frame. */
export const CALCULATION_MAX_ITEMS = 2000;

/** Bounds that keep every amount exact in the engine and in numeric(18,4) columns. */
export const MAX_AMOUNT = 1_000_000;
export const MAX_RATE = 10_000_000;

/** Confirmation prompts of spec 002 section 5 for the calculation modal. */
export const CALCULATION_PROMPTS = {
  deleteItem: 'Dit item verwijderen?',
  duplicateItem: 'Deze regel dupliceren?',
  splitItem: 'Deze regel splitsen per btw-tarief?',
  empty: 'Alle regels van deze calculatie verwijderen?',
  addAll: 'Alle producten toevoegen?',
  reloadOriginItems:
    'Regels opnieuw laden uit de producten? Namen, teksten en prijzen worden weer die van het product.',
  resetToTemplate: 'Calculatie terugzetten naar de standaardcalculatie? De huidige regels gaan verloren.',
  splitAll: 'Alle regels met meerdere btw-tarieven splitsen?',
} as const;
