import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FormActions } from '../../../ui/form/form-actions';
import { FormError } from '../../../ui/form/form-error';
import { FormModal, type FormModalProps } from '../../../ui/form/form-modal';
import { useAppForm } from '../../../ui/form/use-app-form';
import {
  OrganizationFields,
  type OrganizationFieldValues,
  toOrganizationRequest,
  validateOrganizationFields,
} from '../components/organization-fields';
import { useUpdateOrganization } from '../queries';
import type { Organization } from '../types';

type Props = FormModalProps & { organization: Organization };

export function EditOrganizationModal({ organization, opened, onClose }: Props) {
  const { t } = useTranslation();
  return (
    <FormModal opened={opened} onClose={onClose} title={t('organizations.editTitle')} size="lg">
      <EditOrganizationForm organization={organization} onDone={onClose} />
    </FormModal>
  );
}

function EditOrganizationForm({ organization, onDone }: { organization: Organization; onDone: () => void }) {
  const { t } = useTranslation();
  const update = useUpdateOrganization(organization.id);
  const { inputProps, onSubmit, formError, saveCallbacks } = useAppForm<OrganizationFieldValues>({
    initialValues: {
      name: organization.name,
      email: organization.email,
      phone: organization.phone,
      coc_number: organization.coc_number,
      vat_number: organization.vat_number,
      oin: organization.oin,
      buyer_reference: organization.buyer_reference,
      order_reference: organization.order_reference,
    },
    validate: validateOrganizationFields,
  });

  const submit = onSubmit((v) =>
    update.mutate(toOrganizationRequest(v), saveCallbacks(t('organizations.saved'), onDone)),
  );

  return (
    <form noValidate onSubmit={submit}>
      <FormError message={formError} />
      <Stack gap="sm">
        <OrganizationFields inputProps={inputProps} />
        <FormActions onCancel={onDone} isPending={update.isPending} mt="sm" />
      </Stack>
    </form>
  );
}
