import { PORTAL_TEXTS } from '@im/domain';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setToken } from '../../api/token';
import { mockFetch } from '../../test/fetch-mock';
import { createTestSession, renderWithProviders } from '../../test/render';
import { PortalLink } from './portal-link';

const URL_WITH_TOKEN = 'https://portal.example/start?token=v1.abc.def';

function fakeTab() {
  const tab = { opener: {} as unknown, location: { replace: vi.fn() }, close: vi.fn() };
  const open = vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
  return { tab, open };
}

afterEach(() => vi.restoreAllMocks());

describe('the portal link in the side menu (decision 067)', () => {
  it('is not there without the experimental feature flag', () => {
    renderWithProviders(<PortalLink session={createTestSession()} onNavigate={() => {}} />);
    expect(screen.queryByRole('button', { name: /Portaal/ })).toBeNull();
  });

  it('asks for a portal token at the click and opens the portal with it in a new tab', async () => {
    setToken('session-token-123');
    const { calls } = mockFetch((call) =>
      call.url === '/api/user/portaltoken' && call.method === 'POST'
        ? { body: { url: URL_WITH_TOKEN, token: 'v1.abc.def', expires_at: '2026-12-06T20:05:00.000Z' } }
        : undefined,
    );
    const { tab, open } = fakeTab();
    const onNavigate = vi.fn();
    renderWithProviders(
      <PortalLink
        session={createTestSession({ experimental_feature_flags: ['portal'] })}
        onNavigate={onNavigate}
      />,
    );
    // Nothing is asked before the click: a token lives 5 minutes.
    expect(calls).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: /Portaal/ }));
    expect(open).toHaveBeenCalledWith('about:blank', '_blank');
    await waitFor(() => expect(tab.location.replace).toHaveBeenCalledWith(URL_WITH_TOKEN));
    expect(tab.opener).toBeNull();
    expect(onNavigate).toHaveBeenCalled();
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual(['POST /api/user/portaltoken']);
    // The session token goes in the header, never in the address opened.
    expect(open.mock.calls.flat().join(' ')).not.toContain('session-token-123');
  });

  it("closes the tab and shows the server's Dutch message when the portal is not set up", async () => {
    mockFetch(() => ({ status: 409, body: { message: PORTAL_TEXTS.notConfigured } }));
    const { tab } = fakeTab();
    renderWithProviders(
      <PortalLink
        session={createTestSession({ experimental_feature_flags: ['portal'] })}
        onNavigate={() => {}}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: /Portaal/ }));
    expect(await screen.findByText(PORTAL_TEXTS.notConfigured)).toBeTruthy();
    expect(tab.close).toHaveBeenCalled();
    expect(tab.location.replace).not.toHaveBeenCalled();
  });
});
