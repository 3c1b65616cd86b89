import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { PickEntityForm, type PickFieldProps, type PickSaveCallbacks } from './pick-entity-form';

type Person = { id: number; name: string };

function FakePicker({ value, onChange, required, error }: PickFieldProps<Person>) {
  return (
    <div>
      <span>Gekozen: {value?.name ?? 'niemand'}</span>
      {required && <span>verplicht</span>}
      <button type="button" onClick={() => onChange({ id: 3, name: 'Kees' })}>
        Kies Kees
      </button>
      <button type="button" onClick={() => onChange(null)}>
        Wissen
      </button>
      {error && <span role="note">{error}</span>}
    </div>
  );
}

function renderForm(
  options: {
    initialValue?: Person | null;
    onSave?: (value: Person, callbacks: PickSaveCallbacks) => void;
    isSaveBlockedWhileEmpty?: boolean;
  } = {},
) {
  const onClose = vi.fn();
  const onSave = vi.fn(options.onSave ?? (() => {}));
  renderWithProviders(
    <PickEntityForm<Person>
      initialValue={options.initialValue ?? null}
      requiredMessage="Kies een relatie."
      isPending={false}
      savedMessage="De contactpersoon is gewijzigd."
      onClose={onClose}
      onSave={onSave}
      isSaveBlockedWhileEmpty={options.isSaveBlockedWhileEmpty}
      renderField={(field) => <FakePicker {...field} />}
    />,
  );
  return { onClose, onSave };
}

const save = () => fireEvent.click(screen.getByRole('button', { name: 'Opslaan' }));

describe('pick entity form', () => {
  it('starts from the current choice and passes it to the field as required', () => {
    renderForm({ initialValue: { id: 1, name: 'Anna' } });
    expect(screen.getByText('Gekozen: Anna')).toBeTruthy();
    expect(screen.getByText('verplicht')).toBeTruthy();
    expect(screen.queryByRole('note')).toBeNull();
  });

  it('asks for a choice instead of saving without one', () => {
    const { onSave } = renderForm({ initialValue: { id: 1, name: 'Anna' } });
    fireEvent.click(screen.getByRole('button', { name: 'Wissen' }));
    save();
    expect(screen.getByRole('note').textContent).toBe('Kies een relatie.');
    expect(onSave).not.toHaveBeenCalled();
    // Save stays enabled unless the form blocks it.
    expect((screen.getByRole('button', { name: 'Opslaan' }) as HTMLButtonElement).disabled).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Kies Kees' }));
    expect(screen.queryByRole('note')).toBeNull();
  });

  it('can keep save disabled while nothing is chosen after an attempt', () => {
    renderForm({ isSaveBlockedWhileEmpty: true });
    const button = screen.getByRole('button', { name: 'Opslaan' }) as HTMLButtonElement;
    expect(button.disabled).toBe(false);
    save();
    expect(button.disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Kies Kees' }));
    expect(button.disabled).toBe(false);
  });

  it('saves the choice, then toasts and closes', async () => {
    const { onSave, onClose } = renderForm({ onSave: (_value, callbacks) => callbacks.onSuccess() });
    fireEvent.click(screen.getByRole('button', { name: 'Kies Kees' }));
    save();
    expect(onSave.mock.calls[0]?.[0]).toEqual({ id: 3, name: 'Kees' });
    expect(onClose).toHaveBeenCalledOnce();
    expect(await screen.findByText('De contactpersoon is gewijzigd.')).toBeTruthy();
  });

  it('shows a failed save above the form and stays open', async () => {
    const { onClose } = renderForm({
      initialValue: { id: 1, name: 'Anna' },
      onSave: (_value, callbacks) => callbacks.onError(new Error('De relatie bestaat niet meer.')),
    });
    save();
    // Toasts of earlier tests are alerts too: take the one holding the message.
    const message = await screen.findByText('De relatie bestaat niet meer.');
    expect(message.closest('[role="alert"]')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
  });

  it("closes on 'Annuleren' without saving", () => {
    const { onSave, onClose } = renderForm({ initialValue: { id: 1, name: 'Anna' } });
    fireEvent.click(screen.getByRole('button', { name: 'Annuleren' }));
    expect(onClose).toHaveBeenCalledOnce();
    expect(onSave).not.toHaveBeenCalled();
  });
});
