import { roleLabel, USER_TYPE_LABELS, type UserType } from '@im/domain';
import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { EmailInput } from '../../../ui/form/credential-fields';
import { FormError } from '../../../ui/form/form-error';
import { useAppForm } from '../../../ui/form/use-app-form';
import { email, required } from '../../../ui/form/validators';
import { toast } from '../../../ui/toasts';
import { type UserDetails, type UserUpdate, useUpdateUser } from '../queries';

type ProfileValues = { name: string; nameprefix: string; surname: string; email: string };

/** Only the fields that differ from what the server has are sent in the PATCH. */
export function changedProfileFields(initial: ProfileValues, values: ProfileValues): UserUpdate {
  const changes: UserUpdate = {};
  for (const key of ['name', 'nameprefix', 'surname', 'email'] as const) {
    const value = values[key].trim();
    if (value !== initial[key]) changes[key] = value;
  }
  return changes;
}

export function ProfileForm({ user }: { user: UserDetails }) {
  const { t } = useTranslation();
  const update = useUpdateUser(user.id);
  const initial: ProfileValues = {
    name: user.name,
    nameprefix: user.nameprefix ?? '',
    surname: user.surname,
    email: user.email,
  };
  const { inputProps, onSubmit, formError, showServerError } = useAppForm({
    initialValues: initial,
    validate: (v) => ({ name: required(v.name), surname: required(v.surname), email: email(v.email) }),
  });

  const submit = onSubmit((values) => {
    const changes = changedProfileFields(initial, values);
    if (Object.keys(changes).length === 0) {
      toast.info(t('account.noChanges'));
      return;
    }
    update.mutate(changes, {
      onSuccess: () => toast.success(t('account.profileSaved')),
      onError: showServerError,
    });
  });

  const userTypeLabel = USER_TYPE_LABELS[user.user_type as UserType] ?? user.user_type;

  return (
    <form noValidate onSubmit={submit}>
      <FormError message={formError} title={t('common.saveFailed')} />
      <Stack gap="sm">
        <Group grow align="flex-start">
          <TextInput
            label={t('common.firstName')}
            autoComplete="given-name"
            required
            {...inputProps('name')}
          />
          <TextInput label={t('account.nameprefix')} {...inputProps('nameprefix')} />
          <TextInput
            label={t('account.surname')}
            autoComplete="family-name"
            required
            {...inputProps('surname')}
          />
        </Group>
        <EmailInput autoComplete="email" {...inputProps('email')} />
        <Text size="sm" c="dimmed">
          {t('common.role')}: {roleLabel(user.role)} · {t('account.userType')}: {userTypeLabel}
        </Text>
        <Group justify="flex-end">
          <Button type="submit" loading={update.isPending}>
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
