import type { FlowDataItem, FlowDataLocation, FormValue, VerticalDataField } from '@im/domain';
import { ActionIcon, Button, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconMapPin, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AutosaveStatus } from '../../../ui/autosave/autosave-status';
import { useAutosave } from '../../../ui/autosave/use-autosave';
import { confirm } from '../../../ui/confirm-dialog';
import { toast } from '../../../ui/toasts';
import { useSession } from '../../auth';
import { saveLocationData, useLocationAction, useRefreshForms } from '../queries';

/**
 * A form whose fields allow locations keeps named locations (the garage, the attic), each with its own
 * values of those fields (spec 002 section 7: addLocation, removeLocation, updateLocationData).
 */
export function FormLocations({ item, fields }: { item: FlowDataItem; fields: VerticalDataField[] }) {
  const { t } = useTranslation();
  const locationFields = fields.filter((f) => f.allow_locations && f.field_type !== 'photo');
  const action = useLocationAction(item.id);
  const [name, setName] = useState('');
  if (locationFields.length === 0) return null;
  const fail = (error: Error) => toast.error(error.message);
  const onAdd = () =>
    action.mutate({ action: 'addlocation', body: { name } }, { onSuccess: () => setName(''), onError: fail });
  return (
    <Stack gap="xs" mt="md">
      <Title order={3} size="h5">
        {t('forms.locations')}
      </Title>
      {item.locations.map((location) => (
        <Card key={location.id} withBorder padding="sm" component="section" aria-label={location.name}>
          <Group justify="space-between" wrap="nowrap" mb={4}>
            <Group gap={6} wrap="nowrap">
              <IconMapPin size={16} aria-hidden />
              <Text fw={600} size="sm">
                {location.name}
              </Text>
            </Group>
            <ActionIcon
              variant="subtle"
              color="red"
              size="lg"
              aria-label={`${t('forms.removeLocation')}: ${location.name}`}
              onClick={async () => {
                if (
                  await confirm({
                    title: t('forms.removeLocation'),
                    message: t('forms.confirmRemoveLocation'),
                    isDanger: true,
                  })
                )
                  action.mutate(
                    { action: 'removelocation', body: { location_id: location.id } },
                    { onError: fail },
                  );
              }}
            >
              <IconTrash size={16} />
            </ActionIcon>
          </Group>
          <LocationValues itemId={item.id} location={location} fields={locationFields} />
        </Card>
      ))}
      <Group gap="xs" align="flex-end" wrap="wrap">
        <TextInput
          label={t('forms.locationName')}
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          style={{ flex: '1 1 200px', maxWidth: 320 }}
        />
        <Button
          variant="light"
          leftSection={<IconPlus size={16} />}
          disabled={!name.trim()}
          loading={action.isPending}
          onClick={onAdd}
        >
          {t('forms.addLocation')}
        </Button>
      </Group>
    </Stack>
  );
}

/** One location's values: saved by themselves while typing, and at once on leaving a field. */
function LocationValues({
  itemId,
  location,
  fields,
}: {
  itemId: number;
  location: FlowDataLocation;
  fields: VerticalDataField[];
}) {
  const session = useSession();
  const refresh = useRefreshForms();
  const autosave = useAutosave<Record<string, FormValue>, FlowDataItem>({
    key: `flowdataitem:${itemId}:location:${location.id}:user:${session.currentuser_id}`,
    save: (values, options) => saveLocationData(itemId, location.id, values, options),
    onSaved: refresh,
  });
  const [values, setValues] = useState<Record<string, FormValue>>(() => ({
    ...location.values,
    ...(autosave.unsaved() as Record<string, FormValue> | null),
  }));
  return (
    <Stack gap={6}>
      <AutosaveStatus status={autosave.status} onRetry={() => void autosave.retry()} />
      {fields.map((f) => (
        <TextInput
          key={`${location.id}-${f.id}`}
          label={f.field_label}
          value={
            values[f.field_name] === null || values[f.field_name] === undefined
              ? ''
              : String(values[f.field_name])
          }
          onChange={(e) => {
            const value = e.currentTarget.value;
            setValues((current) => ({ ...current, [f.field_name]: value }));
            autosave.change({ [f.field_name]: value });
          }}
          onBlur={() => void autosave.flush()}
        />
      ))}
    </Stack>
  );
}
