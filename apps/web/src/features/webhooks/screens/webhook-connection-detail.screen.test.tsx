import { WEBHOOK_MESSAGES, type WebhookConnection } from '@im/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setToken } from '../../../api/token';
import { createTestSession, renderApp } from '../../../test/render';
import { type MockRoute, mockServer } from '../../../test/server';

const connection = (overrides: Partial<WebhookConnection> = {}): WebhookConnection => ({
  id: 5,
  name: 'CRM-koppeling',
  url: 'https://crm.example.com/hook',
  method: 'POST',
  status: 'active',
  last_tested_at: '2026-11-20T10:00:00+01:00',
  created_at: '2026-11-01T10:00:00+01:00',
  updated_at: '2026-11-20T10:00:00+01:00',
  header_tags: [],
  body_tags: [{ fieldkey: 'dossier', fieldvalue: '{{ dossier.nummer }}', example: '1042', nullvalue: '' }],
  query_tags: [],
  secret: 'c2VjcmV0LXNsZXV0ZWwtdm9vci1kZS10ZXN0LTEyMzQ1Njc4',
  ...overrides,
});

const noDeliveries = { data: [], pagination: { total: 0, offset: 0, limit: 10 } };

function setup(routes: Record<string, MockRoute> = {}, stored = connection()) {
  setToken('t');
  const server = mockServer({
    session: createTestSession(),
    routes: {
      'GET /api/webhookconnection/5': () => ({ body: stored }),
      'GET /api/webhookconnection/5/deliveries': () => ({ body: noDeliveries }),
      ...routes,
    },
  });
  return { ...server, ...renderApp('/webhookconnection_detail/5') };
}

const findHeader = () => screen.findByRole('heading', { name: 'CRM-koppeling', level: 1 }, { timeout: 5000 });
const bodyCard = () => within(screen.getByRole('region', { name: 'Body' }));

afterEach(() => vi.restoreAllMocks());

describe('webhook connection detail', () => {
  it('shows the settings, status, tags, masked key and the delivery log', async () => {
    setup({
      'GET /api/webhookconnection/5/deliveries': () => ({
        body: {
          data: [
            {
              id: 9,
              connection_id: 5,
              flow_id: 1,
              rule_id: 2,
              event_id: '3',
              status: 'failed',
              attempts: 6,
              request_method: 'POST',
              request_url: 'https://crm.example.com/hook',
              response_status: 500,
              response_excerpt: 'HTTP-status 500. kapot',
              error: 'HTTP-status 500.',
              created_at: '2026-11-25T09:30:00+01:00',
              finished_at: '2026-11-25T09:35:00+01:00',
            },
          ],
          pagination: { total: 1, offset: 0, limit: 10 },
        },
      }),
    });
    await findHeader();
    expect(screen.getByText('Actief')).toBeTruthy();
    expect(screen.getByLabelText(/^URL/)).toHaveProperty('value', 'https://crm.example.com/hook');
    expect(bodyCard().getByLabelText(/^Sleutel/)).toHaveProperty('value', 'dossier');
    expect(bodyCard().getByLabelText('Waarde')).toHaveProperty('value', '{{ dossier.nummer }}');
    const key = screen.getByLabelText('Ondertekeningssleutel', { selector: 'input' });
    expect(key).toHaveProperty('type', 'password');
    const log = within(await screen.findByRole('region', { name: 'Afleverlogboek' }));
    expect(await log.findByText('Mislukt')).toBeTruthy();
    expect(log.getByText('HTTP-status 500. kapot')).toBeTruthy();
  });

  it('adds a header row and saves all lists in one PATCH', async () => {
    let stored = connection();
    const { calls } = setup({
      'GET /api/webhookconnection/5': () => ({ body: stored }),
      'PATCH /api/webhookconnection/5': (call) => {
        stored = connection({ ...(call.body as Partial<WebhookConnection>), status: 'unverified' });
        return { body: stored };
      },
    });
    await findHeader();
    const headers = within(screen.getByRole('region', { name: 'Headers' }));
    fireEvent.click(headers.getByRole('button', { name: 'Regel toevoegen: Headers' }));
    fireEvent.change(headers.getByLabelText(/^Sleutel/), { target: { value: 'X-Api-Key' } });
    fireEvent.change(headers.getByLabelText('Waarde'), { target: { value: 'abc' } });
    expect(screen.getByText('Niet opgeslagen wijzigingen')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Opslaan' }));
    expect(await screen.findByText('Koppeling opgeslagen')).toBeTruthy();
    const patch = calls.find((c) => c.method === 'PATCH');
    expect(patch?.body).toMatchObject({
      name: 'CRM-koppeling',
      method: 'POST',
      header_tags: [{ fieldkey: 'X-Api-Key', fieldvalue: 'abc', example: '', nullvalue: '' }],
      body_tags: [{ fieldkey: 'dossier' }],
      query_tags: [],
    });
    expect(await screen.findByText('Niet geverifieerd')).toBeTruthy();
  });

  it('refuses an empty key and a header name that is not allowed before calling the server', async () => {
    const { calls } = setup();
    await findHeader();
    fireEvent.click(screen.getByRole('button', { name: 'Regel toevoegen: Queryparameters' }));
    const headers = within(screen.getByRole('region', { name: 'Headers' }));
    fireEvent.click(headers.getByRole('button', { name: 'Regel toevoegen: Headers' }));
    fireEvent.change(headers.getByLabelText(/^Sleutel/), { target: { value: 'Host' } });
    fireEvent.click(screen.getByRole('button', { name: 'Opslaan' }));
    expect(await screen.findByText(WEBHOOK_MESSAGES.headerName('Host'))).toBeTruthy();
    expect(screen.getByText(WEBHOOK_MESSAGES.fieldkeyRequired)).toBeTruthy();
    expect(calls.some((c) => c.method === 'PATCH')).toBe(false);
  });

  it("tests with the spec's toasts: success, and failure with the response", async () => {
    let answer = { success: true, response: 'ontvangen', status: 200 };
    const { calls } = setup({ 'POST /api/webhookconnection/5/test': () => ({ body: answer }) });
    await findHeader();
    fireEvent.click(screen.getByRole('button', { name: 'Testen' }));
    expect(await screen.findByText(WEBHOOK_MESSAGES.testSuccessTitle)).toBeTruthy();
    expect(screen.getByText(WEBHOOK_MESSAGES.testSuccessMessage)).toBeTruthy();

    answer = { success: false, response: 'HTTP-status 500. kapot', status: 500 };
    fireEvent.click(screen.getByRole('button', { name: 'Testen' }));
    expect(await screen.findByText(WEBHOOK_MESSAGES.testFailureTitle)).toBeTruthy();
    expect(screen.getByText(`${WEBHOOK_MESSAGES.testFailureMessage}HTTP-status 500. kapot`)).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST').length).toBe(2);
  });

  it('saves unsaved changes before it tests', async () => {
    const { calls } = setup({
      'PATCH /api/webhookconnection/5': (call) => ({
        body: connection(call.body as Partial<WebhookConnection>),
      }),
      'POST /api/webhookconnection/5/test': () => ({ body: { success: true, response: '', status: 204 } }),
    });
    await findHeader();
    fireEvent.change(screen.getByLabelText(/^Naam/), { target: { value: 'CRM nieuw' } });
    fireEvent.click(screen.getByRole('button', { name: 'Testen' }));
    expect(await screen.findByText(WEBHOOK_MESSAGES.testSuccessTitle)).toBeTruthy();
    expect(calls.filter((c) => c.method !== 'GET').map((c) => `${c.method} ${c.url}`)).toEqual([
      'PATCH /api/webhookconnection/5',
      'POST /api/webhookconnection/5/test',
    ]);
  });

  it('deletes after confirmation and returns to the e-mail settings', async () => {
    const { calls, router } = setup({
      'DELETE /api/webhookconnection/5': () => ({ body: { message: WEBHOOK_MESSAGES.deleted } }),
      'GET /api/company/getcurrentemailsettings': () => ({ status: 500, body: { message: 'x' } }),
      'GET /api/webhookconnection': () => ({ body: [] }),
    });
    await findHeader();
    fireEvent.click(screen.getByRole('button', { name: 'Verwijderen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Koppeling verwijderen' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Verwijderen' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/account/company_emailsettings'));
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.url)).toEqual([
      '/api/webhookconnection/5',
    ]);
  });

  it('a new key asks first and shows the reset status', async () => {
    let stored = connection();
    const { calls } = setup({
      'GET /api/webhookconnection/5': () => ({ body: stored }),
      'POST /api/webhookconnection/5/resetsecret': () => {
        stored = connection({ secret: 'bmlldXdlLXNsZXV0ZWw', status: 'unverified' });
        return { body: stored };
      },
    });
    await findHeader();
    fireEvent.click(screen.getByRole('button', { name: 'Nieuwe sleutel' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nieuwe sleutel maken' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Nieuwe sleutel' }));
    expect(await screen.findByText('Niet geverifieerd')).toBeTruthy();
    expect(calls.some((c) => c.url === '/api/webhookconnection/5/resetsecret')).toBe(true);
  });

  it('has no serious or critical axe violations', async () => {
    setup();
    await findHeader();
    const result = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
    const bad = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(bad.map((v) => `${v.id}: ${v.nodes[0]?.html}`)).toEqual([]);
  });
});
