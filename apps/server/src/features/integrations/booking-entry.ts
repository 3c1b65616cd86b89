// A sent invoice as a sales entry (decision 065): one line per VAT rate billed, on the ledger and VAT code the
// accounting settings give that rate (21 % high, 9 % and 6 % low, 0 % zero, reverse-charged 0 % shifted), with
// the calculation's discount handled as the settings say. Amounts are decimal, to the cent; the lines add up
// to exactly what the invoice billed.
import {
  type AccountingSettings,
  type AccountingVatSlot,
  Decimal,
  INTEGRATION_TEXTS,
  VAT_RATES,
} from '@im/domain';
import type { InvoiceForBooking } from '../invoices';
import type { AccountingEntry, AccountingLine } from './accounting-provider';

type Rate = (typeof VAT_RATES)[number];

const slotOf = (rate: Rate, reverseCharge: boolean): AccountingVatSlot =>
  rate === 21 ? 'high' : rate === 0 ? (reverseCharge ? 'shifted' : 'zero') : 'low';

const SLOT_FIELDS: Record<
  AccountingVatSlot,
  { ledger: keyof AccountingSettings; description: keyof AccountingSettings; vat: keyof AccountingSettings }
> = {
  high: { ledger: 'gl_reference', description: 'gl_description', vat: 'vat_code_high' },
  low: { ledger: 'gl_reference_low', description: 'gl_description_low', vat: 'vat_code_low' },
  zero: { ledger: 'gl_reference_zero', description: 'gl_description_zero', vat: 'vat_code_zero' },
  shifted: { ledger: 'gl_reference_shifted', description: 'gl_description_shifted', vat: 'vat_code_shifted' },
};

const SLOT_NAMES: Record<AccountingVatSlot, string> = {
  high: 'hoog tarief',
  low: 'laag tarief',
  zero: '0%',
  shifted: 'verlegd',
};

/** Splits `total` over `weights` in proportion, to the cent; the rounding rest goes to the largest weight. */
export function allocate(total: Decimal, weights: Decimal[]): Decimal[] {
  const sum = weights.reduce((a, w) => a.plus(w.abs()), new Decimal(0));
  if (sum.isZero()) return weights.map(() => new Decimal(0));
  const parts = weights.map((w) =>
    total.times(w.abs()).dividedBy(sum).toDecimalPlaces(2, Decimal.ROUND_HALF_UP),
  );
  const rest = total.minus(parts.reduce((a, p) => a.plus(p), new Decimal(0)));
  let largest = 0;
  weights.forEach((w, i) => {
    if (w.abs().greaterThan(weights[largest]!.abs())) largest = i;
  });
  parts[largest] = parts[largest]!.plus(rest);
  return parts;
}

/**
 * What is missing from the settings for this invoice, in Dutch; null when complete. `needs`: what the package
 * asks besides the ledgers (Exact: a journal and VAT codes; SnelStart books by rate, in its own journal).
 */
export function missingSettings(
  inv: InvoiceForBooking,
  s: AccountingSettings,
  needs: { journal: boolean; vatCodes: boolean } = { journal: true, vatCodes: true },
): string | null {
  const missing: string[] = [];
  if (needs.journal && !s.journal) missing.push('verkoopdagboek');
  for (const rate of VAT_RATES) {
    if (Number(inv.billed[`exc_${rate}`]) === 0) continue;
    const slot = slotOf(rate, inv.reverseCharge);
    if (!s[SLOT_FIELDS[slot].ledger]) missing.push(`grootboekrekening ${SLOT_NAMES[slot]}`);
    if (needs.vatCodes && !s[SLOT_FIELDS[slot].vat]) missing.push(`btw-code ${SLOT_NAMES[slot]}`);
  }
  if (
    inv.whole &&
    inv.discountExc > 0 &&
    s.vat_type === 'exc' &&
    s.discount_option !== 'highest_amount_ledger' &&
    !s.exact_discount_reference
  )
    missing.push('grootboekrekening korting');
  return missing.length > 0 ? INTEGRATION_TEXTS.settingsIncomplete([...new Set(missing)].join(', ')) : null;
}

export function bookingEntry(inv: InvoiceForBooking, s: AccountingSettings): AccountingEntry {
  const rates = VAT_RATES.filter((r) => Number(inv.billed[`exc_${r}`]) !== 0);
  const net = rates.map((r) => new Decimal(inv.billed[`exc_${r}`]));
  const vat = rates.map((r) => (r === 0 ? new Decimal(0) : new Decimal(inv.billed[`vat_${r}`])));
  const incl = s.vat_type === 'inc';
  // The discount shown on its own only for a whole invoice with a discount booked excl. VAT; its share per
  // rate in proportion. Booked incl. VAT, the lines carry what was billed, discount included.
  const discount = !incl && inv.whole && inv.discountExc > 0 ? new Decimal(inv.discountExc) : new Decimal(0);
  const shares = discount.isZero() ? net.map(() => new Decimal(0)) : allocate(discount, net);
  const lines: AccountingLine[] = [];
  rates.forEach((rate, i) => {
    const slotName = slotOf(rate, inv.reverseCharge);
    const slot = SLOT_FIELDS[slotName];
    const gross = net[i]!.plus(shares[i]!);
    lines.push({
      ledger: String(s[slot.ledger]),
      slot: slotName,
      vatCode: String(s[slot.vat]),
      amount: (incl ? gross.plus(vat[i]!) : gross).toFixed(2),
      vat: vat[i]!.toFixed(2),
      description: String(s[slot.description]) || `${inv.title || 'Factuur'} (${rate}%)`,
    });
  });
  if (!discount.isZero()) {
    const discountText = s.exact_discount_description || 'Korting';
    if (s.discount_option === 'highest_amount_ledger') {
      // One discount line on the ledger and VAT code of the highest line.
      let top = 0;
      lines.forEach((l, i) => {
        if (new Decimal(l.amount).abs().greaterThan(new Decimal(lines[top]!.amount).abs())) top = i;
      });
      lines.push({
        ...lines[top]!,
        amount: discount.negated().toFixed(2),
        vat: '0.00',
        description: discountText,
      });
    } else {
      rates.forEach((rate, i) => {
        if (shares[i]!.isZero()) return;
        const slotName = slotOf(rate, inv.reverseCharge);
        const slot = SLOT_FIELDS[slotName];
        lines.push({
          ledger: s.exact_discount_reference,
          slot: slotName,
          vatCode: String(s[slot.vat]),
          amount: shares[i]!.negated().toFixed(2),
          vat: '0.00',
          // Exact's sales entries carry no items: 'eigen artikel' names the discount item on its line.
          description:
            s.discount_option === 'own_item' && s.discount_item
              ? `${discountText} (artikel ${s.discount_item})`
              : discountText,
        });
      });
    }
  }
  return {
    reference: String(inv.number),
    date: inv.date,
    dueDate: inv.dueDate,
    description:
      `${inv.credit ? 'Creditfactuur' : 'Factuur'} ${inv.number}${inv.title ? ` ${inv.title}` : ''}`.slice(
        0,
        60,
      ),
    credit: inv.credit,
    vatIncluded: incl,
    journal: s.journal,
    customer: inv.customer,
    lines,
  };
}
