import { INVOICE_TEXTS, type InvoiceSettings, type zUpdateInvoiceSettings } from '@im/domain';
import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Tx } from '../../platform/db/database';
import { companySettings } from '../../platform/db/tables/companies.schema';
import { validationError } from '../../platform/errors';
import { writeLog } from '../../platform/events/write-log';
import { einvoiceReady, invoiceSettings } from './invoice-info';

type Row = typeof companySettings.$inferSelect;

function dto(s: Row | null): InvoiceSettings {
  return {
    street: s?.street ?? '',
    housenumber: s?.housenumber ?? '',
    postcode: s?.postcode ?? '',
    city: s?.city ?? '',
    phone: s?.phone ?? '',
    email: s?.email ?? '',
    kvk_number: s?.kvkNumber ?? '',
    vat_number: s?.vatNumber ?? '',
    iban: s?.iban ?? '',
    bic: s?.bic ?? '',
    invoice_payment_days: s?.invoicePaymentDays ?? 14,
    payment_provider: s?.paymentProvider === 'mollie' ? 'mollie' : null,
    payment_api_key_set: !!s?.paymentApiKey,
    payment_api_key_hint: s?.paymentApiKey ? `…${s.paymentApiKey.slice(-4)}` : null,
    einvoice_ready: einvoiceReady(s),
    credit_invoice_template_id: s?.creditInvoiceTemplateId ?? null,
  };
}

/** GET /api/company/invoicesettings: the company's details for invoices and its payment provider. */
export async function getInvoiceSettings(tx: Tx): Promise<InvoiceSettings> {
  return dto(await invoiceSettings(tx));
}

/** PATCH /api/company/invoicesettings: checked by checksum (IBAN), format (KvK) and the Dutch VAT check. */
export async function updateInvoiceSettings(
  tx: Tx,
  input: z.infer<typeof zUpdateInvoiceSettings>,
): Promise<InvoiceSettings> {
  const current = await invoiceSettings(tx);
  const templateId = input.credit_invoice_template_id;
  if (templateId !== undefined && templateId !== null) {
    // One of the company's live invoice templates (the policy hides other companies' ones).
    const found = await tx.execute(
      sql`select 1 from sales_document where id = ${templateId} and kind = 'invoice' and is_template and deleted_at is null`,
    );
    if (found.rows.length === 0)
      throw validationError(INVOICE_TEXTS.creditTemplateNotFound, {
        credit_invoice_template_id: [INVOICE_TEXTS.creditTemplateNotFound],
      });
  }
  const set: Partial<typeof companySettings.$inferInsert> = {
    street: input.street,
    housenumber: input.housenumber,
    postcode: input.postcode,
    city: input.city,
    phone: input.phone,
    email: input.email,
    kvkNumber: input.kvk_number,
    vatNumber: input.vat_number,
    iban: input.iban,
    bic: input.bic,
    invoicePaymentDays: input.invoice_payment_days,
    paymentProvider: input.payment_provider,
    paymentApiKey: input.payment_api_key === undefined ? undefined : input.payment_api_key || null,
    creditInvoiceTemplateId: templateId,
    updatedAt: new Date(),
  };
  if (current) await tx.update(companySettings).set(set).where(eq(companySettings.id, current.id));
  else await tx.insert(companySettings).values(set);
  const changed = Object.keys(input).filter((k) => k !== 'payment_api_key');
  await writeLog(tx, {
    type: 'company',
    id: current?.companyId ?? 0,
    action: 'update',
    description: 'Factuurgegevens gewijzigd',
    changes: Object.fromEntries(changed.map((k) => [k, (input as Record<string, unknown>)[k]])),
    flowId: null,
  });
  return dto(await invoiceSettings(tx));
}
