import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockFetch } from '../../test/fetch-mock';
import { renderWithProviders } from '../../test/render';
import { HIDDEN_SYSTEM_NOTIFICATIONS_KEY, SystemNotifications } from './system-notifications';

describe('system notifications', () => {
  it('shows active notifications and remembers a hidden one by id', async () => {
    mockFetch(() => ({
      body: [
        { id: 1, content: 'Onderhoud vanavond om 22:00', theme: 'warning' },
        { id: 2, content: 'Nieuwe koppeling beschikbaar', theme: 'success' },
      ],
    }));
    const first = renderWithProviders(<SystemNotifications />);
    expect(await screen.findByText('Onderhoud vanavond om 22:00')).toBeTruthy();
    fireEvent.click(screen.getAllByRole('button', { name: 'Melding verbergen' })[0]!);
    await waitFor(() => expect(screen.queryByText('Onderhoud vanavond om 22:00')).toBeNull());
    expect(JSON.parse(window.localStorage.getItem(HIDDEN_SYSTEM_NOTIFICATIONS_KEY) ?? '[]')).toEqual([1]);
    first.unmount();

    renderWithProviders(<SystemNotifications />);
    expect(await screen.findByText('Nieuwe koppeling beschikbaar')).toBeTruthy();
    expect(screen.queryByText('Onderhoud vanavond om 22:00')).toBeNull();
  });

  it('shows nothing when the call fails', async () => {
    const { calls } = mockFetch(() => ({ status: 500, body: { message: 'kapot' } }));
    const { container } = renderWithProviders(<SystemNotifications />);
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(container.querySelector('[role="alert"]')).toBeNull();
    expect(screen.queryByText('kapot')).toBeNull();
  });
});
