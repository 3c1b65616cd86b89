import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/client';
import { renderWithProviders } from '../../test/render';
import { AutosaveStatus } from './autosave-status';
import { AUTOSAVE_STORAGE_PREFIX, hasUnsavedChanges, type Patch, type SaveOptions } from './autosave-store';
import { useAutosave } from './use-autosave';

const KEY = 'note:7';
type Save = (patch: Patch, options: SaveOptions) => Promise<unknown>;

function Editor({ save, delayMs = 40 }: { save: Save; delayMs?: number }) {
  const autosave = useAutosave<{ text: string }, unknown>({ key: KEY, save, delayMs });
  const [text, setText] = useState(() => autosave.unsaved()?.text ?? '');
  return (
    <div>
      <input
        aria-label="Tekst"
        value={text}
        onChange={(e) => {
          setText(e.currentTarget.value);
          autosave.change({ text: e.currentTarget.value });
        }}
      />
      <AutosaveStatus status={autosave.status} onRetry={() => void autosave.retry()} />
    </div>
  );
}

function recorder(answers: (() => Promise<unknown>)[] = []) {
  const calls: { patch: Patch; keepalive: boolean }[] = [];
  const save = vi.fn<Save>(async (patch, options) => {
    calls.push({ patch, keepalive: options.keepalive });
    const answer = answers.shift();
    return answer ? answer() : { ok: true };
  });
  return { calls, save };
}

const type = (value: string) => fireEvent.change(screen.getByLabelText('Tekst'), { target: { value } });
const status = () => screen.getByRole('status').textContent;
const stored = () => window.localStorage.getItem(AUTOSAVE_STORAGE_PREFIX + KEY);
const serverError = () => Promise.reject(new ApiError(503, 'De server is even niet bereikbaar.'));

describe('autosave', () => {
  it('saves the changes of a burst of typing once, after the delay, and says so', async () => {
    const { calls, save } = recorder();
    renderWithProviders(<Editor save={save} />);
    expect(status()).toBe('');
    type('a');
    type('ab');
    expect(status()).toBe('Opslaan…');
    expect(calls).toEqual([]);
    await waitFor(() => expect(status()).toBe('Opgeslagen'));
    expect(calls).toEqual([{ patch: { text: 'ab' }, keepalive: false }]);
    expect(stored()).toBeNull();
    expect(hasUnsavedChanges()).toBe(false);
  });

  it('sends a pending change at once when the editor goes away (a route change)', async () => {
    const { calls, save } = recorder();
    const view = renderWithProviders(<Editor save={save} delayMs={60_000} />);
    type('weg voor de wachttijd');
    expect(calls).toEqual([]);
    view.unmount();
    expect(calls).toEqual([{ patch: { text: 'weg voor de wachttijd' }, keepalive: false }]);
    await waitFor(() => expect(stored()).toBeNull());
  });

  it('keeps a failed save, shows "Niet opgeslagen" with the reason, and saves on "Opnieuw proberen"', async () => {
    const { calls, save } = recorder([serverError]);
    renderWithProviders(<Editor save={save} />);
    type('dak plat');
    await waitFor(() => expect(status()).toBe('Niet opgeslagen: De server is even niet bereikbaar.'));
    expect(JSON.parse(stored()!).patch).toEqual({ text: 'dak plat' });
    expect(hasUnsavedChanges()).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Opnieuw proberen' }));
    await waitFor(() => expect(status()).toBe('Opgeslagen'));
    expect(calls.map((c) => c.patch)).toEqual([{ text: 'dak plat' }, { text: 'dak plat' }]);
    expect(stored()).toBeNull();
    expect(screen.queryByRole('button', { name: 'Opnieuw proberen' })).toBeNull();
  });

  it('tries a failed save again by itself after a pause, and at once when the browser is back online', async () => {
    const { calls, save } = recorder([serverError, serverError]);
    renderWithProviders(<Editor save={save} />);
    type('16');
    await waitFor(() => expect(calls).toHaveLength(1));
    // The first retry waits 2 s, the next 4 s; going online does not wait.
    await waitFor(() => expect(calls).toHaveLength(2), { timeout: 8000 });
    await waitFor(() => expect(status()).toMatch(/^Niet opgeslagen/));
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    await waitFor(() => expect(status()).toBe('Opgeslagen'));
    expect(calls).toHaveLength(3);
  });

  it('does not repeat a save the server refused (4xx): the value and the message stay until the next change', async () => {
    const { calls, save } = recorder([
      () =>
        Promise.reject(new ApiError(422, 'Kies een van de opties.', { text: ['Kies een van de opties.'] })),
    ]);
    renderWithProviders(<Editor save={save} />);
    type('paars');
    await waitFor(() => expect(status()).toBe('Niet opgeslagen: Kies een van de opties.'));
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(calls).toHaveLength(1);
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(calls).toHaveLength(1);
    expect((screen.getByLabelText('Tekst') as HTMLInputElement).value).toBe('paars');
    type('rood');
    await waitFor(() => expect(status()).toBe('Opgeslagen'));
    expect(calls.map((c) => c.patch)).toEqual([{ text: 'paars' }, { text: 'rood' }]);
  });

  it('brings back a change kept from before a reload and saves it', async () => {
    window.localStorage.setItem(
      AUTOSAVE_STORAGE_PREFIX + KEY,
      JSON.stringify({ patch: { text: 'van voor het herladen' }, at: Date.now() }),
    );
    const { calls, save } = recorder();
    renderWithProviders(<Editor save={save} />);
    expect((screen.getByLabelText('Tekst') as HTMLInputElement).value).toBe('van voor het herladen');
    await waitFor(() => expect(status()).toBe('Opgeslagen'));
    expect(calls).toEqual([{ patch: { text: 'van voor het herladen' }, keepalive: false }]);
    expect(stored()).toBeNull();
  });

  it('forgets a kept change older than a week', async () => {
    window.localStorage.setItem(
      AUTOSAVE_STORAGE_PREFIX + KEY,
      JSON.stringify({ patch: { text: 'oud' }, at: Date.now() - 8 * 24 * 3600 * 1000 }),
    );
    const { calls, save } = recorder();
    renderWithProviders(<Editor save={save} />);
    expect((screen.getByLabelText('Tekst') as HTMLInputElement).value).toBe('');
    expect(stored()).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(calls).toEqual([]);
  });

  it('sends with keepalive when the tab is closed, and warns before leaving only while a change is unsaved', async () => {
    const { calls, save } = recorder([() => new Promise(() => {})]);
    renderWithProviders(<Editor save={save} delayMs={60_000} />);
    const leave = () => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    expect(leave()).toBe(false);
    type('net getypt');
    window.dispatchEvent(new Event('pagehide'));
    expect(calls).toEqual([{ patch: { text: 'net getypt' }, keepalive: true }]);
    // The answer never comes (the tab went away): the change is still unsaved and kept.
    expect(leave()).toBe(true);
    expect(JSON.parse(stored()!).patch).toEqual({ text: 'net getypt' });
    // A page that goes away with a save under way sends it again, one that outlives the page.
    window.dispatchEvent(new Event('pagehide'));
    expect(calls).toHaveLength(2);
    expect(calls[1]).toEqual({ patch: { text: 'net getypt' }, keepalive: true });
  });
});
