import { describe, expect, it } from 'vitest';
import { flowPaymentEvent, invoiceClosesWork, invoiceRole } from './index';

describe('an invoice to its dossier (decision 030)', () => {
  it('tells a deposit from the invoices that close the work', () => {
    expect(invoiceRole({ invoice_type: 'normal', partialinvoicetype: null })).toBe('whole');
    expect(invoiceRole({ invoice_type: 'normal', partialinvoicetype: 'frompercentage' })).toBe('deposit');
    expect(invoiceRole({ invoice_type: 'normal', partialinvoicetype: 'fromamount' })).toBe('deposit');
    expect(invoiceRole({ invoice_type: 'normal', partialinvoicetype: 'rest' })).toBe('rest');
    expect(invoiceRole({ invoice_type: 'credit', partialinvoicetype: null })).toBe('credit');
    expect(invoiceClosesWork('whole')).toBe(true);
    expect(invoiceClosesWork('rest')).toBe(true);
    expect(invoiceClosesWork('deposit')).toBe(false);
    expect(invoiceClosesWork('credit')).toBe(false);
  });

  it('marks the dossier paid only once the closing invoice is sent and nothing is owed', () => {
    expect(flowPaymentEvent({ closingInvoiceSent: false, openInvoices: 0 })).toBeNull();
    expect(flowPaymentEvent({ closingInvoiceSent: true, openInvoices: 1 })).toBe('partlypaid');
    expect(flowPaymentEvent({ closingInvoiceSent: true, openInvoices: 0 })).toBe('paid');
  });
});
