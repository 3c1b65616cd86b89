import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { setToken } from '../../../api/token';
import type { MockCall } from '../../../test/fetch-mock';
import { createTestSession, renderApp } from '../../../test/render';
import { type MockRoute, mockServer } from '../../../test/server';
import type { SearchResults } from '../queries';

const empty: SearchResults = { flows: [], relations: [], organizations: [] };
const flows = (count: number, name = 'Jan de Boer') =>
  Array.from({ length: count }, (_, i) => ({
    id: i + 1,
    number: 1000 + i,
    description: 'Warmtepomp',
    relation_fullname: `${name} ${i + 1}`,
    address: 'Dorpsstraat 12, Zwolle',
    flow_status: 'new' as const,
  }));

function setup(answer: MockRoute) {
  setToken('t');
  const server = mockServer({
    session: createTestSession(),
    routes: { 'GET /api/flow/searchforsearchterm': answer },
  });
  return { ...server, ...renderApp('/dashboard') };
}

const searchCalls = (calls: MockCall[]) =>
  calls.filter((c) => c.url.startsWith('/api/flow/searchforsearchterm'));
const params = (call: MockCall | undefined) =>
  Object.fromEntries(new URL(call?.url ?? '', 'http://x').searchParams);
const box = () => screen.findByLabelText('Snel zoeken', {}, { timeout: 5000 });
const type = async (text: string) => fireEvent.change(await box(), { target: { value: text } });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

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
    expect(params(searchCalls(calls)[0])).toEqual({ query: 'Jans', limit: '10' });
    expect(await screen.findByText('Geen resultaten gevonden')).toBeTruthy();
  });

  it('groups hits, grows by 10 with Meer tonen, and opens the chosen hit with the keyboard', async () => {
    const { calls, router } = setup((call) => {
      const limit = Number(params(call).limit);
      return {
        body: {
          flows: flows(limit),
          relations: [{ id: 5, fullname: 'Jan de Boer', address: 'Dorpsstraat 12, Zwolle' }],
          organizations: [{ id: 9, name: 'Jansen Installatie BV', address: 'Industrieweg 1, Zwolle' }],
        },
      };
    });
    await type('Jan');
    expect(await screen.findByText('#1000 Jan de Boer 1', {}, { timeout: 3000 })).toBeTruthy();
    const list = within(screen.getByRole('listbox'));
    expect(list.getByText('Dossiers')).toBeTruthy();
    expect(list.getByText('Relaties')).toBeTruthy();
    expect(list.getByText('Organisaties')).toBeTruthy();
    expect(list.getByText('Jansen Installatie BV')).toBeTruthy();
    expect(screen.queryByText('#1010 Jan de Boer 11')).toBeNull();

    fireEvent.click(screen.getByText('Meer tonen'));
    expect(await screen.findByText('#1019 Jan de Boer 20')).toBeTruthy();
    expect(params(searchCalls(calls).at(-1))).toEqual({ query: 'Jan', limit: '20' });

    const input = await box();
    fireEvent.keyDown(input, { key: 'ArrowDown', code: 'ArrowDown' });
    fireEvent.keyDown(input, { key: 'Enter', code: 'Enter' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/flow_detail/1'));
  });

  it('ignores a slow reply to an older term', async () => {
    setToken('t');
    mockServer({
      session: createTestSession(),
      routes: {
        'GET /api/flow/searchforsearchterm': (call) => ({
          body: {
            ...empty,
            relations: [{ id: 1, fullname: `Resultaat voor ${params(call).query}`, address: '' }],
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
