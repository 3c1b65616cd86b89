import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test/render';
import { CopyButton, copyText } from './clipboard';

function stubClipboard(writeText: (text: string) => Promise<void>) {
  Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
}

describe('clipboard copy', () => {
  afterEach(() => {
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: undefined });
    vi.useRealTimers();
  });

  it('writes to the clipboard when it can', async () => {
    const writeText = vi.fn(async () => {});
    stubClipboard(writeText);
    const prompt = vi.spyOn(window, 'prompt').mockReturnValue(null);
    await expect(copyText('https://x/#/customer_flow_detail/abc')).resolves.toBe('copied');
    expect(writeText).toHaveBeenCalledWith('https://x/#/customer_flow_detail/abc');
    expect(prompt).not.toHaveBeenCalled();
  });

  it('falls back to a prompt holding the text when the clipboard refuses', async () => {
    stubClipboard(async () => {
      throw new Error('denied');
    });
    const prompt = vi.spyOn(window, 'prompt').mockReturnValue(null);
    await expect(copyText('geheim-link')).resolves.toBe('prompted');
    expect(prompt).toHaveBeenCalledWith(expect.any(String), 'geheim-link');
  });

  it('falls back to a prompt when there is no clipboard API', async () => {
    const prompt = vi.spyOn(window, 'prompt').mockReturnValue(null);
    await copyText('tekst');
    expect(prompt).toHaveBeenCalledWith(expect.any(String), 'tekst');
  });

  it("shows 'Gekopieerd!' for 1.5 s after a successful copy", async () => {
    vi.useFakeTimers();
    stubClipboard(async () => {});
    renderWithProviders(<CopyButton value="abc" />);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Kopiëren' }));
    });
    expect(screen.getByText('Gekopieerd!')).toBeTruthy();
    act(() => vi.advanceTimersByTime(1400));
    expect(screen.queryByText('Gekopieerd!')).toBeTruthy();
    act(() => vi.advanceTimersByTime(200));
    expect(screen.queryByText('Gekopieerd!')).toBeNull();
  });
});
