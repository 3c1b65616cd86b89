import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { EmailInput, NewPasswordFields, newPasswordErrors } from '../../../ui/form/credential-fields';
import { useAppForm } from '../../../ui/form/use-app-form';
import { email } from '../../../ui/form/validators';
import { toast } from '../../../ui/toasts';
import { AuthForm } from '../components/auth-form';
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
    validate: (v) => ({ email: email(v.email), ...newPasswordErrors(v) }),
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
    <AuthForm
      title={t('auth.resetTitle')}
      onSubmit={submit}
      formError={formError}
      errorTitle={t('auth.requestFailed')}
      submitLabel={t('auth.resetSubmit')}
      isPending={reset.isPending}
      links={[{ to: '/login', label: t('auth.backToLogin') }]}
    >
      <EmailInput autoComplete="username" {...inputProps('email')} />
      <NewPasswordFields label={t('account.newPassword')} inputProps={inputProps} />
    </AuthForm>
  );
}
