import { useQuery } from '@tanstack/react-query';
import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test/render';

function Pending({ ms }: { ms: number }) {
  useQuery({
    queryKey: ['slow', ms],
    queryFn: () => new Promise((resolve) => setTimeout(() => resolve(1), ms)),
  });
  return null;
}

describe('loading bar', () => {
  afterEach(() => vi.useRealTimers());

  it('stays hidden for requests shorter than 500 ms', async () => {
    vi.useFakeTimers();
    renderWithProviders(<Pending ms={300} />);
    await act(() => vi.advanceTimersByTimeAsync(450));
    expect(screen.queryByRole('progressbar')).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(400));
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('appears after 500 ms of pending requests and goes away when they finish', async () => {
    vi.useFakeTimers();
    renderWithProviders(<Pending ms={2000} />);
    // Let the query report itself as fetching; the 500 ms start from here.
    await act(() => vi.advanceTimersByTimeAsync(1));
    await act(() => vi.advanceTimersByTimeAsync(480));
    expect(screen.queryByRole('progressbar')).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(40));
    expect(screen.getByRole('progressbar', { name: 'Bezig met laden' })).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(1600));
    expect(screen.queryByRole('progressbar')).toBeNull();
  });
});
