import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../../test/fetch-mock';
import { renderWithProviders } from '../../test/render';
import { AUTOSAVE_STORAGE_PREFIX, keptChanges, resetAutosaveEntries } from '../../ui/autosave/autosave-store';
import { ConnectionStatus } from '../shell/connection-status';
import { replayKeptChanges } from './replay-kept-changes';

function keep(
  key: string,
  patch: Record<string, unknown>,
  at: number,
  replay = true,
  base?: Record<string, unknown>,
) {
  window.localStorage.setItem(
    AUTOSAVE_STORAGE_PREFIX + key,
    JSON.stringify({
      patch,
      at,
      ...(base ? { base } : {}),
      ...(replay
        ? {
            replay: {
              path: `/api/flowdataitem/${key}`,
              field: 'values',
              labels: { dakhelling: 'Dakhelling' },
            },
          }
        : {}),
    }),
  );
}

afterEach(() => {
  window.localStorage.clear();
  resetAutosaveEntries();
  vi.unstubAllGlobals();
});

describe('changes kept on the device, sent without their screen (decision 061)', () => {
  it('sends them oldest first as the screen would, and forgets each once the server has it', async () => {
    keep('12', { aantal_panelen: '17' }, Date.now() - 2000);
    keep('13', { dakvorm: 'Plat dak' }, Date.now() - 1000);
    keep('14', { zonder: 'adres' }, Date.now(), false);
    const { calls } = mockFetch(() => ({ body: {} }));
    await replayKeptChanges();
    expect(calls.map((c) => [c.method, c.url, c.body])).toEqual([
      ['PATCH', '/api/flowdataitem/12', { values: { aantal_panelen: '17' } }],
      ['PATCH', '/api/flowdataitem/13', { values: { dakvorm: 'Plat dak' } }],
    ]);
    // A change without a known address waits for its screen.
    expect(keptChanges().map((c) => c.key)).toEqual(['14']);
  });

  it('keeps everything while the network is gone, and keeps a refused change with its reason', async () => {
    keep('12', { aantal_panelen: '17' }, Date.now() - 1000);
    keep('13', { aantal_panelen: 'veel' }, Date.now());
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    await replayKeptChanges();
    expect(keptChanges()).toHaveLength(2);

    mockFetch((call) =>
      call.url.endsWith('/13')
        ? { status: 422, body: { message: 'Aantal panelen moet een getal zijn.' } }
        : { body: {} },
    );
    await replayKeptChanges();
    expect(keptChanges().map((c) => [c.key, c.refused])).toEqual([
      ['13', 'Aantal panelen moet een getal zijn.'],
    ]);
  });

  it('the shell counts what waits, says what was refused, and throws a refused change away on request', async () => {
    keep('13', { aantal_panelen: 'veel' }, Date.now());
    mockFetch(() => ({ status: 422, body: { message: 'Aantal panelen moet een getal zijn.' } }));
    await replayKeptChanges();
    renderWithProviders(<ConnectionStatus />);
    expect(
      await screen.findByText('Een wijziging is niet opgeslagen: Aantal panelen moet een getal zijn.'),
    ).toBeTruthy();
    screen.getByRole('button', { name: 'Wijziging weggooien' }).click();
    await waitFor(() => expect(keptChanges()).toHaveLength(0));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
  });

  it('sends what the office left alone, keeps a field the office changed with both values, and sends it on the user’s choice', async () => {
    keep('12', { dakhelling: '35', aantal_panelen: '17' }, Date.now(), true, {
      dakhelling: '30',
      aantal_panelen: '16',
    });
    const { calls } = mockFetch((call) =>
      call.method === 'GET'
        ? { body: { id: 12, values: { dakhelling: '40', aantal_panelen: '16' } } }
        : { body: {} },
    );
    await replayKeptChanges();
    renderWithProviders(<ConnectionStatus />);
    expect(
      await screen.findByText('Een veld is intussen ook op kantoor gewijzigd. Kies welke waarde blijft.'),
    ).toBeTruthy();
    expect(screen.getByText('Dakhelling')).toBeTruthy();
    expect(screen.getByText('Van jou: 35 · Nu: 40')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'PATCH').map((c) => c.body)).toEqual([
      { values: { aantal_panelen: '17' } },
    ]);

    screen.getByRole('button', { name: 'Mijn waarde' }).click();
    await replayKeptChanges();
    await waitFor(() => expect(keptChanges()).toHaveLength(0));
    expect(calls.filter((c) => c.method === 'PATCH').map((c) => c.body)).toEqual([
      { values: { aantal_panelen: '17' } },
      { values: { dakhelling: '35' } },
    ]);
  });

  it('keeps the office’s value when the user chooses it, and sends nothing for that field', async () => {
    keep('12', { dakhelling: '35' }, Date.now(), true, { dakhelling: '30' });
    const { calls } = mockFetch((call) =>
      call.method === 'GET' ? { body: { id: 12, values: { dakhelling: '40' } } } : { body: {} },
    );
    await replayKeptChanges();
    renderWithProviders(<ConnectionStatus />);
    (await screen.findByRole('button', { name: 'Waarde van kantoor' })).click();
    await waitFor(() => expect(keptChanges()).toHaveLength(0));
    expect(calls.filter((c) => c.method === 'PATCH')).toHaveLength(0);
  });
});
