import { ASSIGNABLE_ROLES, roleLabel, USER_TYPE_LABELS, USER_TYPES } from '@im/domain';
import { Button, Group, Modal, PasswordInput, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FormError } from '../../../ui/form/form-error';
import { useAppForm } from '../../../ui/form/use-app-form';
import { email, required, strongPassword } from '../../../ui/form/validators';
import { toast } from '../../../ui/toasts';
import { useCompanyOptions } from '../../companies';
import { type CreateUserRequest, useCreateUser } from '../queries';

type Values = {
  company_id: string;
  name: string;
  nameprefix: string;
  surname: string;
  email: string;
  password: string;
  role: string;
  user_type: string;
};

interface CreateUserModalProps {
  opened: boolean;
  onClose: () => void;
  /**
   * 'pick': a platform admin chooses the company; a number: that company (a company's page);
   * 'own': a company administrator adds to their own company (no company_id is sent).
   */
  company: 'pick' | 'own' | number;
  maxRole?: number;
}

/** "Nieuwe gebruiker": POST /api/user with the password rule of spec 000 section 5. */
export function CreateUserModal({ opened, onClose, company, maxRole }: CreateUserModalProps) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} title={t('users.newUser')} size="lg" centered>
      {opened && <CreateUserForm company={company} maxRole={maxRole} onDone={onClose} />}
    </Modal>
  );
}

function CreateUserForm({
  company,
  maxRole,
  onDone,
}: Pick<CreateUserModalProps, 'company' | 'maxRole'> & { onDone: () => void }) {
  const { t } = useTranslation();
  const create = useCreateUser();
  const isPicking = company === 'pick';
  const companies = useCompanyOptions({ enabled: isPicking });
  const { inputProps, onSubmit, formError, showServerError } = useAppForm<Values>({
    initialValues: {
      company_id: typeof company === 'number' ? String(company) : '',
      name: '',
      nameprefix: '',
      surname: '',
      email: '',
      password: '',
      role: '100',
      user_type: 'standard',
    },
    validate: (v) => ({
      company_id: isPicking ? required(v.company_id) : undefined,
      name: required(v.name),
      surname: required(v.surname),
      email: email(v.email),
      password: strongPassword(v.password),
      role: required(v.role),
      user_type: required(v.user_type),
    }),
  });

  const submit = onSubmit((v) => {
    const body: CreateUserRequest = {
      name: v.name.trim(),
      nameprefix: v.nameprefix.trim() || undefined,
      surname: v.surname.trim(),
      email: v.email.trim(),
      password: v.password,
      role: Number(v.role),
      user_type: v.user_type,
    };
    if (company !== 'own') body.company_id = Number(v.company_id);
    create.mutate(body, {
      onSuccess: (user) => {
        toast.success(t('users.createdToast', { name: user.fullname }));
        onDone();
      },
      onError: showServerError,
    });
  });

  const roles = ASSIGNABLE_ROLES.filter((r) => maxRole === undefined || r <= maxRole);
  return (
    <form noValidate onSubmit={submit}>
      <FormError message={formError} title={t('account.saveFailed')} />
      <Stack gap="sm">
        {isPicking && (
          <Select
            label={t('users.company')}
            required
            searchable
            data={companies.data ?? []}
            {...inputProps('company_id')}
          />
        )}
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <TextInput label={t('users.firstName')} required data-autofocus {...inputProps('name')} />
          <TextInput label={t('users.nameprefix')} {...inputProps('nameprefix')} />
          <TextInput label={t('users.surname')} required {...inputProps('surname')} />
        </SimpleGrid>
        <TextInput label={t('users.email')} type="email" required {...inputProps('email')} />
        <PasswordInput
          label={t('common.password')}
          description={t('common.passwordRule')}
          autoComplete="new-password"
          required
          {...inputProps('password')}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <Select
            label={t('users.role')}
            required
            allowDeselect={false}
            data={roles.map((r) => ({ value: String(r), label: roleLabel(r) }))}
            {...inputProps('role')}
          />
          <Select
            label={t('users.userType')}
            required
            allowDeselect={false}
            data={USER_TYPES.map((type) => ({ value: type, label: USER_TYPE_LABELS[type] }))}
            {...inputProps('user_type')}
          />
        </SimpleGrid>
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onDone}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={create.isPending}>
            {t('common.create')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
