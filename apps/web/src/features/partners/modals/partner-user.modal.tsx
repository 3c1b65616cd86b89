import { Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FormActions } from '../../../ui/form/form-actions';
import { FormError } from '../../../ui/form/form-error';
import { FormModal, type FormModalProps } from '../../../ui/form/form-modal';
import { useAppForm } from '../../../ui/form/use-app-form';
import { email, required, strongPassword } from '../../../ui/form/validators';
import { useCreatePartnerUser } from '../queries';

interface Values extends Record<string, unknown> {
  name: string;
  nameprefix: string;
  surname: string;
  email: string;
  password: string;
}

/** A new login for the partner (user type partner): they see only the partner's flows and documents. */
export function PartnerUserModal({ partnerId, opened, onClose }: FormModalProps & { partnerId: number }) {
  const { t } = useTranslation();
  return (
    <FormModal opened={opened} onClose={onClose} title={t('partners.userTitle')}>
      <PartnerUserForm partnerId={partnerId} onDone={onClose} />
    </FormModal>
  );
}

function PartnerUserForm({ partnerId, onDone }: { partnerId: number; onDone: () => void }) {
  const { t } = useTranslation();
  const create = useCreatePartnerUser(partnerId);
  const { inputProps, onSubmit, formError, saveCallbacks } = useAppForm<Values>({
    initialValues: { name: '', nameprefix: '', surname: '', email: '', password: '' },
    validate: (v) => ({
      name: required(v.name.trim()),
      surname: required(v.surname.trim()),
      email: email(v.email),
      password: strongPassword(v.password),
    }),
  });
  const submit = onSubmit((v) =>
    create.mutate(
      {
        name: v.name.trim(),
        nameprefix: v.nameprefix.trim() || undefined,
        surname: v.surname.trim(),
        email: v.email.trim(),
        password: v.password,
      },
      saveCallbacks(t('partners.userCreated'), onDone),
    ),
  );
  return (
    <form noValidate onSubmit={submit}>
      <FormError message={formError} />
      <Stack gap="sm">
        <TextInput label={t('partners.firstName')} required data-autofocus {...inputProps('name')} />
        <TextInput label={t('partners.nameprefix')} {...inputProps('nameprefix')} />
        <TextInput label={t('partners.surname')} required {...inputProps('surname')} />
        <TextInput
          label={t('partners.email')}
          type="email"
          required
          autoComplete="off"
          {...inputProps('email')}
        />
        <TextInput
          label={t('partners.password')}
          type="password"
          required
          autoComplete="new-password"
          {...inputProps('password')}
        />
        <FormActions onCancel={onDone} isPending={create.isPending} mt="sm" />
      </Stack>
    </form>
  );
}
