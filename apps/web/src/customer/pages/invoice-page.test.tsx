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
