import { Group, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { EmailInput, NewPasswordFields, newPasswordErrors } from '../../../ui/form/credential-fields';
import { useAppForm } from '../../../ui/form/use-app-form';
import { email, required } from '../../../ui/form/validators';
import { AuthForm } from '../components/auth-form';
import { useRegister } from '../queries';

export function RegisterScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  // Home lets the guard choose the new user's dashboard.
  const register = useRegister({ onRegistered: () => void navigate('/', { replace: true }) });
  const { inputProps, onSubmit, formError, showServerError } = useAppForm({
    initialValues: {
      companyname: '',
      name: '',
      surname: '',
      email: '',
      password: '',
      password_confirmation: '',
    },
    validate: (v) => ({
      companyname: required(v.companyname),
      name: required(v.name),
      surname: required(v.surname),
      email: email(v.email),
      ...newPasswordErrors(v),
    }),
  });

  return (
    <AuthForm
      title={t('auth.registerTitle')}
      onSubmit={onSubmit((values) => register.mutate(values, { onError: showServerError }))}
      formError={formError}
      errorTitle={t('auth.registerFailed')}
      submitLabel={t('auth.register')}
      isPending={register.isPending}
      links={[{ to: '/login', label: t('auth.backToLogin') }]}
    >
      <TextInput
        label={t('auth.companyname')}
        autoComplete="organization"
        required
        {...inputProps('companyname')}
      />
      <Group grow align="flex-start">
        <TextInput label={t('common.firstName')} autoComplete="given-name" required {...inputProps('name')} />
        <TextInput label={t('auth.surname')} autoComplete="family-name" required {...inputProps('surname')} />
      </Group>
      <EmailInput autoComplete="email" {...inputProps('email')} />
      <NewPasswordFields label={t('common.password')} inputProps={inputProps} />
    </AuthForm>
  );
}
