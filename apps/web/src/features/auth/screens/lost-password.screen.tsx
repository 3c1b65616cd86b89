import { Alert, Button, Stack, Text, Title } from '@mantine/core';
import { IconMailCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { EmailInput } from '../../../ui/form/credential-fields';
import { FormError } from '../../../ui/form/form-error';
import { useAppForm } from '../../../ui/form/use-app-form';
import { email } from '../../../ui/form/validators';
import { AuthLinks } from '../components/auth-links';
import { useRequestPasswordReset } from '../queries';

export function LostPasswordScreen() {
  const { t } = useTranslation();
  const request = useRequestPasswordReset();
  const { inputProps, onSubmit, formError, showServerError } = useAppForm({
    initialValues: { email: '' },
    validate: (values) => ({ email: email(values.email) }),
  });

  return (
    <form
      noValidate
      onSubmit={onSubmit((values) =>
        request.mutate({ email: values.email.trim() }, { onError: showServerError }),
      )}
    >
      <Title order={2} mb="md">
        {t('auth.lostPasswordTitle')}
      </Title>
      {request.isSuccess ? (
        // The spec's alert text, verbatim.
        <Alert color="green" icon={<IconMailCheck size={18} />} role="status">
          {t('auth.resetSent')}
        </Alert>
      ) : (
        <>
          <FormError message={formError} title={t('auth.requestFailed')} />
          <Text size="sm" mb="md">
            {t('auth.lostPasswordIntro')}
          </Text>
          <Stack gap="sm">
            <EmailInput autoComplete="email" {...inputProps('email')} />
            <Button type="submit" loading={request.isPending} fullWidth>
              {t('auth.sendResetLink')}
            </Button>
          </Stack>
        </>
      )}
      <AuthLinks links={[{ to: '/login', label: t('auth.backToLogin') }]} />
    </form>
  );
}
