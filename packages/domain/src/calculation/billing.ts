// What an invoice bills (decision 022): the whole calculation, a part of it (a partial invoice), what
// is left (the rest invoice) or the negation of another invoice (a credit invoice). Amounts per VAT
// rate, to the cent, so that the parts of a project always add up to the whole exactly.
import { VAT_RATES, type VatRate } from './constants';
import { allocate, Dec, type DecValue, dec, RATE_FRACTION, round2, ZERO } from './pricing';

/** Net amount per rate and VAT per rate, with their sums; euros as numbers (2 decimals). */
export interface BilledAmounts {
  exc_0: number;
  exc_6: number;
  exc_9: number;
  exc_21: number;
  vat_6: number;
  vat_9: number;
  vat_21: number;
  exc: number;
  vat: number;
  inc: number;
}

export const PARTIAL_INVOICE_TYPES = ['fromamount', 'frompercentage', 'rest'] as const;
export type PartialInvoiceType = (typeof PARTIAL_INVOICE_TYPES)[number];
export const PARTIAL_INVOICE_TYPE_LABELS: Record<PartialInvoiceType, string> = {
  fromamount: 'Deelfactuur (bedrag)',
  frompercentage: 'Deelfactuur (percentage)',
  rest: 'Restfactuur',
};

export type PartialSpec =
  | { type: 'frompercentage'; value: DecValue }
  | { type: 'fromamount'; value: DecValue }
  | { type: 'rest' };

type Parts = { exc: Record<VatRate, Dec>; vat: Record<VatRate, Dec> };
const HUNDRED = new Dec(100);
const zero = (): Record<VatRate, Dec> => ({ 0: ZERO, 6: ZERO, 9: ZERO, 21: ZERO });

function partsOf(b: BilledAmounts): Parts {
  return {
    exc: { 0: dec(b.exc_0), 6: dec(b.exc_6), 9: dec(b.exc_9), 21: dec(b.exc_21) },
    vat: { 0: ZERO, 6: dec(b.vat_6), 9: dec(b.vat_9), 21: dec(b.vat_21) },
  };
}

function billedOf(p: Parts): BilledAmounts {
  const n = (d: Dec) => (d.isZero() ? 0 : d.toNumber());
  const exc = VAT_RATES.reduce((a, r) => a.plus(p.exc[r]), ZERO);
  const vat = VAT_RATES.reduce((a, r) => a.plus(p.vat[r]), ZERO);
  return {
    exc_0: n(p.exc[0]),
    exc_6: n(p.exc[6]),
    exc_9: n(p.exc[9]),
    exc_21: n(p.exc[21]),
    vat_6: n(p.vat[6]),
    vat_9: n(p.vat[9]),
    vat_21: n(p.vat[21]),
    exc: n(exc),
    vat: n(vat),
    inc: n(exc.plus(vat)),
  };
}

/** The amounts of a whole calculation (its stored or computed totals). */
export function billedFromTotals(t: {
  amount_exc_vat_0: DecValue;
  amount_exc_vat_6: DecValue;
  amount_exc_vat_9: DecValue;
  amount_exc_vat_21: DecValue;
  amount_vat_6: DecValue;
  amount_vat_9: DecValue;
  amount_vat_21: DecValue;
}): BilledAmounts {
  return billedOf({
    exc: {
      0: dec(t.amount_exc_vat_0),
      6: dec(t.amount_exc_vat_6),
      9: dec(t.amount_exc_vat_9),
      21: dec(t.amount_exc_vat_21),
    },
    vat: { 0: ZERO, 6: dec(t.amount_vat_6), 9: dec(t.amount_vat_9), 21: dec(t.amount_vat_21) },
  });
}

export const ZERO_BILLED: BilledAmounts = billedOf({ exc: zero(), vat: zero() });

export function negateBilled(b: BilledAmounts): BilledAmounts {
  const p = partsOf(b);
  return billedOf({
    exc: { 0: p.exc[0].negated(), 6: p.exc[6].negated(), 9: p.exc[9].negated(), 21: p.exc[21].negated() },
    vat: { 0: ZERO, 6: p.vat[6].negated(), 9: p.vat[9].negated(), 21: p.vat[21].negated() },
  });
}

export function sumBilled(list: readonly BilledAmounts[]): BilledAmounts {
  const exc = zero();
  const vat = zero();
  for (const b of list) {
    const p = partsOf(b);
    for (const r of VAT_RATES) {
      exc[r] = exc[r].plus(p.exc[r]);
      vat[r] = vat[r].plus(p.vat[r]);
    }
  }
  return billedOf({ exc, vat });
}

/** The net amount at a rate whose net plus its VAT (rounded to cents) is exactly `inc`, when one exists. */
function netForInc(inc: Dec, rate: VatRate): Dec {
  const guess = round2(inc.dividedBy(RATE_FRACTION[rate].plus(1)));
  for (const d of [ZERO, new Dec('0.01'), new Dec('-0.01')]) {
    const net = guess.plus(d);
    if (net.plus(round2(net.times(RATE_FRACTION[rate]))).equals(inc)) return net;
  }
  return guess;
}

export type PartialResult = { ok: true; billed: BilledAmounts } | { ok: false; error: string };

export const BILLING_TEXTS = {
  percentageRange: 'Kies een percentage groter dan 0 en hoogstens 100.',
  amountPositive: 'Vul een bedrag groter dan 0 in.',
  moreThanOpen: (open: string) => `Dit is meer dan er nog te factureren is (${open}).`,
  nothingLeft: 'Er is niets meer te factureren: de deelfacturen dekken het hele bedrag al.',
  wholeEmpty: 'De calculatie heeft nog geen bedrag om een deel van te factureren.',
  partZero: 'Dit deel komt op € 0,00 uit: kies een bedrag of percentage van minstens een cent.',
  nothingToBill:
    'Deze factuur komt op € 0,00 uit en kan niet worden verstuurd. Voeg regels met een bedrag toe.',
} as const;

/**
 * A partial invoice's amounts. `whole` is the calculation the parts are taken of; `others` are the
 * other parts of the same project (not cancelled, no credit invoices). A percentage takes that share
 * of each rate's net amount; an amount (incl. VAT) is spread over the rates like the whole's amounts
 * incl. VAT are; the rest bills exactly what the others leave, per rate, VAT included.
 */
export function partialBilled(
  whole: BilledAmounts,
  spec: PartialSpec,
  others: readonly BilledAmounts[],
  formatOpen: (amount: number) => string = (a) => a.toFixed(2),
): PartialResult {
  const w = partsOf(whole);
  const done = partsOf(sumBilled(others));
  const open = dec(whole.inc).minus(dec(sumBilled(others).inc));
  if (dec(whole.inc).isZero() && spec.type !== 'rest') return { ok: false, error: BILLING_TEXTS.wholeEmpty };
  if (spec.type === 'rest') {
    const exc = zero();
    const vat = zero();
    for (const r of VAT_RATES) {
      exc[r] = w.exc[r].minus(done.exc[r]);
      vat[r] = w.vat[r].minus(done.vat[r]);
    }
    const rest = billedOf({ exc, vat });
    if (whole.inc >= 0 ? rest.inc <= 0 : rest.inc >= 0)
      return { ok: false, error: BILLING_TEXTS.nothingLeft };
    return { ok: true, billed: rest };
  }
  const value = dec(spec.value);
  let result: Parts;
  if (spec.type === 'frompercentage') {
    if (value.lessThanOrEqualTo(0) || value.greaterThan(100))
      return { ok: false, error: BILLING_TEXTS.percentageRange };
    const exc = zero();
    const vat = zero();
    for (const r of VAT_RATES) {
      exc[r] = round2(w.exc[r].times(value).dividedBy(HUNDRED));
      vat[r] = round2(exc[r].times(RATE_FRACTION[r]));
    }
    result = { exc, vat };
  } else {
    if (value.lessThanOrEqualTo(0)) return { ok: false, error: BILLING_TEXTS.amountPositive };
    const amount = round2(value);
    const wholeInc = dec(whole.inc);
    const share = zero();
    for (const r of VAT_RATES) share[r] = w.exc[r].plus(w.vat[r]).times(HUNDRED).dividedBy(wholeInc);
    const incParts = allocate(amount, share);
    const exc = zero();
    const vat = zero();
    for (const r of VAT_RATES) {
      exc[r] = netForInc(incParts[r], r);
      vat[r] = incParts[r].minus(exc[r]);
    }
    result = { exc, vat };
  }
  const billed = billedOf(result);
  // 0.001 is more than 0, but bills nothing: a part of € 0,00 is no part (decision 034).
  if (dec(billed.inc).isZero()) return { ok: false, error: BILLING_TEXTS.partZero };
  if (dec(billed.inc).greaterThan(open))
    return { ok: false, error: BILLING_TEXTS.moreThanOpen(formatOpen(open.toNumber())) };
  return { ok: true, billed };
}
