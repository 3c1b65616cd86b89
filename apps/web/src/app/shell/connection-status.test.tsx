import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { dismissUpdate, offerUpdate } from '../pwa/app-update';
import { ConnectionStatus } from './connection-status';

function setOnline(online: boolean) {
  vi.spyOn(window.navigator, 'onLine', 'get').mockReturnValue(online);
  act(() => {
    window.dispatchEvent(new Event(online ? 'online' : 'offline'));
  });
}

afterEach(() => {
  vi.restoreAllMocks();
  dismissUpdate();
});

describe('where the app stands (decision 059)', () => {
  it('says so while there is no connection, and stops saying it when it is back', async () => {
    renderWithProviders(<ConnectionStatus />);
    expect(screen.queryByText('Geen verbinding')).toBeNull();
    setOnline(false);
    expect(await screen.findByText('Geen verbinding')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toContain('verstuurd zodra er weer verbinding is');
    setOnline(true);
    await waitFor(() => expect(screen.queryByText('Geen verbinding')).toBeNull());
  });

  it('offers a waiting release and applies it only when the user asks', async () => {
    const apply = vi.fn(async () => undefined);
    renderWithProviders(<ConnectionStatus />);
    act(() => offerUpdate(apply));
    expect(await screen.findByText('Er is een nieuwe versie van de app.')).toBeTruthy();
    expect(apply).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Vernieuwen' }));
    expect(apply).toHaveBeenCalledTimes(1);
  });
});
