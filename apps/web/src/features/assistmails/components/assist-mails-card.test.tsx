import type { AssistMail } from '@im/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { describe, expect, it } from 'vitest';
import { setToken } from '../../../api/token';
import { createTestSession, renderWithProviders } from '../../../test/render';
import { type MockRoute, mockServer } from '../../../test/server';
import { AssistMailsCard } from './assist-mails-card';

const FLOW = 41;

const mail = (over: Partial<AssistMail> = {}): AssistMail => ({
  id: 7,
  flow_id: FLOW,
  rule_id: 3,
  rule_description: 'Na een week',
  mailtemplate_id: 2,
  to_email: 'klant@voorbeeld.nl',
  subject: 'Uw offerte 1041',
  body: '<p>Beste Jan Jansen,</p>',
  status: 'open',
  created_at: '2026-11-26T10:15:00+01:00',
  sent_at: null,
  sent_by_name: null,
  flow_mail_id: null,
  ...over,
});

function setup(mails: AssistMail[], routes: Record<string, MockRoute> = {}) {
  setToken('t');
  const server = mockServer({
    session: createTestSession(),
    routes: { [`GET /api/flow/${FLOW}/assistmails`]: () => ({ body: mails }), ...routes },
  });
  renderWithProviders(<AssistMailsCard flowId={FLOW} />);
  return server;
}

async function axeViolations(): Promise<string[]> {
  const result = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

describe('the card of prepared e-mails', () => {
  it('is not shown without open mails', async () => {
    const { calls } = setup([mail({ status: 'sent' }), mail({ id: 8, status: 'discarded' })]);
    await waitFor(() => expect(calls.some((c) => c.url.endsWith('/assistmails'))).toBe(true));
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.queryByRole('heading', { name: 'Klaargezette e-mails' })).toBeNull();
  });

  it('lists the open mails with subject, recipient and rule, and passes axe', async () => {
    setup([mail(), mail({ id: 8, subject: 'Zonder adres', to_email: '' }), mail({ id: 9, status: 'sent' })]);
    expect(await screen.findByRole('heading', { name: 'Klaargezette e-mails' })).toBeTruthy();
    const first = screen.getByRole('listitem', { name: 'Uw offerte 1041' });
    expect(within(first).getByText('Aan: klant@voorbeeld.nl')).toBeTruthy();
    expect(within(first).getByText(/^Regel: Na een week · Klaargezet op /)).toBeTruthy();
    expect(
      within(screen.getByRole('listitem', { name: 'Zonder adres' })).getByText('Nog geen ontvanger'),
    ).toBeTruthy();
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
    expect(await axeViolations()).toEqual([]);
  });

  it('sends after confirmation', async () => {
    let sent = false;
    const { calls } = setup([mail()], {
      [`GET /api/flow/${FLOW}/assistmails`]: () => ({ body: sent ? [mail({ status: 'sent' })] : [mail()] }),
      'POST /api/assistmail/7/send': () => {
        sent = true;
        return { body: mail({ status: 'sent' }) };
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Versturen' }));
    const dialog = await screen.findByRole('dialog', { name: 'E-mail versturen' });
    expect(within(dialog).getByText('Email versturen?')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Versturen' }));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'POST' && c.url === '/api/assistmail/7/send')).toBe(true),
    );
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Klaargezette e-mails' })).toBeNull());
  });

  it('deletes only after confirmation', async () => {
    const { calls } = setup([mail()], {
      'DELETE /api/assistmail/7': () => ({ body: { message: 'Klaargezette e-mail verwijderd.' } }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Verwijderen' }));
    let dialog = await screen.findByRole('dialog', { name: 'Klaargezette e-mail verwijderen' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Annuleren' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Verwijderen' }));
    dialog = await screen.findByRole('dialog', { name: 'Klaargezette e-mail verwijderen' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Verwijderen' }));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'DELETE' && c.url === '/api/assistmail/7')).toBe(true),
    );
  });

  it('edits recipient, subject and message; a mail without recipient opens the editor instead of sending', async () => {
    const { calls } = setup([mail({ to_email: '' })], {
      'PATCH /api/assistmail/7': (call) => ({ body: mail(call.body as Partial<AssistMail>) }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Versturen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Klaargezette e-mail bewerken' });
    const recipient = within(dialog).getByRole('textbox', { name: 'Ontvanger' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Opslaan' }));
    expect(await within(dialog).findByText('Vul een geldig e-mailadres in.')).toBeTruthy();
    fireEvent.change(recipient, { target: { value: 'nieuw@voorbeeld.nl' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Onderwerp' }), {
      target: { value: 'Even checken' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Opslaan' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PATCH')).toBe(true));
    expect(calls.find((c) => c.method === 'PATCH')!.body).toEqual({
      to_email: 'nieuw@voorbeeld.nl',
      subject: 'Even checken',
      body: '<p>Beste Jan Jansen,</p>',
    });
    expect(calls.some((c) => c.url.endsWith('/send'))).toBe(false);
  });
});
