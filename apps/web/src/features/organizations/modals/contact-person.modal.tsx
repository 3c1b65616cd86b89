import { Button, Group, Modal, Stack } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormError } from '../../../ui/form/form-error';
import { toast } from '../../../ui/toasts';
import { createRelationFromName, type RelationOption, RelationTypeahead } from '../../../ui/typeahead';
import { useUpdateOrganization } from '../queries';
import type { Organization } from '../types';

/** Change of contact person: needs a selected relation (spec 001 section 5). */
export function ContactPersonModal({
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
      title={t('organizations.changeContactperson')}
      closeOnClickOutside={false}
      centered
    >
      {opened && <ContactPersonForm organization={organization} onDone={onClose} />}
    </Modal>
  );
}

function ContactPersonForm({ organization, onDone }: { organization: Organization; onDone: () => void }) {
  const { t } = useTranslation();
  const update = useUpdateOrganization(organization.id);
  const [relation, setRelation] = useState<RelationOption | null>(organization.contactperson);
  const [isSubmitAttempted, setSubmitAttempted] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitAttempted(true);
    if (!relation) return;
    update.mutate(
      { contactperson_id: relation.id },
      {
        onSuccess: () => {
          toast.success(t('organizations.contactpersonChanged'));
          onDone();
        },
        onError: (error) => setFormError(error.message),
      },
    );
  };

  return (
    <form noValidate onSubmit={onSubmit}>
      <FormError message={formError} />
      <Stack gap="sm">
        <RelationTypeahead
          label={t('organizations.contactperson')}
          value={relation}
          onChange={setRelation}
          // '(nieuw)' creates the relation as one of this organization's.
          onCreate={(text) => createRelationFromName(text, { organization_id: organization.id })}
          required
          error={isSubmitAttempted && !relation ? t('organizations.selectRelation') : undefined}
        />
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onDone}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={update.isPending} disabled={isSubmitAttempted && !relation}>
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
