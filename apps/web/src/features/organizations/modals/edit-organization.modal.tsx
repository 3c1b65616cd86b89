import { Button, Group, Modal, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FormError } from '../../../ui/form/form-error';
import { useAppForm } from '../../../ui/form/use-app-form';
import { toast } from '../../../ui/toasts';
import {
  OrganizationFields,
  type OrganizationFieldValues,
  toOrganizationRequest,
  validateOrganizationFields,
} from '../components/organization-fields';
import { useUpdateOrganization } from '../queries';
import type { Organization } from '../types';

export function EditOrganizationModal({
  organization,
  opened,
  onClose,
}: {
  organization: Organization;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('organizations.editTitle')}
      size="lg"
      closeOnClickOutside={false}
      centered
    >
      {opened && <EditOrganizationForm organization={organization} onDone={onClose} />}
    </Modal>
  );
}

function EditOrganizationForm({ organization, onDone }: { organization: Organization; onDone: () => void }) {
  const { t } = useTranslation();
  const update = useUpdateOrganization(organization.id);
  const { inputProps, onSubmit, formError, showServerError } = useAppForm<OrganizationFieldValues>({
    initialValues: {
      name: organization.name,
      email: organization.email,
      phone: organization.phone,
      coc_number: organization.coc_number,
      vat_number: organization.vat_number,
    },
    validate: validateOrganizationFields,
  });

  const submit = onSubmit((v) =>
    update.mutate(toOrganizationRequest(v), {
      onSuccess: () => {
        toast.success(t('organizations.saved'));
        onDone();
      },
      onError: showServerError,
    }),
  );

  return (
    <form noValidate onSubmit={submit}>
      <FormError message={formError} />
      <Stack gap="sm">
        <OrganizationFields inputProps={inputProps} />
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onDone}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={update.isPending}>
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
