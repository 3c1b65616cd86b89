import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setToken } from '../../../api/token';
import { createTestSession, renderApp } from '../../../test/render';
import { mockServer } from '../../../test/server';
import { createTestDocument } from '../test-factories';

function setup(path: string) {
  setToken('t');
  const server = mockServer({
    session: createTestSession({ modules: ['BASIS', 'CRM', 'QUOTATION', 'INVOICE'], user_type: 'partner' }),
    routes: {
      'GET /api/quotation/5': () => ({ body: createTestDocument() }),
      'GET /api/invoice/7': () => ({ body: createTestDocument({ id: 7, kind: 'invoice', number: 31 }) }),
      'GET /api/invoice/7/preview': () => ({
        body: { html: '<html><body><h1>Uw factuur</h1></body></html>', header_html: '', footer_html: '' },
      }),
      'GET /api/quotation/5/preview': () => ({
        body: { html: '<html><body><h1>Uw offerte</h1></body></html>', header_html: '', footer_html: '' },
      }),
    },
  });
  return { ...server, ...renderApp(path) };
}

describe('partner document view', () => {
  it('sends a partner from the quotation detail to the read-only partner view', async () => {
    const { router } = setup('/quotation_detail/5');
    await screen.findByRole('button', { name: 'PDF downloaden' }, { timeout: 5000 });
    expect(router.state.location.pathname).toBe('/document_partner/5');
    expect(router.state.location.search).toBe('?documentType=quotation');
    // Read-only: no sending, no actions, no widget editing.
    expect(screen.queryByRole('button', { name: 'Versturen' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Acties' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Widget toevoegen' })).toBeNull();
    const frame = await screen.findByTitle('Voorbeeld');
    expect(frame.getAttribute('sandbox')).toBe('');
  });

  it('shows an invoice the same way', async () => {
    const { router } = setup('/invoice_detail/7');
    await screen.findByRole('button', { name: 'PDF downloaden' }, { timeout: 5000 });
    expect(router.state.location.pathname).toBe('/document_partner/7');
    expect(router.state.location.search).toBe('?documentType=invoice');
    expect(await screen.findByRole('heading', { name: 'Factuur 31' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Acties' })).toBeNull();
  });

  it('does not know other document types', async () => {
    setup('/document_partner/5?documentType=document');
    expect(await screen.findByRole('heading', { name: 'Pagina niet gevonden' })).toBeTruthy();
  });
});
