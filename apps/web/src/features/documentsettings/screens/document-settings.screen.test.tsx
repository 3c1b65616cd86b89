import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setToken } from '../../../api/token';
import { createTestSession, renderApp } from '../../../test/render';
import { type MockRoute, mockServer } from '../../../test/server';
import type { DocumentType, TemplateRef } from '../queries';

const createTestDocumentType = (overrides: Partial<DocumentType> = {}): DocumentType => ({
  id: 1,
  description: 'Opdrachtbevestiging',
  system_kind: 'confirmation',
  flowstage: null,
  approval_signature: true,
  only_show_approved: false,
  documents: 4,
  created_at: '2026-03-01T10:00:00+01:00',
  updated_at: '2026-03-01T10:00:00+01:00',
  ...overrides,
});

const createTestTemplate = (overrides: Partial<TemplateRef> = {}): TemplateRef => ({
  id: 30,
  title: 'Standaard offerte warmtepomp',
  document_type_id: null,
  updated_at: '2026-05-04T14:30:00+02:00',
  ...overrides,
});

const systemType = createTestDocumentType();
const invoiceType = createTestDocumentType({
  id: 2,
  description: 'Factuur',
  system_kind: 'invoice',
  documents: 0,
});
const intakeType = createTestDocumentType({
  id: 5,
  description: 'Opnamerapport',
  system_kind: null,
  flowstage: 'intake',
  approval_signature: false,
  only_show_approved: true,
  documents: 2,
});

function setup(routes: Record<string, MockRoute> = {}) {
  setToken('t');
  const server = mockServer({
    session: createTestSession({
      modules: ['BASIS', 'CRM', 'SALES', 'SETTINGS', 'QUOTATION', 'CONFIRMATION', 'PROJECT'],
    }),
    routes: {
      'GET /api/quotation/indextemplates': () => ({ body: [createTestTemplate()] }),
      'GET /api/confirmation/indextemplates': () => ({
        body: [createTestTemplate({ id: 31, title: 'Bevestiging standaard', document_type_id: 1 })],
      }),
      'GET /api/document/indextemplates': () => ({
        body: [createTestTemplate({ id: 32, title: 'Opname template', document_type_id: 5 })],
      }),
      'GET /api/documenttype': () => ({ body: [systemType, invoiceType, intakeType] }),
      'GET /api/calculation/indextemplates': () => ({ body: [] }),
      'GET /api/incidenttype': () => ({ body: [] }),
      'GET /api/company/customerpagesettings': () => ({
        body: { confirmation_approval_signature: false, customer_link_expiry: [] },
      }),
      ...routes,
    },
  });
  const app = renderApp('/account/company_documentsettings');
  return { ...server, ...app };
}

const card = (name: string) => screen.findByRole('region', { name });

describe('document settings', () => {
  it('lists the templates of each kind and the document types', async () => {
    setup();
    expect(await screen.findByRole('heading', { name: 'Documentinstellingen' })).toBeTruthy();
    const quotations = await card('Offertetemplates');
    expect(await within(quotations).findByText('Standaard offerte warmtepomp')).toBeTruthy();
    expect(within(quotations).getByText('04-05-2026 14:30')).toBeTruthy();
    const confirmations = await card('Opdrachtbevestigingtemplates');
    expect(await within(confirmations).findByText('Bevestiging standaard')).toBeTruthy();
    const documents = await card('Documenttemplates');
    expect(await within(documents).findByText('Opname template')).toBeTruthy();
    expect(within(documents).getByText('Opnamerapport')).toBeTruthy();

    const types = await card('Documentsoorten');
    const intakeRow = (await within(types).findByText('Opnamerapport')).closest('tr') as HTMLElement;
    expect(within(intakeRow).getByText('Opname')).toBeTruthy();
    const systemRow = within(types).getByText('Opdrachtbevestiging').closest('tr') as HTMLElement;
    expect(within(systemRow).getByText('—')).toBeTruthy();
    // The standard calculations and the incident types stay on this screen.
    expect(screen.getByRole('heading', { name: 'Incidenttypes' })).toBeTruthy();
  });

  it('opens a template and creates one, going to its editor', async () => {
    const { calls, router } = setup({
      'POST /api/document/createtemplate': () => ({ status: 201, body: { id: 77 } }),
    });
    const documents = await card('Documenttemplates');
    fireEvent.click(within(documents).getByRole('button', { name: 'Nieuw template' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(/^Naam/), { target: { value: 'Opleverrapport' } });
    fireEvent.click(within(dialog).getByRole('combobox', { name: /^Documentsoort/ }));
    // Only the company's own types: a document cannot be a confirmation or an invoice.
    expect(screen.queryByRole('option', { name: 'Factuur' })).toBeNull();
    fireEvent.click(await screen.findByRole('option', { name: 'Opnamerapport' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Aanmaken' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/documenttemplate_detail/77'));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      title: 'Opleverrapport',
      document_type_id: 5,
    });
  });

  it('shows why a template could not be deleted', async () => {
    setup({
      'DELETE /api/quotation/30': () => ({
        status: 409,
        body: { message: 'Dit template wordt nog gebruikt.' },
      }),
    });
    const quotations = await card('Offertetemplates');
    fireEvent.click(
      await within(quotations).findByRole('button', { name: 'Standaard offerte warmtepomp verwijderen' }),
    );
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Verwijderen' }));
    expect(await screen.findByText('Template kon niet worden verwijderd')).toBeTruthy();
    expect(screen.getByText('Dit template wordt nog gebruikt.')).toBeTruthy();
  });

  it('creates a document type with a flowstage and both switches', async () => {
    const { calls } = setup({
      'POST /api/documenttype': (c) => ({
        status: 201,
        body: createTestDocumentType({ id: 9, system_kind: null, ...(c.body as object) }),
      }),
    });
    const types = await card('Documentsoorten');
    fireEvent.click(within(types).getByRole('button', { name: 'Nieuwe documentsoort' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nieuwe documentsoort' });

    fireEvent.click(within(dialog).getByRole('button', { name: 'Opslaan' }));
    expect(await within(dialog).findByText('Kies opname of uitvoering.')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    fireEvent.change(within(dialog).getByLabelText(/^Omschrijving/), { target: { value: 'Opleverrapport' } });
    fireEvent.click(within(dialog).getByRole('combobox', { name: /^Fase/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'Uitvoering' }));
    fireEvent.click(within(dialog).getByRole('switch', { name: /Handtekening vereist/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Opslaan' }));

    expect(await screen.findByText('Documentsoort aangemaakt')).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      description: 'Opleverrapport',
      flowstage: 'project',
      approval_signature: true,
      only_show_approved: false,
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('offers no delete for a system type and edits it without a flowstage', async () => {
    const { calls } = setup({
      'PATCH /api/documenttype/1': (c) => ({ body: { ...systemType, ...(c.body as object) } }),
    });
    const types = await card('Documentsoorten');
    await within(types).findByText('Opnamerapport');
    expect(within(types).queryByRole('button', { name: 'Opdrachtbevestiging verwijderen' })).toBeNull();
    expect(within(types).queryByRole('button', { name: 'Factuur verwijderen' })).toBeNull();
    expect(within(types).getByRole('button', { name: 'Opnamerapport verwijderen' })).toBeTruthy();

    fireEvent.click(within(types).getByRole('button', { name: 'Opdrachtbevestiging bewerken' }));
    const dialog = await screen.findByRole('dialog', { name: 'Documentsoort bewerken' });
    expect(within(dialog).queryByRole('combobox', { name: /^Fase/ })).toBeNull();
    fireEvent.click(within(dialog).getByRole('switch', { name: /Alleen goedgekeurde tonen/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Opslaan' }));
    expect(await screen.findByText('Documentsoort opgeslagen')).toBeTruthy();
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({
      description: 'Opdrachtbevestiging',
      approval_signature: true,
      only_show_approved: true,
    });
  });

  it("shows the server's reason when a type in use cannot be deleted", async () => {
    setup({
      'DELETE /api/documenttype/5': () => ({
        status: 409,
        body: { message: 'Deze documentsoort wordt nog door documenten gebruikt.' },
      }),
    });
    const types = await card('Documentsoorten');
    fireEvent.click(await within(types).findByRole('button', { name: 'Opnamerapport verwijderen' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Verwijderen' }));
    expect(await screen.findByText('Deze documentsoort wordt nog door documenten gebruikt.')).toBeTruthy();
    expect(screen.getByText('Documentsoort kon niet worden verwijderd')).toBeTruthy();
  });

  it("sets on 'Klantpagina's' whether approval needs a signature and which links expire", async () => {
    const { calls } = setup({
      'PATCH /api/company/customerpagesettings': (req) => ({
        body: { confirmation_approval_signature: true, customer_link_expiry: [], ...(req.body as object) },
      }),
    });
    const section = await card("Klantpagina's");
    fireEvent.click(
      await within(section).findByRole('switch', { name: /^Handtekening vereist bij goedkeuren/ }),
    );
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'PATCH').map((c) => c.body)).toEqual([
        { confirmation_approval_signature: 1 },
      ]),
    );
    fireEvent.click(within(section).getByRole('checkbox', { name: 'Offertes' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'PATCH').at(-1)?.body).toEqual({
        customer_link_expiry: ['quotation'],
      }),
    );
  });
});
