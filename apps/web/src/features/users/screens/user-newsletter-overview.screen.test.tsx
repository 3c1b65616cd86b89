import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { setToken } from '../../../api/token';
import { createTestAdminSession, createTestUserRow, page } from '../../../test/admin-factories';
import { renderApp } from '../../../test/render';
import { mockServer } from '../../../test/server';

describe('newsletter overview', () => {
  it("copies every subscriber's e-mail address and confirms with 'Gekopieerd!'", async () => {
    const subscribers = [
      createTestUserRow({
        id: 3,
        fullname: 'Anna Bakker',
        email: 'anna@bakker.nl',
        receives_newsletter: true,
      }),
      createTestUserRow({ id: 4, fullname: 'Piet Smit', email: 'piet@smit.nl', receives_newsletter: true }),
    ];
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    setToken('t');
    const { calls } = mockServer({
      session: createTestAdminSession(),
      routes: { 'GET /api/user/querypaginated': () => page(subscribers) },
    });
    renderApp('/user_newsletter_overview');

    expect(await screen.findByText('Piet Smit')).toBeTruthy();
    const button = await screen.findByRole('button', { name: 'Kopieer e-mailadressen' });
    await waitFor(() => expect(button.hasAttribute('data-loading')).toBe(false));
    fireEvent.click(button);
    expect(await screen.findByRole('button', { name: 'Gekopieerd!' })).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith('anna@bakker.nl, piet@smit.nl');
    // Only subscribers are asked for, for the table and for the addresses.
    const lists = calls.filter((c) => c.url.startsWith('/api/user/querypaginated'));
    expect(lists.length).toBeGreaterThanOrEqual(2);
    expect(lists.every((c) => c.url.includes('receives_newsletter=true'))).toBe(true);
  });
});
