import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../test/render';
import { confirm } from './confirm-dialog';
import { closeAllModals } from './modal-manager';

describe('confirm dialog', () => {
  it('resolves true on confirm', async () => {
    renderWithProviders(<div />);
    let answer: Promise<boolean> = Promise.resolve(false);
    act(() => {
      answer = confirm({
        title: 'Template verwijderen',
        message: 'Weet je het zeker?',
        confirmLabel: 'Verwijderen',
      });
    });
    expect(screen.getByText('Weet je het zeker?')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Verwijderen' }));
    await expect(answer).resolves.toBe(true);
    expect(screen.queryByText('Weet je het zeker?')).toBeNull();
  });

  it('does nothing but close on cancel', async () => {
    renderWithProviders(<div />);
    let answer: Promise<boolean> = Promise.resolve(true);
    act(() => {
      answer = confirm({ title: 'Agenda ontkoppelen', message: 'Zeker?' });
    });
    fireEvent.click(screen.getByRole('button', { name: 'Annuleren' }));
    await expect(answer).resolves.toBe(false);
    expect(screen.queryByText('Zeker?')).toBeNull();
  });

  it('counts a route change (close all) as cancel', async () => {
    renderWithProviders(<div />);
    let answer: Promise<boolean> = Promise.resolve(true);
    act(() => {
      answer = confirm({ title: 'Verwijderen', message: 'Echt?' });
    });
    act(() => closeAllModals());
    await expect(answer).resolves.toBe(false);
    expect(screen.queryByText('Echt?')).toBeNull();
  });
});
