import {
  amsterdamDay,
  DOCUMENT_TEXTS,
  INVOICE_TEXTS,
  type InvoiceInfo,
  type SalesDocument,
} from '@im/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setToken } from '../../../api/token';
import { createTestSession, renderApp } from '../../../test/render';
import { type MockRoute, mockServer } from '../../../test/server';
import { createTestDocument } from '../test-factories';

const MODULES = ['BASIS', 'CRM', 'SALES', 'SETTINGS', 'QUOTATION', 'CONFIRMATION', 'INVOICE'] as const;

const billed = {
  exc_0: 0,
  exc_6: 0,
  exc_9: 0,
  exc_21: 3000,
  vat_6: 0,
  vat_9: 0,
  vat_21: 630,
  exc: 3000,
  vat: 630,
  inc: 3630,
};

function info(overrides: Partial<InvoiceInfo> = {}): InvoiceInfo {
  return {
    invoice_type: 'normal',
    partialinvoicetype: 'frompercentage',
    partial_value: 30,
    partialinvoice_id: 9,
    partial_parts: [
      { id: 9, number: 101, status: 'sent', partialinvoicetype: 'frompercentage', billed_inc: 3630 },
      { id: 10, number: null, status: 'draft', partialinvoicetype: 'rest', billed_inc: 8470 },
    ],
    credited_invoice: null,
    credit_invoices: [],
    reverse_charge: false,
    buyer_reference: '',
    order_reference: '',
    customer_buyer_reference: '',
    customer_order_reference: '',
    billed,
    whole_inc: 12100,
    due: { text: '12 dagen te laat', color: 'red', overdue_days: 12 },
    date_paid: null,
    payments: [],
    paid_total: 0,
    owed: 3630,
    reminder_sent_at: null,
    notice_sent_at: null,
    payment_url: null,
    payment_status: null,
    einvoice_available: true,
    payment_available: false,
    ...overrides,
  };
}

function invoiceDocument(overrides: Partial<SalesDocument> = {}): SalesDocument {
  return createTestDocument({
    id: 9,
    kind: 'invoice',
    number: 101,
    status: 'sent',
    date_send: '2026-10-01T10:00:00+02:00',
    enddate: '2026-10-15',
    invoice: info(),
    ...overrides,
  });
}

function setup(
  routes: Record<string, MockRoute> = {},
  document: SalesDocument = invoiceDocument(),
  path = '/invoice_detail/9',
) {
  setToken('t');
  const server = mockServer({
    session: createTestSession({ modules: [...MODULES] }),
    routes: {
      'GET /api/invoice/9': () => ({ body: document }),
      'GET /api/invoice/9/preview': () => ({
        body: { html: '<html><body>Factuur</body></html>', header_html: '', footer_html: '' },
      }),
      ...routes,
    },
  });
  return { ...server, ...renderApp(path) };
}

describe('invoice editor', () => {
  it('shows what a sent partial invoice bills, its parts and due label, and keeps its content frozen', async () => {
    setup();
    const card = await screen.findByRole('region', { name: 'Factuur' }, { timeout: 5000 });
    expect(within(card).getByRole('heading', { name: 'Deelfactuur (percentage)' })).toBeTruthy();
    expect(within(card).getByText('12 dagen te laat')).toBeTruthy();
    expect(within(card).getByText('30% van het totaal')).toBeTruthy();
    expect(within(card).getAllByText('€ 3.630,00').length).toBeGreaterThan(0);
    expect(within(card).getByText('101 · deze factuur')).toBeTruthy();
    expect(within(card).getByRole('link', { name: /Restfactuur/ })).toBeTruthy();
    expect(screen.getByText(/Deze factuur is verstuurd en kan niet meer worden gewijzigd/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Widget toevoegen' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Calculatie bewerken' })).toBeNull();
  });

  it('offers paid, unpayable, credit and the e-invoice on a sent invoice, never delete or cancel', async () => {
    setup();
    await screen.findByRole('region', { name: 'Factuur' }, { timeout: 5000 });
    fireEvent.click(screen.getByRole('button', { name: 'Acties' }));
    const menu = await screen.findByRole('menu');
    for (const item of [
      'Markeren als betaald',
      'Markeren als oninbaar',
      'Creditfactuur maken',
      'E-factuur (UBL) downloaden',
    ])
      expect(within(menu).getByRole('menuitem', { name: item })).toBeTruthy();
    for (const item of ['Verwijderen', 'Annuleren', 'Goedkeuren', 'Template herstellen'])
      expect(within(menu).queryByRole('menuitem', { name: item })).toBeNull();
  });

  it('marks an unpayable invoice paid as a whole after "Factuur als betaald markeren?"', async () => {
    const paid = invoiceDocument({
      status: 'paid',
      invoice: info({ due: { text: 'betaald', color: 'green', overdue_days: 0 }, owed: 0 }),
    });
    const { calls } = setup(
      { 'PATCH /api/invoice/9': () => ({ body: paid }) },
      invoiceDocument({
        status: 'unpayable',
        invoice: info({ due: { text: 'oninbaar', color: 'gray', overdue_days: 0 } }),
      }),
    );
    await screen.findByRole('region', { name: 'Factuur' }, { timeout: 5000 });
    fireEvent.click(screen.getByRole('button', { name: 'Acties' }));
    fireEvent.click(
      within(await screen.findByRole('menu')).getByRole('menuitem', { name: 'Markeren als betaald' }),
    );
    expect(await screen.findByText(INVOICE_TEXTS.markPaidConfirm)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Bevestigen' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ status: 'paid' }));
  });

  it("'Markeren als betaald' asks the date and the amount, lists the payments with what is owed, deletes with confirmation", async () => {
    const payment = {
      id: 5,
      paid_on: '2026-12-01',
      amount: 1000,
      method: 'handmatig' as const,
      note: '',
      created_at: '2026-12-01T10:00:00+01:00',
      created_by_name: 'Sanne de Vries',
    };
    const partlyPaid = invoiceDocument({
      invoice: info({ payments: [payment], paid_total: 1000, owed: 2630 }),
    });
    // The server's invoice as the calls change it (the screen reads it again after each change).
    let current = invoiceDocument();
    const { calls } = setup({
      'GET /api/invoice/9': () => ({ body: current }),
      'POST /api/invoice/9/payment': () => {
        current = partlyPaid;
        return { status: 201, body: current };
      },
      'DELETE /api/invoice/9/payment/5': () => {
        current = invoiceDocument();
        return { body: current };
      },
    });
    const card = await screen.findByRole('region', { name: 'Factuur' }, { timeout: 5000 });
    expect(within(card).getByText('Nog geen betalingen geregistreerd.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Acties' }));
    fireEvent.click(
      within(await screen.findByRole('menu')).getByRole('menuitem', { name: 'Markeren als betaald' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Markeren als betaald' });
    const date = within(dialog).getByLabelText(/Datum van betaling/) as HTMLInputElement;
    const amount = within(dialog).getByLabelText(/^Bedrag/) as HTMLInputElement;
    // Defaults: today and everything that is owed.
    expect(date.value).toBe(amsterdamDay(new Date()));
    expect(amount.value).toBe('3630,00');
    // A wrong amount is refused with the server's own Dutch rule, before anything is sent.
    fireEvent.change(amount, { target: { value: '-5' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Betaling registreren' }));
    expect(await within(dialog).findByText('Vul een bedrag groter dan € 0,00 in.')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    fireEvent.change(amount, { target: { value: '1000' } });
    fireEvent.change(date, { target: { value: '2026-12-01' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Betaling registreren' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ paid_on: '2026-12-01', amount: '1000' }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Markeren als betaald' })).toBeNull());
    const payments = await within(card).findByRole('region', { name: 'Betalingen' });
    // The payment and the paid total.
    expect(within(payments).getAllByText(/^€\s1\.000,00$/)).toHaveLength(2);
    expect(within(payments).getByText(/handmatig · door Sanne de Vries/)).toBeTruthy();
    expect(within(payments).getByText(/^€\s2\.630,00$/)).toBeTruthy();
    fireEvent.click(within(payments).getByRole('button', { name: /^Betaling verwijderen/ }));
    expect(await screen.findByText(/De betaling van €\s1\.000,00 op .* verwijderen\?/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Verwijderen' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE')).toBe(true));
  });

  it('asks "Factuur versturen?" in the one send dialog, beside its button', async () => {
    const draft = invoiceDocument({
      status: 'draft',
      number: null,
      date_send: null,
      invoice: info({ due: { text: 'DRAFT', color: null, overdue_days: 0 } }),
    });
    setup(
      {
        'GET /api/invoice/9/getforsendingemail': () => ({
          body: {
            to_email: 'jan@example.nl',
            subject: 'Factuur',
            message: '<p>Beste Jan</p>',
            sendpdf: true,
            sendattachments: true,
            mailtemplate_id: null,
            mailtemplates: [],
            attachments: [],
            pdf_filename: 'Factuur.pdf',
          },
        }),
      },
      draft,
    );
    await screen.findByRole('region', { name: 'Factuur' }, { timeout: 5000 });
    expect(screen.getByText('DRAFT')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Widget toevoegen' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Versturen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Versturen' });
    await within(dialog).findByLabelText(/^Aan/);
    expect(within(dialog).getByText(DOCUMENT_TEXTS.sendInvoiceConfirm)).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Versturen' })).toBeTruthy();
  });
});

describe('creating an invoice from a confirmation', () => {
  it('sends the partial choice and opens the new invoice; a refusal shows the spec toast', async () => {
    const confirmation = createTestDocument({ id: 5, kind: 'confirmation', number: 12 });
    let refuse = true;
    const { calls, router } = setup(
      {
        'GET /api/confirmation/5': () => ({ body: confirmation }),
        'GET /api/confirmation/5/preview': () => ({
          body: { html: '<html></html>', header_html: '', footer_html: '' },
        }),
        'POST /api/confirmation/5/createinvoicefromconfirmation': () =>
          refuse
            ? {
                status: 422,
                body: { message: 'Dit is meer dan er nog te factureren is (€ 100,00).', errors: {} },
              }
            : { status: 201, body: invoiceDocument({ status: 'draft' }) },
      },
      confirmation,
      '/confirmation_detail/5',
    );
    await screen.findByRole('heading', { name: 'Opdrachtbevestiging 12' }, { timeout: 5000 });
    fireEvent.click(screen.getByRole('button', { name: 'Acties' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Factuur maken' }));
    const dialog = await screen.findByRole('dialog', { name: 'Factuur maken' });
    fireEvent.click(within(dialog).getByLabelText('Deelfactuur: percentage'));
    // Without a percentage the form does not go.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Factuur maken' }));
    expect(await within(dialog).findByText('Vul een bedrag of percentage in.')).toBeTruthy();
    expect(calls.some((c) => c.url.endsWith('/createinvoicefromconfirmation'))).toBe(false);
    fireEvent.change(within(dialog).getByRole('textbox', { name: /^Percentage/ }), {
      target: { value: '30' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Factuur maken' }));
    expect(await screen.findByText('Factuur kon niet worden aangemaakt')).toBeTruthy();
    refuse = false;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Factuur maken' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/invoice_detail/9'));
    expect(calls.filter((c) => c.url.endsWith('/createinvoicefromconfirmation')).at(-1)?.body).toEqual({
      partialinvoicetype: 'frompercentage',
      partial_value: 30,
    });
  });

  it("edits the customer's reference and purchase order number of a draft; a sent invoice shows them", async () => {
    const draft = invoiceDocument({
      status: 'draft',
      number: null,
      date_send: null,
      invoice: info({ customer_buyer_reference: 'KP-4410' }),
    });
    const saved = invoiceDocument({
      ...draft,
      invoice: info({ buyer_reference: '', order_reference: 'PO-77', customer_buyer_reference: 'KP-4410' }),
    });
    const { calls } = setup({ 'PATCH /api/invoice/9/references': () => ({ body: saved }) }, draft);
    const card = await screen.findByRole('region', { name: 'Factuur' }, { timeout: 5000 });
    const reference = within(card).getByRole('textbox', { name: 'Uw referentie' });
    expect(reference.getAttribute('placeholder')).toBe('KP-4410');
    fireEvent.change(within(card).getByRole('textbox', { name: 'Inkoopordernummer' }), {
      target: { value: 'PO-77' },
    });
    fireEvent.click(within(card).getByRole('button', { name: 'Referenties opslaan' }));
    await waitFor(() =>
      expect(calls.find((c) => c.url.endsWith('/references'))?.body).toEqual({
        buyer_reference: '',
        order_reference: 'PO-77',
      }),
    );
  });

  it('shows the references of a sent invoice as text', async () => {
    setup(
      {},
      invoiceDocument({ invoice: info({ order_reference: 'PO-77', customer_buyer_reference: 'KP-4410' }) }),
    );
    const card = await screen.findByRole('region', { name: 'Factuur' }, { timeout: 5000 });
    expect(within(card).getByText('Uw referentie: KP-4410')).toBeTruthy();
    expect(within(card).getByText('Inkoopordernummer: PO-77')).toBeTruthy();
    expect(within(card).queryByRole('textbox', { name: 'Uw referentie' })).toBeNull();
  });
});
