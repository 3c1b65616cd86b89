import { PASSWORD_RULE_MESSAGE } from '@im/domain';
import { Button } from '@mantine/core';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { EmailInput, NewPasswordFields, newPasswordErrors } from './credential-fields';
import { useAppForm } from './use-app-form';
import { email } from './validators';

const RULE = PASSWORD_RULE_MESSAGE;

function TestForm({ onValid }: { onValid: (values: Record<string, string>) => void }) {
  const { inputProps, onSubmit } = useAppForm({
    initialValues: { email: '', password: '', password_confirmation: '' },
    validate: (v) => ({ email: email(v.email), ...newPasswordErrors(v) }),
  });
  return (
    <form noValidate onSubmit={onSubmit(onValid)}>
      <EmailInput autoComplete="username" {...inputProps('email')} />
      <NewPasswordFields label="Nieuw wachtwoord" inputProps={inputProps} />
      <Button type="submit">Versturen</Button>
    </form>
  );
}

const fill = (label: RegExp, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('credential fields', () => {
  it('labels the fields, marks them required and shows the password rule as the description', () => {
    renderWithProviders(<TestForm onValid={vi.fn()} />);
    const address = screen.getByLabelText(/^E-mailadres/) as HTMLInputElement;
    expect(address.type).toBe('email');
    expect(address.required).toBe(true);
    expect(address.autocomplete).toBe('username');
    const password = screen.getByLabelText(/^Nieuw wachtwoord/) as HTMLInputElement;
    const repeat = screen.getByLabelText(/^Herhaal wachtwoord/) as HTMLInputElement;
    for (const input of [password, repeat]) {
      expect(input.required).toBe(true);
      expect(input.autocomplete).toBe('new-password');
    }
    expect(screen.getByText(RULE)).toBeTruthy();
  });

  it('blocks a weak password and a repetition that differs', () => {
    const onValid = vi.fn();
    renderWithProviders(<TestForm onValid={onValid} />);
    fill(/^E-mailadres/, 'anna@warmte.nl');
    fill(/^Nieuw wachtwoord/, 'zwak');
    fill(/^Herhaal wachtwoord/, 'anders');
    fireEvent.click(screen.getByRole('button', { name: 'Versturen' }));
    expect(onValid).not.toHaveBeenCalled();
    // The rule shows twice: once as the description, once as the error.
    expect(screen.getAllByText(RULE)).toHaveLength(2);
    expect(screen.getByText('De wachtwoorden komen niet overeen.')).toBeTruthy();
  });

  it('submits a strong password repeated exactly', () => {
    const onValid = vi.fn();
    renderWithProviders(<TestForm onValid={onValid} />);
    fill(/^E-mailadres/, 'anna@warmte.nl');
    fill(/^Nieuw wachtwoord/, 'Sterk123x');
    fill(/^Herhaal wachtwoord/, 'Sterk123x');
    fireEvent.click(screen.getByRole('button', { name: 'Versturen' }));
    expect(onValid).toHaveBeenCalledWith({
      email: 'anna@warmte.nl',
      password: 'Sterk123x',
      password_confirmation: 'Sterk123x',
    });
  });

  it('checks the rule and the repetition as plain values too', () => {
    expect(newPasswordErrors({ password: 'Sterk123x', password_confirmation: 'Sterk123x' })).toEqual({
      password: undefined,
      password_confirmation: undefined,
    });
    expect(
      newPasswordErrors({ password: 'Sterk123x', password_confirmation: '' }).password_confirmation,
    ).toBe('Dit veld is verplicht.');
  });
});
