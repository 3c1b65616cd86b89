import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setToken } from '../../../api/token';
import { createTestAdminSession } from '../../../test/admin-factories';
import { renderApp } from '../../../test/render';
import { mockServer } from '../../../test/server';

const existing = {
  id: 3,
  content: 'Onderhoud op 15 december 2026',
  theme: 'warning',
  active: true,
  created_at: '2026-11-01T09:00:00+01:00',
};

function setup() {
  setToken('t');
  const server = mockServer({
    session: createTestAdminSession(),
    routes: {
      'GET /api/systemnotification': () => ({ body: [existing] }),
      'POST /api/systemnotification': (c) => ({
        status: 201,
        body: { id: 4, created_at: '2026-11-02T09:00:00+01:00', ...(c.body as object) },
      }),
    },
  });
  renderApp('/systemnotification_overview');
  return server;
}

describe('system notifications', () => {
  it('blocks saving without content, previews the text in the chosen theme, then POSTs', async () => {
    const { calls } = setup();
    expect(await screen.findByText(existing.content)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Nieuwe systeemmelding' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nieuwe systeemmelding' });

    fireEvent.click(within(dialog).getByRole('button', { name: 'Opslaan' }));
    expect(await within(dialog).findByText('Dit veld is verplicht.')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    fireEvent.change(within(dialog).getByLabelText(/^Tekst/), {
      target: { value: 'Nieuwe versie vanavond' },
    });
    const preview = within(dialog).getByTestId('systemnotification-preview');
    expect(preview.textContent).toBe('Nieuwe versie vanavond');
    expect(within(dialog).queryByText('Dit veld is verplicht.')).toBeNull();

    fireEvent.click(within(dialog).getByRole('combobox', { name: /^Stijl/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'Gevaar (rood)' }));
    await waitFor(() => expect(preview.getAttribute('style') ?? '').toMatch(/red/));

    fireEvent.click(within(dialog).getByRole('button', { name: 'Opslaan' }));
    expect(await screen.findByText('De systeemmelding is aangemaakt.')).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      content: 'Nieuwe versie vanavond',
      theme: 'danger',
      active: true,
    });
  });

  it('rejects a text above 10000 characters', async () => {
    setup();
    fireEvent.click(await screen.findByRole('button', { name: 'Nieuwe systeemmelding' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nieuwe systeemmelding' });
    fireEvent.change(within(dialog).getByLabelText(/^Tekst/), { target: { value: 'x'.repeat(10_001) } });
    expect(await within(dialog).findByText('De tekst mag hoogstens 10000 tekens lang zijn.')).toBeTruthy();
  });
});
