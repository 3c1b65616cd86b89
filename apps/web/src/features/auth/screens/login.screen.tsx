import { PasswordInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { EmailInput } from '../../../ui/form/credential-fields';
import { useAppForm } from '../../../ui/form/use-app-form';
import { email, required } from '../../../ui/form/validators';
import { AuthForm } from '../components/auth-form';
import { useLogin } from '../queries';

// After a successful login the token is stored; the route guard then sends the user to the
// dashboard chosen by the session (spec 000 section 4), so this screen does not navigate itself.
export function LoginScreen() {
  const { t } = useTranslation();
  const login = useLogin();
  const { inputProps, onSubmit, formError, showServerError } = useAppForm({
    initialValues: { email: '', password: '' },
    validate: (values) => ({ email: email(values.email), password: required(values.password) }),
  });

  return (
    <AuthForm
      title={t('auth.loginTitle')}
      onSubmit={onSubmit((values) =>
        login.mutate({ email: values.email.trim(), password: values.password }, { onError: showServerError }),
      )}
      formError={formError}
      errorTitle={t('auth.loginFailed')}
      submitLabel={t('auth.login')}
      isPending={login.isPending}
      links={[
        { to: '/lostpassword', label: t('auth.lostPasswordLink') },
        { to: '/register', label: t('auth.registerLink') },
      ]}
    >
      <EmailInput autoComplete="username" {...inputProps('email')} />
      <PasswordInput
        label={t('common.password')}
        autoComplete="current-password"
        required
        {...inputProps('password')}
      />
    </AuthForm>
  );
}
