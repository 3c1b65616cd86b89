import { Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CreateByNameModal } from '../../../ui/form/create-by-name.modal';
import type { FormModalProps } from '../../../ui/form/form-modal';
import { required } from '../../../ui/form/validators';
import { type SubscriptionType, useCreateSubscriptionType } from '../queries';

interface CreateSubscriptionTypeModalProps extends FormModalProps {
  onCreated: (type: SubscriptionType) => void;
}

export function CreateSubscriptionTypeModal({
  opened,
  onClose,
  onCreated,
}: CreateSubscriptionTypeModalProps) {
  const { t } = useTranslation();
  return (
    <CreateByNameModal
      opened={opened}
      onClose={onClose}
      title={t('subscriptions.newType')}
      nameLabel={t('common.name')}
      initialValues={{ name: '', description: '' }}
      validate={(v) => ({ name: required(v.name) })}
      useCreate={useCreateSubscriptionType}
      toRequest={(v) => ({ name: v.name.trim(), description: v.description.trim() })}
      createdMessage={(type) => t('subscriptions.typeCreated', { name: type.name })}
      onCreated={onCreated}
    >
      {({ inputProps }) => (
        <Textarea label={t('common.description')} autosize minRows={2} {...inputProps('description')} />
      )}
    </CreateByNameModal>
  );
}
