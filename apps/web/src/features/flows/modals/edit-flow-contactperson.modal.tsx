import { useTranslation } from 'react-i18next';
import { FormModal, type FormModalProps } from '../../../ui/form/form-modal';
import { PickEntityForm, type RelationOption, RelationTypeahead } from '../../../ui/typeahead';
import { useUpdateFlow } from '../mutations';
import type { Flow } from '../types';

type Props = FormModalProps & { flow: Flow };

/** editflowcontactperson (spec 001 section 5): the form needs a selected relation. */
export function EditFlowContactPersonModal({ flow, opened, onClose }: Props) {
  const { t } = useTranslation();
  return (
    <FormModal opened={opened} onClose={onClose} title={t('flows.contactPerson.title')}>
      <ContactPersonForm flow={flow} onClose={onClose} />
    </FormModal>
  );
}

function ContactPersonForm({ flow, onClose }: Omit<Props, 'opened'>) {
  const { t } = useTranslation();
  const update = useUpdateFlow(flow.id);
  return (
    <PickEntityForm<RelationOption>
      initialValue={{ id: flow.relation_id, fullname: flow.relation_fullname }}
      requiredMessage={t('flows.contactPerson.required')}
      isPending={update.isPending}
      savedMessage={t('flows.contactPerson.saved')}
      onClose={onClose}
      onSave={(relation, callbacks) => {
        if (relation.id === flow.relation_id) return onClose();
        update.mutate({ relation_id: relation.id }, callbacks);
      }}
      renderField={(field) => <RelationTypeahead {...field} />}
    />
  );
}
