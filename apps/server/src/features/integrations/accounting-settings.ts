// The accounting blocks of the document settings (decision 065): one row per company, made on the first save.
import type { AccountingSettings, UpdateAccountingSettings } from '@im/domain';
import type { Tx } from '../../platform/db/database';
import { accountingSettings } from '../../platform/db/tables/integrations.schema';

type Row = typeof accountingSettings.$inferSelect;

const DEFAULTS: AccountingSettings = {
  gl_reference: '',
  gl_description: '',
  gl_reference_low: '',
  gl_description_low: '',
  gl_reference_shifted: '',
  gl_description_shifted: '',
  gl_reference_zero: '',
  gl_description_zero: '',
  exact_discount_reference: '',
  exact_discount_description: '',
  vat_type: 'exc',
  discount_option: 'own_ledger',
  division: '',
  journal: '',
  warehouse: '',
  discount_item: '',
  vat_code_high: '',
  vat_code_low: '',
  vat_code_zero: '',
  vat_code_shifted: '',
  auto_push: true,
};

const toDto = (r: Row): AccountingSettings => ({
  gl_reference: r.glReference,
  gl_description: r.glDescription,
  gl_reference_low: r.glReferenceLow,
  gl_description_low: r.glDescriptionLow,
  gl_reference_shifted: r.glReferenceShifted,
  gl_description_shifted: r.glDescriptionShifted,
  gl_reference_zero: r.glReferenceZero,
  gl_description_zero: r.glDescriptionZero,
  exact_discount_reference: r.exactDiscountReference,
  exact_discount_description: r.exactDiscountDescription,
  vat_type: r.vatType === 'inc' ? 'inc' : 'exc',
  discount_option:
    r.discountOption === 'highest_amount_ledger' || r.discountOption === 'own_item'
      ? r.discountOption
      : 'own_ledger',
  division: r.division,
  journal: r.journal,
  warehouse: r.warehouse,
  discount_item: r.discountItem,
  vat_code_high: r.vatCodeHigh,
  vat_code_low: r.vatCodeLow,
  vat_code_zero: r.vatCodeZero,
  vat_code_shifted: r.vatCodeShifted,
  auto_push: r.autoPush,
});

export async function readAccountingSettings(tx: Tx): Promise<AccountingSettings> {
  const [row] = await tx.select().from(accountingSettings);
  return row ? toDto(row) : DEFAULTS;
}

export async function updateAccountingSettings(
  tx: Tx,
  input: UpdateAccountingSettings,
): Promise<AccountingSettings> {
  const set: Partial<typeof accountingSettings.$inferInsert> = {
    glReference: input.gl_reference,
    glDescription: input.gl_description,
    glReferenceLow: input.gl_reference_low,
    glDescriptionLow: input.gl_description_low,
    glReferenceShifted: input.gl_reference_shifted,
    glDescriptionShifted: input.gl_description_shifted,
    glReferenceZero: input.gl_reference_zero,
    glDescriptionZero: input.gl_description_zero,
    exactDiscountReference: input.exact_discount_reference,
    exactDiscountDescription: input.exact_discount_description,
    vatType: input.vat_type,
    discountOption: input.discount_option,
    division: input.division,
    journal: input.journal,
    warehouse: input.warehouse,
    discountItem: input.discount_item,
    vatCodeHigh: input.vat_code_high,
    vatCodeLow: input.vat_code_low,
    vatCodeZero: input.vat_code_zero,
    vatCodeShifted: input.vat_code_shifted,
    autoPush: input.auto_push,
  };
  const defined = Object.fromEntries(Object.entries(set).filter(([, v]) => v !== undefined));
  const [row] = await tx
    .insert(accountingSettings)
    .values(defined)
    .onConflictDoUpdate({ target: accountingSettings.companyId, set: { ...defined, updatedAt: new Date() } })
    .returning();
  return toDto(row!);
}
