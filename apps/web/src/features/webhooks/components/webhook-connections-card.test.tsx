import { WEBHOOK_MESSAGES, type WebhookConnectionSummary } from '@im/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setToken } from '../../../api/token';
import { createTestSession, renderApp } from '../../../test/render';
import { mockServer } from '../../../test/server';

const summary = (overrides: Partial<WebhookConnectionSummary>): WebhookConnectionSummary => ({
  id: 5,
  name: 'CRM-koppeling',
  url: 'https://crm.example.com/hook',
  method: 'POST',
  status: 'unverified',
  last_tested_at: null,
  created_at: '2026-11-01T10:00:00+01:00',
  updated_at: '2026-11-01T10:00:00+01:00',
  ...overrides,
});

function setup() {
  setToken('t');
  return mockServer({
    session: createTestSession(),
    routes: {
      'GET /api/company/getcurrentemailsettings': () => ({
        body: {
          sender: {
            sender_name: '',
            reply_to: 'company',
            reply_to_address: '',
            company_email: '',
            company_name: 'Zonnestroom',
          },
          company_settings_id: 1,
          images: { emailheader: null, emailfooter: null, customerbackground: null },
          mailtemplates: [],
          messagetemplates: [],
          contacttemplates: [],
          flowfiles: [],
        },
      }),
      'GET /api/documenttype': () => ({ body: [] }),
      'GET /api/webhookconnection': () => ({
        body: [summary({}), summary({ id: 6, name: 'Boekhouding', method: 'PUT', status: 'active' })],
      }),
      'POST /api/webhookconnection': (call) => ({
        status: 201,
        body: {
          ...summary({ id: 8, ...(call.body as object) }),
          header_tags: [],
          body_tags: [],
          query_tags: [],
          secret: 's',
        },
      }),
    },
  });
}

describe('e-mail settings: webhook connections', () => {
  it('lists the connections with their status; a new one asks name, URL and method and opens its detail', async () => {
    const { calls } = setup();
    const { router } = renderApp('/account/company_emailsettings');
    const card = within(await screen.findByRole('region', { name: 'Webhookkoppelingen' }, { timeout: 5000 }));
    expect(await card.findByRole('link', { name: 'Koppeling CRM-koppeling openen' })).toHaveProperty(
      'href',
      expect.stringContaining('/webhookconnection_detail/5'),
    );
    expect(card.getByText('Niet geverifieerd')).toBeTruthy();
    expect(card.getByText('Actief')).toBeTruthy();

    fireEvent.click(card.getByRole('button', { name: 'Nieuwe koppeling' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Nieuwe koppeling' }));
    fireEvent.change(dialog.getByLabelText(/^URL/), { target: { value: 'ftp://x' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Opslaan' }));
    expect(await dialog.findByText(WEBHOOK_MESSAGES.nameRequired)).toBeTruthy();
    expect(dialog.getByText(WEBHOOK_MESSAGES.urlInvalid)).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    fireEvent.change(dialog.getByLabelText(/^Naam/), { target: { value: 'Planning' } });
    fireEvent.change(dialog.getByLabelText(/^URL/), { target: { value: 'https://plan.example.com/in' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Opslaan' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/webhookconnection_detail/8'));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      name: 'Planning',
      url: 'https://plan.example.com/in',
      method: 'POST',
    });
  });
});
