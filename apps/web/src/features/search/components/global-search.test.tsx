import type { SearchAnswer } from '@im/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { setToken } from '../../../api/token';
import type { MockCall } from '../../../test/fetch-mock';
import { createTestSession, renderApp } from '../../../test/render';
import { hitOf } from '../../../test/search-hits';
import { type MockRoute, mockServer } from '../../../test/server';

const empty: SearchAnswer = { groups: [] };

function setup(answer: MockRoute) {
  setToken('t');
  const server = mockServer({ session: createTestSession(), routes: { 'GET /api/search': answer } });
  return { ...server, ...renderApp('/dashboard') };
}

const searchCalls = (calls: MockCall[]) => calls.filter((c) => c.url.startsWith('/api/search'));
const params = (call: MockCall | undefined) =>
  Object.fromEntries(new URL(call?.url ?? '', 'http://x').searchParams);
const box = () => screen.findByLabelText('Snel zoeken', {}, { timeout: 5000 });
const type = async (text: string) => fireEvent.change(await box(), { target: { value: text } });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const answer: SearchAnswer = {
  groups: [
    {
      kind: 'flow',
      more: false,
      hits: [hitOf({ kind: 'flow', id: 1, title: 'Jan de Boer', flow_id: 1, flow_number: 1000 })],
    },
    {
      kind: 'message',
      more: true,
      hits: [
        hitOf({
          kind: 'message',
          id: 7,
          flow_id: 1,
          flow_number: 1000,
          relation_name: 'Jan de Boer',
          sender: 'relation',
          snippet: [
            { text: 'Komen de ', hit: false },
            { text: 'zonnepanelen', hit: true },
            { text: ' op de schuur?', hit: false },
          ],
        }),
      ],
    },
  ],
};

describe('global search', { timeout: 20_000 }, () => {
  it('searches from 3 characters, 750 ms after the last keystroke, and shows Geen resultaten gevonden', async () => {
    const { calls } = setup(() => ({ body: empty }));
    await type('Ja');
    expect(await screen.findByText('Typ minstens 3 tekens om te zoeken')).toBeTruthy();
    await sleep(1000);
    expect(searchCalls(calls)).toHaveLength(0);

    const typedAt = Date.now();
    await type('Jan');
    await sleep(400);
    await type('Jans');
    await waitFor(() => expect(searchCalls(calls)).toHaveLength(1), { timeout: 2000 });
    expect(Date.now() - typedAt).toBeGreaterThanOrEqual(400 + 700);
    expect(params(searchCalls(calls)[0])).toEqual({ query: 'Jans', limit: '3' });
    expect(await screen.findByText('Geen resultaten gevonden')).toBeTruthy();
  });

  it('groups hits by kind with the matched word marked, and opens the message in the flow’s communicator', async () => {
    const { router } = setup(() => ({ body: answer }));
    await type('zonnepaneel');
    expect(await screen.findByText('Bericht van de klant', {}, { timeout: 3000 })).toBeTruthy();
    const list = within(screen.getByRole('listbox'));
    expect(list.getByText('Dossiers')).toBeTruthy();
    expect(list.getByText('Berichten')).toBeTruthy();
    // The flow's own line and the message's context.
    expect(list.getAllByText('Dossier 1000 · Jan de Boer')).toHaveLength(2);
    expect(list.getByText('zonnepanelen').tagName).toBe('MARK');

    const input = await box();
    fireEvent.keyDown(input, { key: 'ArrowDown', code: 'ArrowDown' });
    fireEvent.keyDown(input, { key: 'ArrowDown', code: 'ArrowDown' });
    fireEvent.keyDown(input, { key: 'Enter', code: 'Enter' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/flow_detail/1'));
    expect(router.state.location.search).toBe('?options=flowcommunicator');
  });

  it('opens the results screen with Alle resultaten, and with Enter when no hit is chosen', async () => {
    const { router } = setup(() => ({ body: answer }));
    await type('zonnepaneel');
    fireEvent.click(await screen.findByText('Alle resultaten voor ‘zonnepaneel’', {}, { timeout: 3000 }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/search'));
    expect(router.state.location.search).toBe('?query=zonnepaneel');

    await type('asbest');
    await screen.findByText('Alle resultaten voor ‘asbest’', {}, { timeout: 3000 });
    fireEvent.keyDown(await box(), { key: 'Enter', code: 'Enter' });
    await waitFor(() => expect(router.state.location.search).toBe('?query=asbest'));
  });

  it('ignores a slow reply to an older term', async () => {
    setToken('t');
    mockServer({
      session: createTestSession(),
      routes: {
        'GET /api/search': (call) => ({
          body: {
            groups: [
              {
                kind: 'relation',
                more: false,
                hits: [hitOf({ kind: 'relation', id: 1, title: `Resultaat voor ${params(call).query}` })],
              },
            ],
          },
        }),
      },
    });
    const fake = globalThis.fetch;
    // The reply for 'Jansen' arrives 1.5 s late, after the reply for 'Jansma'.
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input).includes('query=Jansen')) await sleep(1500);
      return fake(input, init);
    });
    renderApp('/dashboard');
    await type('Jansen');
    await sleep(900);
    await type('Jansma');
    expect(await screen.findByText('Resultaat voor Jansma', {}, { timeout: 3000 })).toBeTruthy();
    await sleep(1200);
    expect(screen.queryByText('Resultaat voor Jansen')).toBeNull();
    expect(screen.getByText('Resultaat voor Jansma')).toBeTruthy();
  });
});
