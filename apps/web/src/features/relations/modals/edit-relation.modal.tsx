import { DEFAULT_LEAD_SOURCE } from '@im/domain';
import { Button, Group, Modal, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FormError } from '../../../ui/form/form-error';
import { useAppForm } from '../../../ui/form/use-app-form';
import { toast } from '../../../ui/toasts';
import {
  RelationContactFields,
  type RelationFieldValues,
  RelationNameFields,
  RelationSourceFields,
  validateRelationFields,
} from '../components/relation-fields';
import { useUpdateRelation } from '../queries';
import type { Relation } from '../types';

/** Relation edit: names, contact details, lead source and request profile (addresses: locations). */
export function EditRelationModal({
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
      title={t('relations.editTitle')}
      size="xl"
      closeOnClickOutside={false}
      centered
    >
      {opened && <EditRelationForm relation={relation} onDone={onClose} />}
    </Modal>
  );
}

function EditRelationForm({ relation, onDone }: { relation: Relation; onDone: () => void }) {
  const { t } = useTranslation();
  const update = useUpdateRelation(relation.id);
  const { form, inputProps, onSubmit, formError, showServerError } = useAppForm<RelationFieldValues>({
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
    },
    validate: validateRelationFields,
  });

  const submit = onSubmit((v) =>
    update.mutate(
      {
        name: v.name.trim(),
        nameprefix: v.nameprefix.trim(),
        surname: v.surname.trim(),
        email: v.email.trim(),
        phone: v.phone.trim(),
        mobile: v.mobile.trim(),
        lead_source: v.lead_source,
        flowprofile_id: v.flowprofile_id ? Number(v.flowprofile_id) : null,
      },
      {
        onSuccess: () => {
          toast.success(t('relations.saved'));
          onDone();
        },
        onError: showServerError,
      },
    ),
  );

  return (
    <form noValidate onSubmit={submit}>
      <FormError message={formError} />
      <Stack gap="md">
        <RelationNameFields form={form} inputProps={inputProps} />
        <RelationContactFields inputProps={inputProps} />
        <RelationSourceFields form={form} inputProps={inputProps} />
        <Group justify="flex-end">
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
