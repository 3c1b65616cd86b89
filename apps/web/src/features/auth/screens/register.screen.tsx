import { Button, Group, PasswordInput, Stack, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { FormError } from '../../../ui/form/form-error';
import { useAppForm } from '../../../ui/form/use-app-form';
import { email, required, sameAs, strongPassword } from '../../../ui/form/validators';
import { AuthLinks } from '../components/auth-links';
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
      password: strongPassword(v.password),
      password_confirmation: sameAs(v.password_confirmation, v.password),
    }),
  });

  const submit = onSubmit((values) => register.mutate(values, { onError: showServerError }));

  return (
    <form noValidate onSubmit={submit}>
      <Title order={2} mb="md">
        {t('auth.registerTitle')}
      </Title>
      <FormError message={formError} title={t('auth.registerFailed')} />
      <Stack gap="sm">
        <TextInput
          label={t('auth.companyname')}
          autoComplete="organization"
          required
          {...inputProps('companyname')}
        />
        <Group grow align="flex-start">
          <TextInput label={t('auth.name')} autoComplete="given-name" required {...inputProps('name')} />
          <TextInput
            label={t('auth.surname')}
            autoComplete="family-name"
            required
            {...inputProps('surname')}
          />
        </Group>
        <TextInput
          label={t('common.email')}
          type="email"
          autoComplete="email"
          required
          {...inputProps('email')}
        />
        <PasswordInput
          label={t('common.password')}
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
        <Button type="submit" loading={register.isPending} fullWidth mt="xs">
          {t('auth.register')}
        </Button>
      </Stack>
      <AuthLinks links={[{ to: '/login', label: t('auth.backToLogin') }]} />
    </form>
  );
}
