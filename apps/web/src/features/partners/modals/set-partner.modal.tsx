import { PARTNER_TEXTS } from '@im/domain';
import { Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormActions } from '../../../ui/form/form-actions';
import { FormError } from '../../../ui/form/form-error';
import { FormModal, type FormModalProps } from '../../../ui/form/form-modal';
import { toast } from '../../../ui/toasts';
import { usePartnerNames, useSetPartner } from '../queries';

type Props = FormModalProps & { owner: 'relation' | 'organization'; id: number; name: string };

/** 'Add flows to partner' (spec 001 section 2): every flow of the relation or organization gets the partner. */
export function SetPartnerModal({ owner, id, name, opened, onClose }: Props) {
  const { t } = useTranslation();
  return (
    <FormModal opened={opened} onClose={onClose} title={t('partners.setPartner')}>
      <SetPartnerForm owner={owner} id={id} name={name} onDone={onClose} />
    </FormModal>
  );
}

function SetPartnerForm({
  owner,
  id,
  name,
  onDone,
}: Omit<Props, 'opened' | 'onClose'> & { onDone: () => void }) {
  const { t } = useTranslation();
  const partners = usePartnerNames();
  const set = useSetPartner(owner, id);
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  // Spec 001 section 9: the list starts with 'geen' (null id): unlinking the flows.
  const data = [
    { value: '', label: PARTNER_TEXTS.none },
    ...(partners.data ?? []).map((p) => ({ value: String(p.id), label: p.name })),
  ];
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        set.mutate(value ? Number(value) : null, {
          onSuccess: (answer) => {
            toast.success(t('partners.partnerLinked', { count: answer.flows }));
            onDone();
          },
          onError: (e) => setError(e.message),
        });
      }}
    >
      <FormError message={error} />
      <Stack gap="sm">
        <Text size="sm">{t('partners.setPartnerHint', { name })}</Text>
        <Select
          label={t('partners.overviewTitle')}
          data={data}
          value={value}
          onChange={(v) => setValue(v ?? '')}
          allowDeselect={false}
          searchable
          data-autofocus
        />
        <FormActions onCancel={onDone} isPending={set.isPending} mt="sm" />
      </Stack>
    </form>
  );
}
