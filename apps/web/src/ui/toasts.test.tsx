import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test/render';
import { toast } from './toasts';

describe('toasts', () => {
  afterEach(() => vi.useRealTimers());

  it('shows top-center and disappears after 5 s', () => {
    vi.useFakeTimers();
    renderWithProviders(<div />);
    act(() => {
      toast.error('Server zegt nee', 'Template kon niet worden verwijderd');
    });
    const message = screen.getByText('Server zegt nee');
    expect(screen.getByText('Template kon niet worden verwijderd')).toBeTruthy();
    expect(message.closest('[data-position]')?.getAttribute('data-position')).toBe('top-center');
    act(() => vi.advanceTimersByTime(4900));
    expect(screen.queryByText('Server zegt nee')).toBeTruthy();
    // At 5 s the toast starts leaving; Mantine's exit transition follows.
    act(() => vi.advanceTimersByTime(200));
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.queryByText('Server zegt nee')).toBeNull();
  });
});
