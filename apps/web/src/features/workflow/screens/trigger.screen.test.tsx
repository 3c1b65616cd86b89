import type { EventTrigger } from '@im/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setToken } from '../../../api/token';
import { createTestAdminSession } from '../../../test/admin-factories';
import { createTestSession, renderApp } from '../../../test/render';
import { mockServer } from '../../../test/server';
import { createTestTriggers } from '../test-factories';

const triggers = createTestTriggers();
const quotationSent = triggers.find((t) => t.tag === 'quotation_sent')!;

function setup(path: string, session = createTestAdminSession()) {
  setToken('t');
  const server = mockServer({
    session,
    routes: {
      'GET /api/eventtrigger': () => ({ body: triggers }),
      [`GET /api/eventtrigger/${quotationSent.id}`]: () => ({ body: quotationSent }),
      [`PATCH /api/eventtrigger/${quotationSent.id}`]: (call) => ({
        body: { ...quotationSent, ...(call.body as Partial<EventTrigger>) },
      }),
      'GET /api/eventtrigger/999': () => ({ status: 404, body: { message: 'Trigger niet gevonden.' } }),
    },
  });
  const app = renderApp(path);
  return { ...server, ...app };
}

describe('event triggers (platform administration)', () => {
  it('lists every trigger with tag, description, stage, document and task; a row opens its detail', async () => {
    const { router } = setup('/eventtrigger_overview');
    expect(await screen.findByRole('heading', { level: 1, name: 'Triggers' })).toBeTruthy();
    const row = (await screen.findByText('quotation_sent')).closest('tr')!;
    expect(within(row).getByText('Offerte verstuurd')).toBeTruthy();
    expect(within(row).getByText('Offerte')).toBeTruthy();
    expect(
      within(row)
        .getAllByText(/^(Ja|Nee)$/)
        .map((c) => c.textContent),
    ).toEqual(['Ja', 'Nee']);
    const task = screen.getByText('task_completed').closest('tr')!;
    expect(
      within(task)
        .getAllByText(/^(Ja|Nee)$/)
        .map((c) => c.textContent),
    ).toEqual(['Nee', 'Ja']);
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Tag',
      'Omschrijving',
      'Fase',
      'Document',
      'Taak',
    ]);
    fireEvent.click(within(row).getByText('Offerte verstuurd'));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/eventtrigger_detail/${quotationSent.id}`),
    );
    // The admin menu has its entry.
    expect(screen.getAllByRole('link', { name: 'Triggers' }).length).toBeGreaterThan(0);
  });

  it('edits description, stage and the flags; the tag stays read-only', async () => {
    const { calls } = setup(`/eventtrigger_detail/${quotationSent.id}`);
    const tag = (await screen.findByRole('textbox', { name: 'Tag' })) as HTMLInputElement;
    expect(tag.value).toBe('quotation_sent');
    expect(tag.readOnly).toBe(true);
    const description = screen.getByRole('textbox', { name: 'Omschrijving' });
    fireEvent.change(description, { target: { value: '' } });
    expect(await screen.findByText('Vul een omschrijving in.')).toBeTruthy();
    fireEvent.change(description, { target: { value: 'Offerte naar de klant verstuurd' } });
    fireEvent.click(screen.getByRole('combobox', { name: 'Fase' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Opdracht' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Heeft taak' }));
    fireEvent.click(screen.getByRole('button', { name: 'Opslaan' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PATCH')).toHaveLength(1));
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({
      description: 'Offerte naar de klant verstuurd',
      flowstage: 'confirmation',
      hasDocument: true,
      hasTask: true,
    });
    expect(await screen.findByText('Trigger opgeslagen')).toBeTruthy();
  });

  it('says so when the trigger does not exist', async () => {
    setup('/eventtrigger_detail/999');
    expect(await screen.findByText('Deze trigger bestaat niet.')).toBeTruthy();
  });

  it('is for platform administrators only', async () => {
    setup('/eventtrigger_overview', createTestSession());
    expect(await screen.findByText(/401/)).toBeTruthy();
  });
});
