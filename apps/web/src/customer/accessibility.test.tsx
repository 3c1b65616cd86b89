import { fireEvent, screen } from '@testing-library/react';
import axe from 'axe-core';
import { afterEach, describe, expect, it } from 'vitest';
import {
  customerDocument,
  customerForm,
  customerInvoice,
  DOC_HASH,
  dossier,
  FLOW_HASH,
  messages,
  mockCustomerApi,
  renderCustomer,
} from './test-factories';

// axe-core on every customer page and dialog. jsdom computes no colours, so contrast is checked by the
// brand colour rules (brand.test.ts) and in the browser; everything else must be clean. The sheet's
// frame (the installer's own document) is not entered; the frame itself must have its title.
async function violations() {
  const result = await axe.run(document.body, {
    iframes: false,
    rules: { 'color-contrast': { enabled: false } },
  });
  return result.violations.map(
    (v) => `${v.impact} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
}

function api() {
  mockCustomerApi({
    [`GET /api/flow/${FLOW_HASH}/getbycustomer`]: () => ({ body: dossier() }),
    [`GET /api/message/${FLOW_HASH}/getbycustomer`]: () => ({ body: messages() }),
    'GET /api/flowdataitem/31/getbycustomer': () => ({ body: customerForm() }),
    [`GET /api/quotation/${DOC_HASH}/getbycustomer`]: () => ({ body: customerDocument() }),
    [`GET /api/confirmation/${DOC_HASH}/getbycustomer`]: () => ({
      body: customerDocument({
        kind: 'confirmation',
        approval: { open: true, needs_signature: false, agreement_message: 'Akkoord?' },
      }),
    }),
    [`GET /api/invoice/${DOC_HASH}/getbycustomer`]: () => ({ body: customerInvoice() }),
  });
}

afterEach(() => {
  window.location.hash = '';
});

describe('customer pages accessibility (axe)', () => {
  it('the dossier with its questions panel open', async () => {
    api();
    renderCustomer(`/customer_flow_detail/${FLOW_HASH}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Stel een vraag' }));
    await screen.findByText('Wanneer komt de monteur?');
    expect(await violations()).toEqual([]);
  });

  it('the form dialog', async () => {
    api();
    renderCustomer(`/customer_flow_detail/${FLOW_HASH}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Invullen: Dakgegevens' }));
    await screen.findByLabelText('Dakhelling (graden)');
    expect(await violations()).toEqual([]);
  });

  it('the quotation page and its approve dialog with the signature pad', async () => {
    api();
    renderCustomer(`/customer_quotation_detail/${DOC_HASH}`);
    await screen.findByRole('heading', { level: 1, name: 'Offerte 2026017' });
    expect(await violations()).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Goedkeuren' }));
    await screen.findByRole('img', { name: 'Handtekeningvak' });
    fireEvent.click(screen.getAllByRole('button', { name: 'Goedkeuren' }).at(-1)!);
    await screen.findByText('Vul eerst uw naam in.');
    expect(await violations()).toEqual([]);
  });

  it('the approve dialog with the agreement tick, and the reject dialog', async () => {
    api();
    renderCustomer(`/customer_confirmation_detail/${DOC_HASH}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Goedkeuren' }));
    await screen.findByRole('checkbox', { name: 'Ik ga akkoord met deze opdrachtbevestiging.' });
    expect(await violations()).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Annuleren' }));
    fireEvent.click(screen.getByRole('button', { name: 'Afkeuren' }));
    await screen.findByLabelText('Reden (niet verplicht)');
    expect(await violations()).toEqual([]);
  });

  it('the invoice page, the communicator and a breaking error', async () => {
    api();
    renderCustomer(`/customer_invoice_detail/${DOC_HASH}`);
    await screen.findByRole('heading', { level: 1, name: 'Factuur 2026101' });
    expect(await violations()).toEqual([]);
    window.location.hash = `/customer_communicator/${FLOW_HASH}`;
    await screen.findByRole('list', { name: 'Berichten' });
    expect(await violations()).toEqual([]);
    window.location.hash = '/customer_document_detail/onbekend';
    await screen.findByRole('alert');
    expect(await violations()).toEqual([]);
  });
});
