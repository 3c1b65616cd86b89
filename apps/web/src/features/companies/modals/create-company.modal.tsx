import { MODULE_TAGS } from '@im/domain';
import { Button, Checkbox, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FormError } from '../../../ui/form/form-error';
import { useAppForm } from '../../../ui/form/use-app-form';
import { required } from '../../../ui/form/validators';
import { toast } from '../../../ui/toasts';
import { type CompanyDetail, useCreateCompany } from '../queries';

type Values = { name: string; country: string; modules: string[] };

interface CreateCompanyModalProps {
  opened: boolean;
  onClose: () => void;
  onCreated: (company: CompanyDetail) => void;
}

/** "Nieuw bedrijf": POST /api/company with name, country and the module tags to hand out. */
export function CreateCompanyModal({ opened, onClose, onCreated }: CreateCompanyModalProps) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} title={t('companies.newCompany')} size="lg" centered>
      {opened && <CreateCompanyForm onCancel={onClose} onCreated={onCreated} />}
    </Modal>
  );
}

function CreateCompanyForm({
  onCancel,
  onCreated,
}: {
  onCancel: () => void;
  onCreated: (company: CompanyDetail) => void;
}) {
  const { t } = useTranslation();
  const create = useCreateCompany();
  const { inputProps, form, onSubmit, formError, showServerError } = useAppForm<Values>({
    initialValues: { name: '', country: 'Nederland', modules: ['BASIS'] },
    validate: (v) => ({ name: required(v.name), country: required(v.country) }),
  });

  const submit = onSubmit((values) =>
    create.mutate(
      { name: values.name.trim(), country: values.country.trim(), modules: values.modules },
      {
        onSuccess: (company) => {
          toast.success(t('companies.createdToast', { name: company.name }));
          onCreated(company);
        },
        onError: showServerError,
      },
    ),
  );

  return (
    <form noValidate onSubmit={submit}>
      <FormError message={formError} title={t('account.saveFailed')} />
      <Stack gap="sm">
        <TextInput label={t('companies.name')} required data-autofocus {...inputProps('name')} />
        <TextInput label={t('companies.country')} required {...inputProps('country')} />
        <Checkbox.Group label={t('companies.modules')} {...form.getInputProps('modules')}>
          <Group gap="lg" mt="xs">
            {MODULE_TAGS.map((tag) => (
              <Checkbox key={tag} value={tag} label={tag} />
            ))}
          </Group>
        </Checkbox.Group>
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onCancel}>
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
