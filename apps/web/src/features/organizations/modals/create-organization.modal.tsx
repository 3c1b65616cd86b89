import { Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { FormActions } from '../../../ui/form/form-actions';
import { FormError } from '../../../ui/form/form-error';
import { FormModal, type FormModalProps } from '../../../ui/form/form-modal';
import { useAppForm } from '../../../ui/form/use-app-form';
import { toast } from '../../../ui/toasts';
import {
  OrganizationFields,
  type OrganizationFieldValues,
  toOrganizationRequest,
  validateOrganizationFields,
} from '../components/organization-fields';
import { useCreateOrganization } from '../queries';

type Values = OrganizationFieldValues & { contactperson: string };

/** Organization create, optionally with a contact person by full name (split by the server). */
export function CreateOrganizationModal({ opened, onClose }: FormModalProps) {
  const { t } = useTranslation();
  return (
    <FormModal opened={opened} onClose={onClose} title={t('organizations.newOrganization')} size="lg">
      <CreateOrganizationForm onDone={onClose} />
    </FormModal>
  );
}

function CreateOrganizationForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const create = useCreateOrganization();
  const { inputProps, onSubmit, formError, showServerError } = useAppForm<Values>({
    initialValues: {
      name: '',
      email: '',
      phone: '',
      coc_number: '',
      vat_number: '',
      oin: '',
      buyer_reference: '',
      order_reference: '',
      contactperson: '',
    },
    validate: validateOrganizationFields,
  });

  const submit = onSubmit((v) => {
    const contactperson = v.contactperson.trim();
    create.mutate(
      { ...toOrganizationRequest(v), ...(contactperson ? { relation: { fullname: contactperson } } : {}) },
      {
        onSuccess: (organization) => {
          toast.success(t('organizations.created'));
          onDone();
          navigate(`/organization_detail/${organization.id}`);
        },
        onError: showServerError,
      },
    );
  });

  return (
    <form noValidate onSubmit={submit}>
      <FormError message={formError} />
      <Stack gap="sm">
        <OrganizationFields inputProps={inputProps} />
        <TextInput
          label={t('organizations.contactpersonName')}
          description={t('organizations.contactpersonHint')}
          {...inputProps('contactperson')}
        />
        <FormActions onCancel={onDone} isPending={create.isPending} mt="sm" />
      </Stack>
    </form>
  );
}
