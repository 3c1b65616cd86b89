import { Button, PasswordInput, Stack, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FormError } from '../../../ui/form/form-error';
import { useAppForm } from '../../../ui/form/use-app-form';
import { email, required } from '../../../ui/form/validators';
import { AuthLinks } from '../components/auth-links';
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
    <form
      noValidate
      onSubmit={onSubmit((values) =>
        login.mutate({ email: values.email.trim(), password: values.password }, { onError: showServerError }),
      )}
    >
      <Title order={2} mb="md">
        {t('auth.loginTitle')}
      </Title>
      <FormError message={formError} title={t('auth.loginFailed')} />
      <Stack gap="sm">
        <TextInput
          label={t('common.email')}
          type="email"
          autoComplete="username"
          required
          {...inputProps('email')}
        />
        <PasswordInput
          label={t('common.password')}
          autoComplete="current-password"
          required
          {...inputProps('password')}
        />
        <Button type="submit" loading={login.isPending} fullWidth mt="xs">
          {t('auth.login')}
        </Button>
      </Stack>
      <AuthLinks
        links={[
          { to: '/lostpassword', label: t('auth.lostPasswordLink') },
          { to: '/register', label: t('auth.registerLink') },
        ]}
      />
    </form>
  );
}
