import { PasswordInput, type PasswordInputProps, TextInput, type TextInputProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { sameAs, strongPassword } from './validators';

/** A required e-mail address, labelled 'E-mailadres' unless told otherwise. */
export function EmailInput({ label, ...props }: TextInputProps) {
  const { t } = useTranslation();
  return <TextInput label={label ?? t('common.email')} type="email" required {...props} />;
}

/** A required new password; the domain's password rule (spec 000 section 5) is its description. */
export function NewPasswordInput(props: PasswordInputProps) {
  const { t } = useTranslation();
  return (
    <PasswordInput autoComplete="new-password" required description={t('common.passwordRule')} {...props} />
  );
}

type NewPasswordField = 'password' | 'password_confirmation';

/** A new password and 'Herhaal wachtwoord'; validate them with `newPasswordErrors`. */
export function NewPasswordFields({
  label,
  inputProps,
}: {
  label: string;
  inputProps: (field: NewPasswordField) => Record<string, unknown>;
}) {
  const { t } = useTranslation();
  return (
    <>
      <NewPasswordInput label={label} {...inputProps('password')} />
      <PasswordInput
        label={t('common.passwordConfirmation')}
        autoComplete="new-password"
        required
        {...inputProps('password_confirmation')}
      />
    </>
  );
}

/** The password rule on the new password, and the repetition that must match it. */
export function newPasswordErrors(values: Record<NewPasswordField, string>) {
  return {
    password: strongPassword(values.password),
    password_confirmation: sameAs(values.password_confirmation, values.password),
  };
}
