import { CUSTOMER_DOCUMENT_ERRORS, type CustomerInvoice, INVOICE_TEXTS } from '@im/domain';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { company, customerInvoice, FLOW_HASH, mockCustomerApi, renderCustomer } from '../test-factories';

const HASH = 'AbCdEfGhIjKlMnOpQrStUvWxYz012345';

function setup(answer: CustomerInvoice | { status: number; body: unknown }, search = '') {
  const server = mockCustomerApi({
    [`GET /api/invoice/${HASH}/getbycustomer`]: () => ('html' in answer ? { body: answer } : answer),
  });
  renderCustomer(`/customer_invoice_detail/${HASH}${search}`);
  return server;
}

afterEach(() => {
  window.location.hash = '';
});

describe('customer invoice page', () => {
  it('shows the sent invoice branded as the installer: amount, due label, pay link, PDF, sheet, dossier link', async () => {
    setup(
      customerInvoice({ company: company({ name: 'Warmte Noord B.V.', brand_button_color: '#b91c1c' }) }),
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Factuur 2026101' })).toBeTruthy();
    expect(screen.getByRole('banner').textContent).toContain('Warmte Noord B.V.');
    expect(document.documentElement.style.getPropertyValue('--brand')).toBe('#b91c1c');
    expect(screen.getByText('€ 3.630,00')).toBeTruthy();
    expect(screen.getByText('over 14 dagen')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Betalen met iDEAL' }).getAttribute('href')).toBe(
      'https://betalen.example/checkout/tr_abc',
    );
    expect(screen.getByRole('button', { name: 'PDF downloaden' })).toBeTruthy();
    expect(screen.getByTitle('Uw factuur').getAttribute('srcdoc')).toContain('Factuur 2026101');
    expect(screen.getByRole('link', { name: /Naar uw dossier/ }).getAttribute('href')).toBe(
      `#/customer_flow_detail/${FLOW_HASH}`,
    );
    expect(screen.queryByRole('navigation')).toBeNull();
  });

  it('once a part was paid, shows the invoice amount, what was paid and what is still owed', async () => {
    setup(customerInvoice({ billed_inc: 5748.36, paid_inc: 1724.51, owed_inc: 4023.85 }));
    const owed = await screen.findByText('Nog te betalen');
    expect(owed.closest('div')?.textContent).toBe('Nog te betalen€ 4.023,85');
    expect(screen.getByText('Factuurbedrag').closest('div')?.textContent).toBe('Factuurbedrag€ 5.748,36');
    expect(screen.getByText('Betaald').closest('div')?.textContent).toBe('Betaald€ 1.724,51');
    expect(screen.queryByText('Te betalen')).toBeNull();
  });

  it('without payments shows only the amount to pay', async () => {
    setup(customerInvoice({ billed_inc: 5748.36, paid_inc: 0, owed_inc: 5748.36 }));
    expect((await screen.findByText('Te betalen')).closest('div')?.textContent).toBe('Te betalen€ 5.748,36');
    expect(screen.queryByText('Nog te betalen')).toBeNull();
  });

  it('says the payment is completed on return from the provider, and offers no pay button once paid', async () => {
    setup(
      customerInvoice({
        status: 'paid',
        payment_url: null,
        due: { text: 'betaald', color: 'green', overdue_days: 0 },
      }),
      '?paymentCompleted=1',
    );
    expect(await screen.findByText(INVOICE_TEXTS.paymentCompleted)).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Betalen met iDEAL' })).toBeNull();
  });

  it.each([
    [404, CUSTOMER_DOCUMENT_ERRORS.invoice.notFound],
    [410, CUSTOMER_DOCUMENT_ERRORS.invoice.gone],
  ])('shows the breaking error of a %s', async (status, text) => {
    setup({ status, body: { message: 'x' } });
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(text));
  });
});
