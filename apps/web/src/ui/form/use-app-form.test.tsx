import { Button, TextInput } from '@mantine/core';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { shouldShowFieldError, useAppForm } from './use-app-form';
import { email, required } from './validators';

function TestForm({ onValid }: { onValid: (values: { name: string; email: string }) => void }) {
  const { inputProps, onSubmit } = useAppForm({
    initialValues: { name: '', email: '' },
    validate: (v) => ({ name: required(v.name), email: email(v.email) }),
  });
  return (
    <form noValidate onSubmit={onSubmit(onValid)}>
      <TextInput label="Naam" {...inputProps('name')} />
      <TextInput label="E-mail" {...inputProps('email')} />
      <Button type="submit">Opslaan</Button>
    </form>
  );
}

describe('form error display rule', () => {
  it('shows an error only once the field is dirty or a submit was attempted', () => {
    expect(shouldShowFieldError({ isDirty: false, isSubmitAttempted: false })).toBe(false);
    expect(shouldShowFieldError({ isDirty: true, isSubmitAttempted: false })).toBe(true);
    expect(shouldShowFieldError({ isDirty: false, isSubmitAttempted: true })).toBe(true);
  });

  it('keeps a pristine invalid form quiet, shows a changed field at once', () => {
    renderWithProviders(<TestForm onValid={vi.fn()} />);
    expect(screen.queryByText('Dit veld is verplicht.')).toBeNull();
    fireEvent.change(screen.getByLabelText('E-mail'), { target: { value: 'geen-adres' } });
    expect(screen.getByText('Vul een geldig e-mailadres in.')).toBeTruthy();
    // The untouched name field still shows nothing.
    expect(screen.queryByText('Dit veld is verplicht.')).toBeNull();
  });

  it('blocks submit while invalid and then shows every error', () => {
    const onValid = vi.fn();
    renderWithProviders(<TestForm onValid={onValid} />);
    fireEvent.click(screen.getByRole('button', { name: 'Opslaan' }));
    expect(onValid).not.toHaveBeenCalled();
    expect(screen.getAllByText(/Dit veld is verplicht\./)).toHaveLength(2);
  });

  it('submits the values once valid', () => {
    const onValid = vi.fn();
    renderWithProviders(<TestForm onValid={onValid} />);
    fireEvent.change(screen.getByLabelText('Naam'), { target: { value: 'Piet' } });
    fireEvent.change(screen.getByLabelText('E-mail'), { target: { value: 'piet@example.nl' } });
    fireEvent.click(screen.getByRole('button', { name: 'Opslaan' }));
    expect(onValid).toHaveBeenCalledWith({ name: 'Piet', email: 'piet@example.nl' });
  });

  it('keeps a field dirty after it is changed back to its initial value', () => {
    renderWithProviders(<TestForm onValid={vi.fn()} />);
    const name = screen.getByLabelText('Naam');
    fireEvent.change(name, { target: { value: 'P' } });
    fireEvent.change(name, { target: { value: '' } });
    expect(screen.getByText('Dit veld is verplicht.')).toBeTruthy();
  });
});

function SavingForm({ failure, onDone }: { failure?: Error; onDone: () => void }) {
  const { saveCallbacks, formError } = useAppForm({
    initialValues: { name: 'Piet' },
    validate: () => ({}),
  });
  const callbacks = saveCallbacks('De relatie is opgeslagen.', onDone);
  return (
    <>
      {formError && <p>{formError}</p>}
      <Button onClick={() => (failure ? callbacks.onError(failure) : callbacks.onSuccess())}>Opslaan</Button>
    </>
  );
}

describe('save callbacks', () => {
  it('toasts the message and then closes on success', async () => {
    const onDone = vi.fn();
    renderWithProviders(<SavingForm onDone={onDone} />);
    fireEvent.click(screen.getByRole('button', { name: 'Opslaan' }));
    expect(onDone).toHaveBeenCalledOnce();
    expect(await screen.findByText('De relatie is opgeslagen.')).toBeTruthy();
  });

  it('shows a failure on the form and does not close', () => {
    const onDone = vi.fn();
    renderWithProviders(<SavingForm failure={new Error('De server is niet bereikbaar.')} onDone={onDone} />);
    fireEvent.click(screen.getByRole('button', { name: 'Opslaan' }));
    expect(screen.getByText('De server is niet bereikbaar.')).toBeTruthy();
    expect(onDone).not.toHaveBeenCalled();
  });
});
