import { useTranslation } from 'react-i18next';
import { FormModal, type FormModalProps } from '../../../ui/form/form-modal';
import { type OrganizationOption, OrganizationTypeahead, PickEntityForm } from '../../../ui/typeahead';
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
}: FormModalProps & { relation: Relation }) {
  const { t } = useTranslation();
  return (
    <FormModal opened={opened} onClose={onClose} title={t('relations.linkOrganizationTitle')}>
      <LinkOrganizationForm relation={relation} onDone={onClose} />
    </FormModal>
  );
}

function LinkOrganizationForm({ relation, onDone }: { relation: Relation; onDone: () => void }) {
  const { t } = useTranslation();
  const update = useUpdateRelation(relation.id);
  return (
    <PickEntityForm<OrganizationOption>
      initialValue={relation.organization}
      requiredMessage={t('relations.selectOrganization')}
      isPending={update.isPending}
      savedMessage={t('relations.organizationChanged')}
      onClose={onDone}
      onSave={(organization, callbacks) =>
        update.mutate(
          organization.id
            ? { update_reason: 'changeorganization', organization_id: organization.id }
            : { update_reason: 'neworganization', neworganizationname: organization.name },
          callbacks,
        )
      }
      renderField={(field) => (
        <OrganizationTypeahead
          label={t('common.organization')}
          onCreate={(name) => ({ id: null, name })}
          {...field}
        />
      )}
    />
  );
}
