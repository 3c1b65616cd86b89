import { ASSIGNABLE_ROLES } from '@im/domain';
import { Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useCompanyOptions } from '../../../api/companies';
import { EmailInput, NewPasswordInput } from '../../../ui/form/credential-fields';
import { FormActions } from '../../../ui/form/form-actions';
import { FormError } from '../../../ui/form/form-error';
import { FormModal, type FormModalProps } from '../../../ui/form/form-modal';
import { useAppForm } from '../../../ui/form/use-app-form';
import { email, required, strongPassword } from '../../../ui/form/validators';
import { toast } from '../../../ui/toasts';
import { RoleTypeSelects } from '../components/role-type-selects';
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

interface CreateUserModalProps extends FormModalProps {
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
    <FormModal opened={opened} onClose={onClose} title={t('users.newUser')} size="lg" closeOnClickOutside>
      <CreateUserForm company={company} maxRole={maxRole} onDone={onClose} />
    </FormModal>
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
      role: Number(v.role) as CreateUserRequest['role'],
      user_type: v.user_type as CreateUserRequest['user_type'],
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
      <FormError message={formError} title={t('common.saveFailed')} />
      <Stack gap="sm">
        {isPicking && (
          <Select
            label={t('common.company')}
            required
            searchable
            data={companies.data ?? []}
            {...inputProps('company_id')}
          />
        )}
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <TextInput label={t('common.firstName')} required data-autofocus {...inputProps('name')} />
          <TextInput label={t('users.nameprefix')} {...inputProps('nameprefix')} />
          <TextInput label={t('users.surname')} required {...inputProps('surname')} />
        </SimpleGrid>
        <EmailInput label={t('common.email')} {...inputProps('email')} />
        <NewPasswordInput label={t('common.password')} {...inputProps('password')} />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <RoleTypeSelects roles={roles} inputProps={inputProps} />
        </SimpleGrid>
        <FormActions
          onCancel={onDone}
          isPending={create.isPending}
          submitLabel={t('common.create')}
          mt="sm"
        />
      </Stack>
    </form>
  );
}
