import { Button, Group, Modal, Stack } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormError } from '../../../ui/form/form-error';
import { toast } from '../../../ui/toasts';
import { type OrganizationOption, OrganizationTypeahead } from '../../../ui/typeahead';
import { useUpdateRelation } from '../queries';
import type { Relation } from '../types';

/**
 * Relation 'link to organization': an existing one (update_reason changeorganization) or a new one
 * by name (update_reason neworganization), as spec 001 section 4 names them.
 */
export function LinkOrganizationModal({
  relation,
  opened,
  onClose,
}: {
  relation: Relation;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('relations.linkOrganizationTitle')}
      closeOnClickOutside={false}
      centered
    >
      {opened && <LinkOrganizationForm relation={relation} onDone={onClose} />}
    </Modal>
  );
}

function LinkOrganizationForm({ relation, onDone }: { relation: Relation; onDone: () => void }) {
  const { t } = useTranslation();
  const update = useUpdateRelation(relation.id);
  const [organization, setOrganization] = useState<OrganizationOption | null>(relation.organization);
  const [isSubmitAttempted, setSubmitAttempted] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitAttempted(true);
    if (!organization) return;
    const body = organization.id
      ? { update_reason: 'changeorganization' as const, organization_id: organization.id }
      : { update_reason: 'neworganization' as const, neworganizationname: organization.name };
    update.mutate(body, {
      onSuccess: () => {
        toast.success(t('relations.organizationChanged'));
        onDone();
      },
      onError: (error) => setFormError(error.message),
    });
  };

  return (
    <form noValidate onSubmit={onSubmit}>
      <FormError message={formError} />
      <Stack gap="sm">
        <OrganizationTypeahead
          label={t('relations.organization')}
          value={organization}
          onChange={setOrganization}
          onCreate={(name) => ({ id: null, name })}
          required
          error={isSubmitAttempted && !organization ? t('relations.selectOrganization') : undefined}
        />
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
