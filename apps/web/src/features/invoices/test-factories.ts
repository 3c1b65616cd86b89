import type { InvoiceSettings, QuarterRow } from '@im/domain';
import axe from 'axe-core';
import type { OverdueInvoiceRow } from './queries';

// Test data in the shapes of packages/domain/src/contract/invoices.ts; override what a test is about.

export function createTestOverdueRow(overrides: Partial<OverdueInvoiceRow> = {}): OverdueInvoiceRow {
  return {
    id: 31,
    number: 2026001,
    title: 'Warmtepomp Dorpsstraat',
    flow_id: 41,
    flow_number: 1041,
    relation_id: 5,
    relation_fullname: 'Jan de Boer',
    date_send: '2026-01-05T10:00:00+01:00',
    enddate: '2026-01-19',
    days_overdue: 12,
    status: 'sent',
    billed_inc: 1234.56,
    owed: 1234.56,
    reminder_sent_at: null,
    notice_sent_at: null,
    ...overrides,
  };
}

const EMPTY_AMOUNTS = {
  invoices: 0,
  exc_0: 0,
  exc_6: 0,
  exc_9: 0,
  exc_21: 0,
  vat_6: 0,
  vat_9: 0,
  vat_21: 0,
  exc: 0,
  vat: 0,
  inc: 0,
};

export function createTestQuarterRow(overrides: Partial<QuarterRow> = {}): QuarterRow {
  return { year: 2026, quarter: 1, ...EMPTY_AMOUNTS, ...overrides };
}

export function createTestInvoiceSettings(overrides: Partial<InvoiceSettings> = {}): InvoiceSettings {
  return {
    street: 'Dorpsstraat',
    housenumber: '12',
    postcode: '1234 AB',
    city: 'Utrecht',
    phone: '030 123 45 67',
    email: 'info@warmtetechniek.nl',
    kvk_number: '12345678',
    vat_number: 'NL804732267B01',
    iban: 'NL91ABNA0417164300',
    bic: 'ABNANL2A',
    invoice_payment_days: 14,
    payment_provider: null,
    payment_api_key_set: false,
    payment_api_key_hint: null,
    einvoice_ready: true,
    credit_invoice_template_id: null,
    ...overrides,
  };
}

/** The axe-core violations on the page, checked as app/accessibility.test.tsx does (contrast is left to the browser). */
export async function axeViolations(): Promise<string[]> {
  const result = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}
