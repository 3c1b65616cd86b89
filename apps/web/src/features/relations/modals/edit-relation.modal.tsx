import { DEFAULT_LEAD_SOURCE } from '@im/domain';
import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FormActions } from '../../../ui/form/form-actions';
import { FormError } from '../../../ui/form/form-error';
import { FormModal, type FormModalProps } from '../../../ui/form/form-modal';
import { useAppForm } from '../../../ui/form/use-app-form';
import {
  RelationFields,
  type RelationFieldValues,
  toRelationRequest,
  validateRelationFields,
} from '../components/relation-fields';
import { useUpdateRelation } from '../queries';
import type { Relation } from '../types';

/** Relation edit: names, contact details, lead source and request profile (addresses: locations). */
export function EditRelationModal({ relation, opened, onClose }: FormModalProps & { relation: Relation }) {
  const { t } = useTranslation();
  return (
    <FormModal opened={opened} onClose={onClose} title={t('relations.editTitle')} size="xl">
      <EditRelationForm relation={relation} onDone={onClose} />
    </FormModal>
  );
}

function EditRelationForm({ relation, onDone }: { relation: Relation; onDone: () => void }) {
  const { t } = useTranslation();
  const update = useUpdateRelation(relation.id);
  const { form, inputProps, onSubmit, formError, saveCallbacks } = useAppForm<RelationFieldValues>({
    initialValues: {
      fullname: relation.fullname,
      name: relation.name,
      nameprefix: relation.nameprefix,
      surname: relation.surname,
      email: relation.email,
      phone: relation.phone,
      mobile: relation.mobile,
      lead_source: relation.lead_source || DEFAULT_LEAD_SOURCE,
      flowprofile_id: relation.flowprofile_id ? String(relation.flowprofile_id) : '',
      buyer_reference: relation.buyer_reference,
      order_reference: relation.order_reference,
    },
    validate: validateRelationFields,
  });

  const submit = onSubmit((v) =>
    update.mutate(toRelationRequest(v), saveCallbacks(t('relations.saved'), onDone)),
  );

  return (
    <form noValidate onSubmit={submit}>
      <FormError message={formError} />
      <Stack gap="md">
        <RelationFields form={form} inputProps={inputProps} />
        <FormActions onCancel={onDone} isPending={update.isPending} />
      </Stack>
    </form>
  );
}
