import type { CommunicatorFlow, FlowConversationAnswer, FlowMessage } from '@im/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setToken } from '../../../api/token';
import { createTestSession, renderApp } from '../../../test/render';
import { type MockRoute, mockServer } from '../../../test/server';
import { createTestFlow, createTestFlowSettings } from '../../flows/test-factories';

const row = (id: number, state: CommunicatorFlow['state'], content: string): CommunicatorFlow => ({
  flow_id: id,
  flow_number: 1000 + id,
  flow_description: 'Zonnepanelen',
  relation_id: id,
  relation_name: `Klant ${id}`,
  state,
  unread_count: state === 'unread' ? 1 : 0,
  unanswered_count: state === 'unanswered' ? 1 : 0,
  message_count: 2,
  last_message_at: '2026-11-25T09:00:00Z',
  last_message: { id: id * 10, content, sendable_type: 'relation', author_name: `Klant ${id}` },
});

const message = (overrides: Partial<FlowMessage>): FlowMessage => ({
  id: 1,
  flow_id: 41,
  relation_id: 7,
  messageable_type: 'flow',
  messageable_id: 41,
  sendable_type: 'relation',
  sendable_id: 7,
  receiveable_type: 'user',
  receiveable_id: 3,
  user_id: null,
  author_name: 'Jan de Boer',
  content: 'Wanneer komt de monteur?',
  status: 'unanswered',
  assigned_to: null,
  created_at: '2026-11-25T09:00:00Z',
  updated_at: '2026-11-25T09:00:00Z',
  ...overrides,
});

function setup(path: string, routes: Record<string, MockRoute>) {
  setToken('t');
  const server = mockServer({
    session: createTestSession(),
    routes: {
      'GET /api/company/getcurrentflowsettings': () => ({ body: createTestFlowSettings() }),
      ...routes,
    },
  });
  return { ...server, ...renderApp(path) };
}

describe('communicator', () => {
  it('lists conversations with their state, filters on the server, and opens the flow’s communicator', async () => {
    const { calls, router } = setup('/communicator', {
      'GET /api/user/getcommunicatormessages': (call) => {
        const status = new URL(call.url, 'http://x').searchParams.get('status');
        return {
          body: {
            data:
              status === 'unread'
                ? [row(1, 'unread', 'Wanneer komt de monteur?')]
                : [row(1, 'unread', 'Wanneer komt de monteur?'), row(2, 'read', 'Dank u wel')],
            has_more: status !== 'unread',
          },
        };
      },
    });
    expect(await screen.findByText('Wanneer komt de monteur?')).toBeTruthy();
    expect(screen.getByText('Dank u wel')).toBeTruthy();
    expect(screen.getAllByText('ongelezen').length).toBe(2); // the filter and the badge
    fireEvent.click(screen.getByRole('button', { name: 'Meer laden' }));
    await waitFor(() => expect(calls.some((c) => c.url.includes('number=100'))).toBe(true));

    fireEvent.click(screen.getByRole('radio', { name: 'ongelezen' }));
    await waitFor(() => expect(screen.queryByText('Dank u wel')).toBeNull());
    expect(calls.some((c) => c.url.includes('status=unread') && c.url.includes('number=50'))).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: /Dossier 1001/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/flow_detail/1'));
    expect(router.state.location.search).toBe('?options=flowcommunicator');
  });
});

describe('flow communicator view', () => {
  it('shows the conversation, sends only with content, and marks the flow answered', async () => {
    let conversation: FlowConversationAnswer = {
      flow_id: 41,
      state: 'unanswered',
      messages: [
        message({}),
        message({
          id: 2,
          sendable_type: 'user',
          user_id: 3,
          author_name: 'Piet Kantoor',
          content: 'Dinsdag.',
          status: 'read',
        }),
      ],
    };
    const { calls } = setup('/flow_detail/41?options=flowcommunicator', {
      'GET /api/flow/41': () => ({ body: createTestFlow({ id: 41, number: 1041 }) }),
      'GET /api/message': () => ({ body: conversation }),
      'GET /api/flow/41/mails': () => ({ body: [] }),
      'GET /api/contacttemplate': () => ({
        body: [
          {
            id: 8,
            description: 'Telefonisch contact',
            note: '',
            created_at: '2026-11-25T09:00:00Z',
            updated_at: '2026-11-25T09:00:00Z',
          },
        ],
      }),
      'POST /api/flow/41/processcontactmoment': () => ({
        status: 201,
        body: { message: 'Contactmoment geregistreerd.', note_id: 3 },
      }),
      'GET /api/flow/41/getmessagetemplates': () => ({
        body: [
          {
            id: 5,
            category: 'Planning',
            description: 'Monteur onderweg',
            message: 'De monteur is onderweg.',
            created_at: '2026-11-25T09:00:00Z',
            updated_at: '2026-11-25T09:00:00Z',
          },
        ],
      }),
      'POST /api/message': (call) => ({ status: 201, body: message({ id: 3, ...(call.body as object) }) }),
      'POST /api/flow/41/markanswered': () => {
        conversation = { ...conversation, state: 'read', messages: [message({ status: 'read' })] };
        return { body: { message: 'ok', updated: 1 } };
      },
    });
    const log = await screen.findByRole('log', { name: 'Berichten' }, { timeout: 5000 });
    expect(within(log).getByText('Wanneer komt de monteur?')).toBeTruthy();
    expect(within(log).getByText('onbeantwoord')).toBeTruthy();
    // The flow's tab carries the flag.
    expect(within(screen.getByRole('tab', { name: /Communicator/ })).getByText('onbeantwoord')).toBeTruthy();

    const send = screen.getByRole('button', { name: 'Versturen' });
    expect((send as HTMLButtonElement).disabled).toBe(true);
    expect(await screen.findByText('Nog geen e-mails verstuurd vanuit dit dossier.')).toBeTruthy();
    // A message template fills the reply box.
    const picker = screen
      .getAllByLabelText('Template invoegen')
      .find((el) => el.tagName === 'INPUT') as HTMLInputElement;
    await waitFor(() => expect(picker.disabled).toBe(false));
    fireEvent.click(picker);
    fireEvent.click(await screen.findByRole('option', { name: 'Monteur onderweg' }));
    expect((screen.getByLabelText('Nieuw bericht') as HTMLTextAreaElement).value).toBe(
      'De monteur is onderweg.',
    );
    fireEvent.change(screen.getByLabelText('Nieuw bericht'), { target: { value: 'Tot dinsdag!' } });
    expect((send as HTMLButtonElement).disabled).toBe(false);
    fireEvent.click(send);
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'POST' && c.url === '/api/message')).toBe(true),
    );
    expect(calls.find((c) => c.method === 'POST' && c.url === '/api/message')?.body).toEqual({
      flow_id: 41,
      content: 'Tot dinsdag!',
    });

    // A contact moment asks 'Registreren {label}?' and is registered on the flow.
    fireEvent.click(await screen.findByRole('button', { name: 'Contactmoment' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Telefonisch contact' }));
    expect(await screen.findByText('Registreren Telefonisch contact?')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Bevestigen' }));
    await waitFor(() =>
      expect(calls.find((c) => c.url === '/api/flow/41/processcontactmoment')?.body).toEqual({
        contacttemplate_id: 8,
      }),
    );

    fireEvent.click(screen.getByRole('button', { name: 'Markeren als beantwoord' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Markeren als beantwoord' })).toBeNull());
  });
});
