import { useTranslation } from 'react-i18next';
import { FormModal, type FormModalProps } from '../../../ui/form/form-modal';
import {
  createRelationFromName,
  PickEntityForm,
  type RelationOption,
  RelationTypeahead,
} from '../../../ui/typeahead';
import { useUpdateOrganization } from '../queries';
import type { Organization } from '../types';

/** Change of contact person: needs a selected relation (spec 001 section 5). */
type Props = FormModalProps & { organization: Organization };

export function ContactPersonModal({ organization, opened, onClose }: Props) {
  const { t } = useTranslation();
  return (
    <FormModal opened={opened} onClose={onClose} title={t('organizations.changeContactperson')}>
      <ContactPersonForm organization={organization} onDone={onClose} />
    </FormModal>
  );
}

function ContactPersonForm({ organization, onDone }: { organization: Organization; onDone: () => void }) {
  const { t } = useTranslation();
  const update = useUpdateOrganization(organization.id);
  return (
    <PickEntityForm<RelationOption>
      initialValue={organization.contactperson}
      requiredMessage={t('organizations.selectRelation')}
      isPending={update.isPending}
      isSaveBlockedWhileEmpty
      savedMessage={t('organizations.contactpersonChanged')}
      onClose={onDone}
      onSave={(relation, callbacks) => update.mutate({ contactperson_id: relation.id }, callbacks)}
      renderField={(field) => (
        <RelationTypeahead
          label={t('organizations.contactperson')}
          // '(nieuw)' creates the relation as one of this organization's.
          onCreate={(text) => createRelationFromName(text, { organization_id: organization.id })}
          {...field}
        />
      )}
    />
  );
}
