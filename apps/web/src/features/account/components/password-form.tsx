import { Button, Group, PasswordInput, Stack } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormError } from '../../../ui/form/form-error';
import { useAppForm } from '../../../ui/form/use-app-form';
import { required, sameAs, strongPassword } from '../../../ui/form/validators';
import { toast } from '../../../ui/toasts';
import { useUpdatePassword } from '../queries';

export function PasswordForm({ userId }: { userId: number }) {
  // A new key remounts the form, so a changed password leaves empty, pristine fields behind.
  const [formKey, setFormKey] = useState(0);
  return <PasswordFormFields key={formKey} userId={userId} onChanged={() => setFormKey((k) => k + 1)} />;
}

function PasswordFormFields({ userId, onChanged }: { userId: number; onChanged: () => void }) {
  const { t } = useTranslation();
  const change = useUpdatePassword(userId);
  const { inputProps, onSubmit, formError, showServerError } = useAppForm({
    initialValues: { oldpassword: '', password: '', password_confirmation: '' },
    validate: (v) => ({
      oldpassword: required(v.oldpassword),
      password: strongPassword(v.password),
      password_confirmation: sameAs(v.password_confirmation, v.password),
    }),
  });

  const submit = onSubmit((values) =>
    change.mutate(values, {
      onSuccess: () => {
        toast.success(t('account.passwordChanged'));
        onChanged();
      },
      onError: showServerError,
    }),
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
        <PasswordInput
          label={t('account.newPassword')}
          autoComplete="new-password"
          description={t('common.passwordRule')}
          required
          {...inputProps('password')}
        />
        <PasswordInput
          label={t('common.passwordConfirmation')}
          autoComplete="new-password"
          required
          {...inputProps('password_confirmation')}
        />
        <Group>
          <Button type="submit" loading={change.isPending}>
            {t('account.changePassword')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
