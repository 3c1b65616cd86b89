import { Button, Group, PasswordInput, Stack } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NewPasswordFields, newPasswordErrors } from '../../../ui/form/credential-fields';
import { FormError } from '../../../ui/form/form-error';
import { useAppForm } from '../../../ui/form/use-app-form';
import { required } from '../../../ui/form/validators';
import { useUpdatePassword } from '../queries';

export function PasswordForm({ userId }: { userId: number }) {
  // A new key remounts the form, so a changed password leaves empty, pristine fields behind.
  const [formKey, setFormKey] = useState(0);
  return <PasswordFormFields key={formKey} userId={userId} onChanged={() => setFormKey((k) => k + 1)} />;
}

function PasswordFormFields({ userId, onChanged }: { userId: number; onChanged: () => void }) {
  const { t } = useTranslation();
  const change = useUpdatePassword(userId);
  const { inputProps, onSubmit, formError, saveCallbacks } = useAppForm({
    initialValues: { oldpassword: '', password: '', password_confirmation: '' },
    validate: (v) => ({ oldpassword: required(v.oldpassword), ...newPasswordErrors(v) }),
  });

  const submit = onSubmit((values) =>
    change.mutate(values, saveCallbacks(t('account.passwordChanged'), onChanged)),
  );

  return (
    <form noValidate onSubmit={submit}>
      {/* Spec 000 section 5: a failed old-password check shows the server's error text. */}
      <FormError message={formError} />
      <Stack gap="sm" maw={420}>
        <PasswordInput
          label={t('account.oldpassword')}
          autoComplete="current-password"
          required
          {...inputProps('oldpassword')}
        />
        <NewPasswordFields label={t('account.newPassword')} inputProps={inputProps} />
        <Group>
          <Button type="submit" loading={change.isPending}>
            {t('account.changePassword')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
