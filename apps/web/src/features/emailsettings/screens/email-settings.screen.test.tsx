import type { DocumentType, MailTemplate } from '@im/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setToken } from '../../../api/token';
import { createTestSession, renderApp } from '../../../test/render';
import { mockServer } from '../../../test/server';

const documentType = (overrides: Partial<DocumentType>): DocumentType => ({
  id: 1,
  description: 'Opdrachtbevestiging',
  system_kind: 'confirmation',
  flowstage: null,
  approval_signature: false,
  only_show_approved: false,
  documents: 0,
  created_at: '2026-03-01T10:00:00+01:00',
  updated_at: '2026-03-01T10:00:00+01:00',
  ...overrides,
});

const mailTemplate = (overrides: Partial<MailTemplate>): MailTemplate => ({
  id: 10,
  template_type: 'sendquotation',
  description: 'Offerte versturen',
  subject: 'Uw offerte',
  message: '<p>Beste klant</p>',
  attachedfiles: [],
  created_at: '2026-03-01T10:00:00+01:00',
  updated_at: '2026-03-01T10:00:00+01:00',
  ...overrides,
});

const sender = {
  sender_name: '',
  reply_to: 'company' as const,
  reply_to_address: '',
  company_email: 'info@zon.test',
  company_name: 'Zon B.V.',
};

describe('e-mail settings: the sender', () => {
  it('saves a sender name and a given reply address, which it asks for with that choice', async () => {
    setToken('t');
    const { calls } = mockServer({
      session: createTestSession({ modules: ['BASIS', 'CRM', 'SETTINGS'] }),
      routes: {
        'GET /api/company/getcurrentemailsettings': () => ({
          body: {
            sender,
            company_settings_id: 1,
            images: { emailheader: null, emailfooter: null, customerbackground: null },
            mailtemplates: [],
            messagetemplates: [],
            contacttemplates: [],
            flowfiles: [],
          },
        }),
        'GET /api/documenttype': () => ({ body: [] }),
        'PATCH /api/company/emailsender': (call) => ({ body: { ...sender, ...(call.body as object) } }),
      },
    });
    renderApp('/account/company_emailsettings');
    const name = await screen.findByLabelText('Naam van de afzender');
    expect(screen.getByText('Uw klanten zien als afzender: Zon B.V.')).toBeTruthy();
    expect(screen.getByText('info@zon.test')).toBeTruthy();
    fireEvent.change(name, { target: { value: 'Zon Installaties' } });
    expect(screen.getByText('Uw klanten zien als afzender: Zon Installaties')).toBeTruthy();
    fireEvent.click(screen.getByLabelText('Een ander e-mailadres'));
    fireEvent.click(screen.getByRole('button', { name: 'Opslaan' }));
    expect(await screen.findByText('Vul het e-mailadres in waar antwoorden heen gaan.')).toBeTruthy();
    expect(calls.some((c) => c.method === 'PATCH')).toBe(false);

    fireEvent.change(screen.getByLabelText(/E-mailadres voor antwoorden/), {
      target: { value: 'planning@zon.test' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Opslaan' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({
        sender_name: 'Zon Installaties',
        reply_to: 'address',
        reply_to_address: 'planning@zon.test',
      }),
    );
  });
});

describe('e-mail settings: mail templates per document type', () => {
  it("names a document type's template and offers its send and approve types", async () => {
    setToken('t');
    mockServer({
      session: createTestSession({ modules: ['BASIS', 'CRM', 'SETTINGS', 'SALES', 'PROJECT'] }),
      routes: {
        'GET /api/company/getcurrentemailsettings': () => ({
          body: {
            sender,
            company_settings_id: 1,
            images: { emailheader: null, emailfooter: null, customerbackground: null },
            mailtemplates: [
              mailTemplate({}),
              mailTemplate({
                id: 11,
                template_type: 'senddocument_7',
                description: 'Opleverrapport versturen',
              }),
            ],
            messagetemplates: [],
            contacttemplates: [],
            flowfiles: [],
          },
        }),
        'GET /api/documenttype': () => ({
          body: [
            documentType({}),
            documentType({ id: 7, description: 'Opleverrapport', system_kind: null, flowstage: 'project' }),
          ],
        }),
        'GET /api/mergetags': () => ({ body: [] }),
      },
    });
    renderApp('/account/company_emailsettings');
    expect(await screen.findByText('Versturen Opleverrapport')).toBeTruthy();
    expect(screen.getByText('Versturen offerte')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Nieuw mailtemplate' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getAllByLabelText('Soort')[0]!);
    expect(await screen.findByRole('option', { name: 'Goedkeuren Opleverrapport door klant' })).toBeTruthy();
    expect(screen.getByRole('option', { name: 'Versturen Opleverrapport' })).toBeTruthy();
    // The system types have their own fixed template types.
    expect(screen.queryByRole('option', { name: 'Versturen Opdrachtbevestiging' })).toBeNull();
  });
});
