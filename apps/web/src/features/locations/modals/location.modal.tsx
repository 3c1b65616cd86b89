import { DEFAULT_COUNTRY } from '@im/domain';
import { ActionIcon, Button, Group, Modal, Select, Stack, TextInput, Tooltip } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconSettings } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { FormError } from '../../../ui/form/form-error';
import { useAppForm } from '../../../ui/form/use-app-form';
import { AddressFields } from '../components/address-fields';
import { useLocationTypes, useSaveLocation } from '../queries';
import type { Location, LocationOwner } from '../types';
import { LocationTypesModal } from './location-types.modal';

type Values = {
  description: string;
  location_type_id: string;
  address: string;
  number: string;
  number_addition: string;
  postcode: string;
  city: string;
  country: string;
};

interface LocationModalProps {
  opened: boolean;
  onClose: () => void;
  owner: LocationOwner;
  /** Edit this location; create a new one when absent. */
  location?: Location | null;
}

/** Location create and edit (spec 001 "Location and location type create and edit"). */
export function LocationModal({ opened, onClose, owner, location }: LocationModalProps) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={location ? t('locations.editLocation') : t('locations.newLocation')}
      closeOnClickOutside={false}
      size="lg"
      centered
    >
      {opened && <LocationForm owner={owner} location={location ?? null} onDone={onClose} />}
    </Modal>
  );
}

function LocationForm({
  owner,
  location,
  onDone,
}: {
  owner: LocationOwner;
  location: Location | null;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const save = useSaveLocation(owner);
  const types = useLocationTypes();
  const [isManagingTypes, managingTypes] = useDisclosure(false);
  const { form, inputProps, onSubmit, formError, saveCallbacks } = useAppForm<Values>({
    initialValues: {
      description: location?.description ?? '',
      location_type_id: location?.location_type_id ? String(location.location_type_id) : '',
      address: location?.address ?? '',
      number: location?.number ?? '',
      number_addition: location?.number_addition ?? '',
      postcode: location?.postcode ?? '',
      city: location?.city ?? '',
      country: location?.country || DEFAULT_COUNTRY,
    },
    validate: () => ({}),
  });

  const submit = onSubmit((v) =>
    save.mutate(
      { ...v, id: location?.id, location_type_id: v.location_type_id ? Number(v.location_type_id) : null },
      saveCallbacks(t('locations.saved'), onDone),
    ),
  );

  return (
    <>
      <form noValidate onSubmit={submit}>
        <FormError message={formError} />
        <Stack gap="sm">
          <TextInput label={t('common.description')} data-autofocus {...inputProps('description')} />
          <Group gap="xs" align="flex-end" wrap="nowrap">
            <Select
              label={t('locations.type')}
              placeholder={t('locations.noType')}
              data={(types.data ?? []).map((type) => ({ value: String(type.id), label: type.label }))}
              clearable
              style={{ flex: 1 }}
              {...inputProps('location_type_id')}
            />
            <Tooltip label={t('locations.manageTypes')}>
              <ActionIcon
                variant="default"
                size="lg"
                aria-label={t('locations.manageTypes')}
                onClick={managingTypes.open}
              >
                <IconSettings size={18} />
              </ActionIcon>
            </Tooltip>
          </Group>
          <AddressFields inputProps={inputProps} values={form.values} onFill={form.setValues} />
          <TextInput label={t('common.country')} autoComplete="country-name" {...inputProps('country')} />
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={onDone}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {t('common.save')}
            </Button>
          </Group>
        </Stack>
      </form>
      <LocationTypesModal opened={isManagingTypes} onClose={managingTypes.close} />
    </>
  );
}
