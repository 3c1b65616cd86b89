import { Button, PasswordInput, Stack, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { FormError } from '../../../ui/form/form-error';
import { useAppForm } from '../../../ui/form/use-app-form';
import { email, sameAs, strongPassword } from '../../../ui/form/validators';
import { toast } from '../../../ui/toasts';
import { AuthLinks } from '../components/auth-links';
import { useResetPassword } from '../queries';

// Reached from the e-mail link: /resetpassword/{token}?email=...
export function ResetPasswordScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { token = '' } = useParams();
  const [searchParams] = useSearchParams();
  const reset = useResetPassword();
  const { inputProps, onSubmit, formError, showServerError } = useAppForm({
    initialValues: { email: searchParams.get('email') ?? '', password: '', password_confirmation: '' },
    validate: (v) => ({
      email: email(v.email),
      password: strongPassword(v.password),
      password_confirmation: sameAs(v.password_confirmation, v.password),
    }),
  });

  const submit = onSubmit((values) =>
    reset.mutate(
      { token, ...values, email: values.email.trim() },
      {
        onSuccess: () => {
          toast.success(t('auth.resetDone'));
          void navigate('/login', { replace: true });
        },
        onError: showServerError,
      },
    ),
  );

  return (
    <form noValidate onSubmit={submit}>
      <Title order={2} mb="md">
        {t('auth.resetTitle')}
      </Title>
      <FormError message={formError} title={t('auth.requestFailed')} />
      <Stack gap="sm">
        <TextInput
          label={t('common.email')}
          type="email"
          autoComplete="username"
          required
          {...inputProps('email')}
        />
        <PasswordInput
          label={t('account.newPassword')}
          autoComplete="new-password"
          required
          description={t('common.passwordRule')}
          {...inputProps('password')}
        />
        <PasswordInput
          label={t('common.passwordConfirmation')}
          autoComplete="new-password"
          required
          {...inputProps('password_confirmation')}
        />
        <Button type="submit" loading={reset.isPending} fullWidth mt="xs">
          {t('auth.resetSubmit')}
        </Button>
      </Stack>
      <AuthLinks links={[{ to: '/login', label: t('auth.backToLogin') }]} />
    </form>
  );
}
