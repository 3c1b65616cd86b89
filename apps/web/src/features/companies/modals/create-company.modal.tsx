import { isModuleTag, MODULE_TAGS } from '@im/domain';
import { Checkbox, Group, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CreateByNameModal } from '../../../ui/form/create-by-name.modal';
import type { FormModalProps } from '../../../ui/form/form-modal';
import { required } from '../../../ui/form/validators';
import { type CompanyDetail, useCreateCompany } from '../queries';

interface CreateCompanyModalProps extends FormModalProps {
  onCreated: (company: CompanyDetail) => void;
}

/** "Nieuw bedrijf": POST /api/company with name, country and the module tags to hand out. */
export function CreateCompanyModal({ opened, onClose, onCreated }: CreateCompanyModalProps) {
  const { t } = useTranslation();
  return (
    <CreateByNameModal
      opened={opened}
      onClose={onClose}
      title={t('companies.newCompany')}
      size="lg"
      nameLabel={t('common.name')}
      initialValues={{ name: '', country: 'Nederland', modules: ['BASIS'] }}
      validate={(v) => ({ name: required(v.name), country: required(v.country) })}
      useCreate={useCreateCompany}
      toRequest={(v) => ({
        name: v.name.trim(),
        country: v.country.trim(),
        modules: v.modules.filter(isModuleTag),
      })}
      createdMessage={(company) => t('companies.createdToast', { name: company.name })}
      onCreated={onCreated}
    >
      {({ inputProps, form }) => (
        <>
          <TextInput label={t('common.country')} required {...inputProps('country')} />
          <Checkbox.Group label={t('companies.modules')} {...form.getInputProps('modules')}>
            <Group gap="lg" mt="xs">
              {MODULE_TAGS.map((tag) => (
                <Checkbox key={tag} value={tag} label={tag} />
              ))}
            </Group>
          </Checkbox.Group>
        </>
      )}
    </CreateByNameModal>
  );
}
