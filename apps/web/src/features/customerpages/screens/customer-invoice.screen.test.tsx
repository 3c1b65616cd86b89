import { CUSTOMER_DOCUMENT_ERRORS, type CustomerInvoice, INVOICE_TEXTS } from '@im/domain';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setToken } from '../../../api/token';
import { renderApp } from '../../../test/render';
import { type MockRoute, mockServer } from '../../../test/server';

const HASH = 'AbCdEfGhIjKlMnOpQrStUvWxYz012345';

function invoice(overrides: Partial<CustomerInvoice> = {}): CustomerInvoice {
  return {
    number: 2026017,
    title: 'Warmtepomp Dorpsstraat',
    status: 'sent',
    company_name: 'Zonnestroom Noord B.V.',
    html: '<html><body><h1>Factuur 2026017</h1></body></html>',
    billed_inc: 3630,
    due: { text: 'over 14d', color: null, overdue_days: 0 },
    payment_url: 'https://betalen.example/checkout/tr_abc',
    has_pdf: true,
    ...overrides,
  };
}

function setup(route: MockRoute, search = '') {
  setToken(null);
  const server = mockServer({ session: null, routes: { [`GET /api/invoice/${HASH}/getbycustomer`]: route } });
  return { ...server, ...renderApp(`/customer_invoice_detail/${HASH}${search}`) };
}

describe('customer invoice page', () => {
  it('shows the sent invoice, its amount and due label, the pay button and the PDF, without the staff shell', async () => {
    setup(() => ({ body: invoice() }));
    expect(await screen.findByRole('heading', { name: 'Factuur 2026017' }, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByText('Zonnestroom Noord B.V.')).toBeTruthy();
    expect(screen.getByText('€ 3.630,00')).toBeTruthy();
    expect(screen.getByText('over 14d')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Betalen met iDEAL' }).getAttribute('href')).toBe(
      'https://betalen.example/checkout/tr_abc',
    );
    expect(screen.getByRole('button', { name: 'PDF downloaden' })).toBeTruthy();
    const frame = screen.getByTitle('Uw factuur');
    expect(frame.getAttribute('sandbox')).toBe('');
    expect(screen.queryByRole('navigation')).toBeNull();
  });

  it('says the payment is completed on return from the provider, and offers no pay button once paid', async () => {
    setup(
      () => ({
        body: invoice({
          status: 'paid',
          payment_url: null,
          due: { text: 'betaald', color: 'green', overdue_days: 0 },
        }),
      }),
      '?paymentCompleted=1',
    );
    expect(await screen.findByText(INVOICE_TEXTS.paymentCompleted, {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Betalen met iDEAL' })).toBeNull();
  });

  it("shows the spec's breaking errors for an unknown and a deleted invoice", async () => {
    setup(() => ({ status: 404, body: { message: 'x' } }));
    expect(
      await screen.findByText(CUSTOMER_DOCUMENT_ERRORS.invoice.notFound, {}, { timeout: 5000 }),
    ).toBeTruthy();
  });

  it('shows the gone text for a deleted one', async () => {
    setup(() => ({ status: 410, body: { message: 'x' } }));
    expect(
      await screen.findByText(CUSTOMER_DOCUMENT_ERRORS.invoice.gone, {}, { timeout: 5000 }),
    ).toBeTruthy();
  });
});
