import type { SearchAnswer } from '@im/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setToken } from '../../../api/token';
import type { MockCall } from '../../../test/fetch-mock';
import { createTestSession, renderApp } from '../../../test/render';
import { hitOf } from '../../../test/search-hits';
import { mockServer } from '../../../test/server';

const params = (call: MockCall | undefined) =>
  Object.fromEntries(new URL(call?.url ?? '', 'http://x').searchParams);
const notes = (count: number) =>
  Array.from({ length: count }, (_, i) =>
    hitOf({
      kind: 'note',
      id: i + 1,
      flow_id: 3,
      flow_number: 1003,
      relation_name: 'Piet Bakker',
      snippet: [
        { text: 'Steiger ', hit: true },
        { text: `nummer ${i + 1}`, hit: false },
      ],
    }),
  );

function setup() {
  setToken('t');
  const server = mockServer({
    session: createTestSession(),
    routes: {
      'GET /api/search': (call) => {
        const { kind, limit } = params(call);
        const n = Number(limit);
        const body: SearchAnswer = kind
          ? { groups: [{ kind: 'note', hits: notes(Math.min(n, 25)), more: n < 25 }] }
          : {
              groups: [
                {
                  kind: 'flowdataitem',
                  more: false,
                  hits: [
                    hitOf({
                      kind: 'flowdataitem',
                      id: 4,
                      title: 'Schouw zonnepanelen',
                      flow_id: 3,
                      flow_number: 1003,
                      relation_name: 'Piet Bakker',
                      intake_id: 8,
                      vertical_id: 2,
                    }),
                  ],
                },
                { kind: 'note', hits: notes(10), more: true },
              ],
            };
        return { body };
      },
    },
  });
  return { ...server, ...renderApp('/search?query=steiger') };
}

describe('search results screen', { timeout: 20_000 }, () => {
  it('groups hits by kind with links into the right place, and grows one kind by 10', async () => {
    const { calls, router } = setup();
    expect(await screen.findByRole('heading', { name: 'Resultaten voor ‘steiger’' })).toBeTruthy();
    const forms = within(await screen.findByRole('region', { name: 'Formulieren' }));
    expect(forms.getByRole('link', { name: 'Schouw zonnepanelen' }).getAttribute('href')).toBe(
      '/intake_detail/8?formId=2',
    );
    const notesGroup = within(screen.getByRole('region', { name: 'Notities' }));
    expect(notesGroup.getAllByRole('link', { name: 'Notitie' })).toHaveLength(10);
    expect(notesGroup.getAllByRole('link', { name: 'Notitie' })[0]?.getAttribute('href')).toBe(
      '/note_detail/1',
    );
    expect(notesGroup.getAllByText('Dossier 1003 · Piet Bakker')).toHaveLength(10);

    fireEvent.click(notesGroup.getByRole('button', { name: 'Meer tonen' }));
    await waitFor(() => expect(router.state.location.search).toBe('?query=steiger&kind=note'));
    await waitFor(() => expect(params(calls.at(-1))).toMatchObject({ kind: 'note', limit: '10' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Meer tonen' }));
    await waitFor(() => expect(screen.getAllByRole('link', { name: 'Notitie' })).toHaveLength(20));
    expect(params(calls.filter((c) => c.url.startsWith('/api/search')).at(-1))).toMatchObject({
      kind: 'note',
      limit: '20',
    });
    fireEvent.click(screen.getByRole('button', { name: 'Meer tonen' }));
    await waitFor(() => expect(screen.getAllByRole('link', { name: 'Notitie' })).toHaveLength(25));
    expect(screen.queryByRole('button', { name: 'Meer tonen' })).toBeNull();
  });
});
