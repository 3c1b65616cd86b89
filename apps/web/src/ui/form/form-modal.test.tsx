import { fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { FormActions } from './form-actions';
import { FormModal } from './form-modal';

function Counter() {
  // State that would survive a reopening if the form stayed mounted.
  const [count, setCount] = useState(0);
  return (
    <button type="button" onClick={() => setCount((c) => c + 1)}>
      Teller {count}
    </button>
  );
}

function Harness() {
  const [isOpen, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Openen
      </button>
      <FormModal opened={isOpen} onClose={() => setOpen(false)} title="Relatie bewerken">
        <Counter />
        <button type="button" onClick={() => setOpen(false)}>
          Dicht
        </button>
      </FormModal>
    </>
  );
}

describe('form modal', () => {
  it('mounts its form only while open, so each opening starts fresh', () => {
    renderWithProviders(<Harness />);
    expect(screen.queryByRole('dialog')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Openen' }));
    expect(screen.getByRole('dialog', { name: 'Relatie bewerken' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Teller 0' }));
    expect(screen.getByRole('button', { name: 'Teller 1' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Dicht' }));
    expect(screen.queryByRole('button', { name: /Teller/ })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Openen' }));
    expect(screen.getByRole('button', { name: 'Teller 0' })).toBeTruthy();
  });
});

describe('form actions', () => {
  it("shows 'Annuleren' and 'Opslaan' by default and cancels without submitting", () => {
    const onCancel = vi.fn();
    const onSubmit = vi.fn((event: { preventDefault: () => void }) => event.preventDefault());
    renderWithProviders(
      <form onSubmit={onSubmit}>
        <FormActions onCancel={onCancel} isPending={false} />
      </form>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Annuleren' }));
    expect(onCancel).toHaveBeenCalledOnce();
    expect(onSubmit).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Opslaan' }));
    expect(onSubmit).toHaveBeenCalledOnce();
  });

  it('leaves out the cancel button without onCancel and takes another submit label', () => {
    renderWithProviders(<FormActions isPending={false} submitLabel="Aanmaken" />);
    expect(screen.queryByRole('button', { name: 'Annuleren' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Aanmaken' }).getAttribute('type')).toBe('submit');
  });

  it('disables the submit button when told', () => {
    renderWithProviders(<FormActions onCancel={vi.fn()} isPending={false} isSubmitDisabled />);
    expect((screen.getByRole('button', { name: 'Opslaan' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Annuleren' }) as HTMLButtonElement).disabled).toBe(false);
  });
});
